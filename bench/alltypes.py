"""Every type at account scale: API calls against the floor, and Terraform's refresh beside it.

`python bench/scale.py types` runs this. Each stack of tests/tf (one per group of types:
together every type driftctl compares that Terraform can create on moto) becomes a module,
instantiated -k times with a per-copy prefix on its physical names, and the whole is
applied with real `terraform apply` to moto's server. Then, through
bench/loopback_proxy.py (which adds --rtt to every round trip and replays recorded
answers, so moto's own CPU is not measured):

- `terraform plan -refresh-only` and `driftctl scan`, each a whole process as a user runs
  it, a warm-up run (records the answers) and --repeat timed runs;
- one scan in this process, whose API calls are counted per operation and set against
  the floor: the list calls at the largest page AWS allows (ceil(items / page size),
  once per shared call) plus the detail calls AWS forces per listed item (the
  `DetailCall`s of each type, as docs/resource-types.md lists them), plus STS's one.

    python bench/scale.py types -k 6 --rtt 0.100      # ~1,000 resources
    python bench/scale.py types -k 1 --rtt 0.020      # a quick look
"""

from __future__ import annotations

import math
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from driftctl import settings  # noqa: E402
from driftctl.aws import scanner as scanning  # noqa: E402
from driftctl.base.spec import ListCall, listed  # noqa: E402
from driftctl.core.model import KINDS  # noqa: E402
from driftctl.engine import pipeline  # noqa: E402
from tests.tf import group as groups  # noqa: E402
from tests.tf import harness  # noqa: E402

# attributes whose values are physical names (they must differ between copies)
NAME_KEY = re.compile(
    r"^\s*(\w*name|bucket|identifier|cluster_id|creation_token|repository|comment|origin_id|"
    r'name_prefix|bucket_prefix)\s*=\s*"([^"$]*)"',
    re.M | re.I,
)
SEGMENT = re.compile(r"^/?(?:alias/)?([a-z][a-z0-9]{1,7})[-/._][a-z0-9]")
NOT_NAMES = {"com", "aws", "arn", "amazon"}  # com.amazonaws.us-east-1.s3 is a service name
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
INTERPOLATION = re.compile(r"(\$\{[^}]*\})")
# an identity provider's URL is unique in the account: each copy gets a host of its own
PROVIDER_URL = re.compile(r'^(\s*url\s*=\s*"https://)', re.M)
# a block's header: its labels (`resource "aws_lb" "db"`) are addresses, not names
BLOCK_LABELS = re.compile(r'^\s*(?:resource|data|module|variable|output|provider)\s+"')


def name_prefixes(texts: list[str]) -> set[str]:
    """The leading words the group's physical names share (`tfm` of `tfm-orders`)."""
    seen: Counter[str] = Counter()
    for text in texts:
        for _, value in NAME_KEY.findall(text):
            found = SEGMENT.match(value)
            if found:
                seen[found.group(1)] += 1
    return {word for word, count in seen.items() if count >= 2 and word not in NOT_NAMES}


def with_prefix(text: str, words: set[str]) -> str:
    """`text` with `${var.p}` before each of `words` that starts a name in a string."""
    if not words:
        return text
    word = re.compile(r"(?<![A-Za-z0-9_$])(" + "|".join(sorted(words)) + r')(?=[-/._ ][a-z0-9]|")')

    def prefixed(found: re.Match[str]) -> str:
        # a reference inside the string (`${aws_s3_bucket.store.bucket}`) is not a name
        parts = INTERPOLATION.split(found[0])
        return "".join(
            part if i % 2 else word.sub(r"${var.p}\1", part) for i, part in enumerate(parts)
        )

    return "".join(
        line if BLOCK_LABELS.match(line) else STRING.sub(prefixed, line)
        for line in text.splitlines(keepends=True)
    )


# a resource an account or a region holds one of (an organization, the password policy,
# a GuardDuty detector, a Config recorder): its group is called once, not k times
SINGLETON = re.compile(
    r'^resource "(aws_organizations_organization|aws_iam_account_password_policy|'
    r'aws_guardduty_detector|aws_config_configuration_recorder)"',
    re.M,
)


def copies(chosen: list[groups.Group], k: int) -> dict[str, str]:
    """The stack: each group's files as modules/<group>/, called k times (once where the
    group declares an account's singleton)."""
    files: dict[str, str] = {}
    calls = []
    for group in chosen:
        texts = group.files()
        words = name_prefixes(list(texts.values()))
        for name, text in texts.items():
            text = PROVIDER_URL.sub(r"\1${var.p}.", with_prefix(text, words))
            files[f"modules/{group.name}/{name}"] = text
        files[f"modules/{group.name}/copy.tf"] = 'variable "p" {\n  type = string\n}\n'
        n = 1 if any(SINGLETON.search(text) for text in texts.values()) else k
        calls.append(
            f'module "{group.name}" {{\n  source = "./modules/{group.name}"\n'
            f'  count  = {n}\n  p      = "k${{count.index}}"\n}}\n'
        )
    files["main.tf"] = "\n".join(calls)
    return files


# ---------------------------------------------------------------- the floor


class Floor:
    """Records what one scan listed, to count the fewest calls AWS allows for it."""

    def __init__(self) -> None:
        self.lists: dict[tuple[Any, ...], tuple[ListCall, int, int]] = {}
        self.details: Counter[str] = Counter()

    def pages(self, key: tuple[Any, ...], call: ListCall, pages: list[dict[str, Any]]) -> None:
        # every id listed (a `whole_pages` listing makes one item of a page's ids)
        found = sum(
            len(p.get(call.result_key) or ()) if call.whole_pages else len(listed(call, p))
            for p in pages
        )
        self.lists[key] = (call, found, len(pages))

    def calls(self) -> Counter[str]:
        from driftctl.resources.docs import api

        floor: Counter[str] = Counter({"sts:GetCallerIdentity": 1})
        for (service, _region, _op, _params), (call, items, pages) in self.lists.items():
            if not call.paginated:
                need = 1
            elif call.page_size:
                need = max(1, math.ceil(items / call.page_size))
            else:  # AWS sets the page size: the pages it gave are the floor
                need = pages
            floor[f"{service}:{api(service, call.operation)}"] += need
        floor.update(self.details)
        return floor


def _calls(detail: Any, item: Any, answer: Future[Any] | None) -> int:
    """The calls one item's detail call makes at least: one, one per batch (`params`
    giving a list), and for a paged one every page it read."""
    params = detail.params(item)
    if not detail.paged:
        return len(params) if isinstance(params, list) else 1
    found = answer.result() if answer is not None and answer.exception() is None else None
    answers = (found or []) if isinstance(params, list) else [found]
    return sum(max(1, len(pages or ())) for pages in answers)


@contextmanager
def recording(floor: Floor) -> Iterator[None]:
    """Scanner hooks that tell `floor` what was listed and which details each item needs."""
    from driftctl.resources.docs import api

    list_pages = scanning.Scanner.list_pages
    run_details = scanning.Scanner._run_details

    def pages(self: Any, unit: Any, call: ListCall) -> list[dict[str, Any]]:
        found = list_pages(self, unit, call)
        floor.pages(scanning._list_key(unit, call), call, found)
        return found

    def details(self: Any, pool: Any, items: dict[Any, list[Any]]) -> Any:
        futures: dict[tuple[Any, int, str], Future[Any]] = run_details(self, pool, items)
        for unit, unit_items in items.items():
            for detail in unit.spec.details:
                name = f"{unit.spec.service}:{api(unit.spec.service, detail.operation)}"
                for index, item in enumerate(unit_items):
                    given = item
                    if detail.needs is not None:
                        first = futures.get((unit, index, detail.needs))
                        if first is None or first.exception() or first.result() is None:
                            continue
                        given = {**item, detail.needs: first.result()}
                    if detail.when is None or detail.when(given):
                        answer = futures.get((unit, index, detail.key))
                        floor.details[name] += _calls(detail, given, answer)
        return futures

    scanning.Scanner.list_pages = pages  # type: ignore[method-assign]
    scanning.Scanner._run_details = details  # type: ignore[method-assign]
    try:
        yield
    finally:
        scanning.Scanner.list_pages = list_pages  # type: ignore[method-assign]
        scanning.Scanner._run_details = run_details  # type: ignore[method-assign]


# ---------------------------------------------------------------- the run


def spread(values: list[float]) -> str:
    return f"best {min(values):6.2f}s  median {statistics.median(values):6.2f}s"


def run(k: int, rtt: float, repeat: int, names: list[str]) -> int:
    try:
        return _run(k, rtt, repeat, names)
    except harness.HarnessError as exc:  # the SDK sent a create twice: once more, afresh
        if not isinstance(exc, harness.DuplicateCreate):
            raise
        print(f"apply met a create sent twice, applying again on a fresh server: {exc}"[:300])
        return _run(k, rtt, repeat, names)


def _run(k: int, rtt: float, repeat: int, names: list[str]) -> int:
    from scale import PROXY, process  # bench/scale.py, which calls this

    reason = harness.absent()
    if reason:
        print(f"skipped: {reason}")
        return 0
    chosen = [g for g in groups.groups() if not names or g.name in names]
    managed = any(g.managed_policies for g in chosen)
    with tempfile.TemporaryDirectory() as tmp:
        tf = harness.Terraform(Path(tmp) / "home")
        tf.init()
        with harness.moto_server(managed_policies=managed) as moto:
            stack = tf.stack(Path(tmp) / "stack", moto, copies(chosen, k))
            t0 = time.monotonic()
            stack.apply()
            applied = time.monotonic() - t0
            stack.baseline()
            state = harness.instances(stack.state())
            types = Counter(harness.resource_type(a) for a in state)
            ids = Counter((harness.resource_type(a), str(v.get("id"))) for a, v in state.items())
            shared = sorted(f"{t} {i}" for (t, i), n in ids.items() if n > 1)
            print(f"setup: {len(state)} resources of {len(types)} types from {len(chosen)}")
            print(f"       groups x {k} copies, applied in {applied:.0f}s")
            if shared:
                print(f"       warning: {len(shared)} ids shared by copies: {shared[:5]}")
            # the state names each resource's id, as a Terraform user's scan would have it:
            # k copies of a stack hold resources that no attribute tells apart (a private
            # zone's name), which HCL alone is an ambiguous match for
            with_state = ("--from", f"tfstate://{stack.dir / 'terraform.tfstate'}")
            clean = stack.driftctl_report(*with_state)
            proxy_cmd = [sys.executable, str(PROXY), moto, "--delay", str(rtt), "--replay"]
            with process(*proxy_cmd) as proxy:
                (stack.dir / "provider.tf").write_text(harness.provider_block(proxy))
                refresh = ["plan", "-refresh-only", "-input=false", "-lock=false"]
                stack.terraform(*refresh)  # warm-up: records the answers
                tf_walls = []
                for _ in range(repeat):
                    started = time.perf_counter()
                    stack.terraform(*refresh)
                    tf_walls.append(time.perf_counter() - started)
            with process(*proxy_cmd) as proxy:
                through = harness.Stack(tf, stack.dir, proxy)
                through.driftctl_report(*with_state)  # warm-up
                dc_walls = []
                for _ in range(repeat):
                    started = time.perf_counter()
                    report = through.driftctl_report(*with_state)
                    dc_walls.append(time.perf_counter() - started)
                floor = Floor()
                with harness_env(tf), recording(floor):
                    conf = settings.build(
                        settings.Options(
                            sources=[f"hcl://{stack.dir}", with_state[1]],
                            regions=[harness.REGION],
                            endpoint_url=proxy,
                        )
                    )
                    live = pipeline.load_live(conf)
    assert live.counter is not None
    calls = Counter(live.counter.calls)
    want = floor.calls()
    total, least = sum(calls.values()), sum(want.values())
    head = f"{len(state)} resources, {len(types)} types, RTT {rtt * 1000:.0f} ms"
    print(f"\n== every type: {head} ==")
    print(f"terraform plan -refresh-only  {spread(tf_walls)}  over {repeat} runs")
    print(f"driftctl scan                 {spread(dc_walls)}")
    ratio = [t / d for t, d in zip(sorted(tf_walls), sorted(dc_walls), strict=True)]
    best, median = ratio[0], statistics.median(ratio)
    print(f"driftctl is {best:.1f}x faster (best vs best), {median:.1f}x (median)")
    print(f"API calls {total}  floor {least}  retries {live.counter.retries}")
    for op in sorted(set(calls) | set(want)):
        mark = "" if calls.get(op, 0) == want.get(op, 0) else "   <-"
        print(f"  {op:52s} {calls.get(op, 0):6d}   floor {want.get(op, 0):6d}{mark}")
    print(f"calls / floor                 {total / least:.3f}")
    for label, doc in (("clean stack", clean), ("timed scan", report)):
        drift = {kind: doc["summary"][kind] for kind in KINDS}
        print(f"drift on the {label:12s} {drift}")
        for d in doc["drifts"][:10]:
            paths = [c["path"] for c in d.get("changes") or []]
            print(f"    {d['kind']:9s} {d.get('address') or (d.get('type'), d.get('id'))} {paths}")
    return 0 if total / least <= 1.05 else 1


@contextmanager
def harness_env(tf: harness.Terraform) -> Iterator[None]:
    """This process's environment as the harness gives driftctl (moto's credentials)."""
    import os

    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(tf.env())
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
