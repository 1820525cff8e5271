"""Scan at account scale, measured (issue: throttle-aware speed).

Runs moto's server behind bench/loopback_proxy.py, which adds a round-trip delay
to every request (moto on 2 cores answers in ~1 ms of CPU and would hide whether a
client overlaps its calls). The proxy records moto's answers on a warm-up scan and
replays them on the timed one, so the figures measure the client, not moto.

    python bench/scale.py mixed   -n 100   --rtt 0.100   # 301 resources vs a serial scanner
    python bench/scale.py mixed   -n 3334  --rtt 0.050 --recording /tmp/rec10k.json
                                                         # 10,003 resources; the recording
                                                         # spares moto's setup next time
    python bench/scale.py offline -n 100000              # diff + report from a snapshot
    python bench/scale.py types   -k 6     --rtt 0.100   # every type, ~1,000 resources, next
                                                         # to terraform's refresh (alltypes.py)

Prints wall time and client CPU (best and median of --repeat scans: the machine may be
shared), API calls against the floor per type, and for `mixed` the speedup over a serial
scanner making the same calls (calls x measured per-call cost).
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import boto3

from driftctl import settings
from driftctl.aws.canonical import Declared
from driftctl.aws.scanner import GLOBAL, LiveState
from driftctl.core.model import KINDS, Resource, SourceRef
from driftctl.demo import emulator
from driftctl.engine import pipeline
from driftctl.engine.scopes import LiveRun
from driftctl.report import jsonout
from driftctl.resources.docs import api
from driftctl.resources.registry import SCANS
from driftctl.rules import policy as rules

REGION = "us-east-1"
PROXY = Path(__file__).resolve().parent / "loopback_proxy.py"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from scan import create, stack  # noqa: E402, I001 - the stack of bench/scan.py


# a bucket's detail calls: its tags and each of its settings
S3_DETAILS = tuple(api("s3", d.operation) for d in SCANS["s3_buckets"].details)


def floor(n: int) -> dict[str, int]:
    """The fewest calls AWS allows for n buckets, n groups (one VPC) and n roles."""
    vpcs = 2  # the default VPC (no attribute calls) and the bench VPC (two)
    return {
        "s3:ListBuckets": math.ceil(n / 10000),
        **{f"s3:{op}": n for op in S3_DETAILS},
        "ec2:DescribeVpcs": math.ceil(vpcs / 1000),
        "ec2:DescribeVpcAttribute": 2,
        "ec2:DescribeSubnets": 1,
        "ec2:DescribeSecurityGroups": math.ceil((n + vpcs) / 1000),
        "iam:GetAccountAuthorizationDetails": math.ceil(n / 1000),
        "iam:ListRoles": math.ceil(n / 1000),
        "sts:GetCallerIdentity": 1,
    }


def serial_cost(endpoint: str, samples: int = 20) -> float:
    """Seconds per call of a serial client through the same proxy (the same kinds of calls)."""
    s3 = boto3.client("s3", region_name=REGION, endpoint_url=endpoint)
    ec2 = boto3.client("ec2", region_name=REGION, endpoint_url=endpoint)
    # calls the scan makes (so a saved recording answers them too)
    calls = [
        lambda: s3.get_bucket_versioning(Bucket="bench-00000"),
        lambda: ec2.describe_vpcs(MaxResults=1000),
    ]
    for call in calls:
        call()  # warm the connection and the replay cache
    started = time.perf_counter()
    for i in range(samples):
        calls[i % len(calls)]()
    return (time.perf_counter() - started) / samples


class Url(str):
    """A helper process's URL, and the process's id (to read its CPU time)."""

    pid: int


def process_cpu(pid: int) -> float:
    """CPU seconds (user and system) a running process has used so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def process(*argv: str) -> Iterator[Url]:
    """A helper process that prints its URL on its first line; stopped on exit (stdin
    closed first, so the proxy can save its recording)."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdin is not None
    try:
        url = Url(proc.stdout.readline().strip())
        url.pid = proc.pid
        yield url
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


MOTO = (
    "import sys; from driftctl.demo import emulator\n"
    "with emulator.moto_server() as url:\n    print(url, flush=True); sys.stdin.read()"
)
DEAD = "http://127.0.0.1:9"  # upstream when every answer comes from a saved recording


def cpu_seconds() -> float:
    """CPU of this process and of its finished children (a sharded scan's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@contextmanager
def upstream(n: int, recording: Path | None) -> Iterator[str]:
    """moto with the stack created in it, or nothing when a saved recording answers all."""
    if recording is not None and recording.exists():
        print(f"setup: answers replayed from {recording} (no moto)")
        yield DEAD
        return
    with process(sys.executable, "-c", MOTO) as moto:
        t0 = time.monotonic()
        create(moto, n)
        print(f"setup: {3 * n + 1} resources created in moto in {time.monotonic() - t0:.0f}s")
        yield moto


def spread(values: list[float]) -> str:
    return f"best {min(values):.2f}  median {statistics.median(values):.2f}"


class Phases:
    """Client CPU of a scan's phases, in order: the session (credentials check, clients),
    the list calls, the detail calls (a sharded scan's processes included), the rest
    (resources built, the plan). Wraps the scanner's own functions: bench code only."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = {}

    @contextmanager
    def watch(self) -> Iterator[None]:
        from driftctl.aws import scanner

        patched = [
            (pipeline, "connect", "session"),
            (scanner.Scanner, "_run_lists", "lists"),
            (scanner.Scanner, "_run_details", "details"),
        ]
        saved = [getattr(owner, name) for owner, name, _ in patched]
        for (owner, name, label), original in zip(patched, saved, strict=True):
            setattr(owner, name, self._timed(label, original))
        try:
            yield
        finally:
            for (owner, name, _), original in zip(patched, saved, strict=True):
                setattr(owner, name, original)

    def _timed(self, label: str, fn: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = cpu_seconds()
            try:
                return fn(*args, **kwargs)
            finally:
                self.cpu[label] = self.cpu.get(label, 0.0) + cpu_seconds() - start

        return timed


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def mixed(
    n: int, rtt: float, repeat: int, recording: Path | None, processes: int | None = None
) -> int:
    loads = [load()]
    # moto and the proxy run in processes of their own: the timed client shares no GIL
    with emulator.fake_credentials(), upstream(n, recording) as moto:
        proxy_cmd = [sys.executable, str(PROXY), moto, "--delay", str(rtt), "--replay"]
        replayed = recording is not None and recording.exists()
        if recording is not None:
            proxy_cmd += ["--load", str(recording)] if replayed else []
            proxy_cmd += ["--save", str(recording)]
        with tempfile.TemporaryDirectory() as tmp, process(*proxy_cmd) as proxy:
            stack(Path(tmp), n)
            conf = settings.build(
                settings.Options(
                    sources=[f"hcl://{tmp}"],
                    regions=[REGION],
                    endpoint_url=proxy,
                    processes=processes,
                )
            )
            declared = pipeline.load_declared(conf)
            if not replayed:
                pipeline.load_live(conf, declared=declared)  # warm-up: records the answers
            walls, cpus, proxied, phases = [], [], [], Phases()
            for _ in range(repeat):
                phases.cpu.clear()
                wall0, cpu0, proxy0 = time.perf_counter(), cpu_seconds(), process_cpu(proxy.pid)
                with phases.watch():
                    run = pipeline.load_live(conf, declared=declared)  # as `driftctl scan` does
                walls.append(time.perf_counter() - wall0)
                cpus.append(cpu_seconds() - cpu0)
                proxied.append(process_cpu(proxy.pid) - proxy0)
                print(
                    f"  scan: wall {walls[-1]:.2f}s  client CPU {cpus[-1]:.2f}s  "
                    f"proxy CPU {proxied[-1]:.2f}s",
                    flush=True,
                )
                loads.append(load())
            report = pipeline.scan_report(declared, run)
            per_call = serial_cost(proxy)
    assert run.counter is not None
    calls = dict(run.counter.calls)
    total = sum(calls.values())
    resources = sum(len(s.resources) for s in run.states.values())
    print(f"\n== mixed stack, N = {n} ({3 * n + 1} resources), RTT {rtt * 1000:.0f} ms ==")
    print(f"live resources scanned   {resources}")
    print(f"scan wall (s)            {spread(walls)}  over {repeat} runs")
    print(f"client CPU (s)           {spread(cpus)}")
    print(f"client CPU per call (ms) {spread([c * 1000 / total for c in cpus])}")
    print(f"proxy CPU per call (ms)  {spread([c * 1000 / total for c in proxied])}  (AWS's side)")
    rest = cpus[-1] - sum(phases.cpu.values())
    split = "  ".join(f"{k} {v:.2f}s" for k, v in [*phases.cpu.items(), ("rest", rest)])
    print(f"client CPU by phase      {split}  (last run)")
    print(f"processes                {run.processes}  load average {' '.join(loads)}")
    print(f"rate-limit waits (last)  {run.limiter_wait:.2f}s")
    print(f"API calls                {total}  retries {run.counter.retries}")
    want = floor(n)
    for op in sorted(set(calls) | set(want)):
        print(f"  {op:40s} {calls.get(op, 0):6d}   floor {want.get(op, 0):6d}")
    ratio = total / sum(want.values())
    print(f"calls / floor            {ratio:.3f}")
    serial = total * per_call
    print(f"serial scanner estimate  {total} calls x {per_call * 1000:.1f} ms = {serial:.1f}s")
    print(f"speedup                  {spread([serial / w for w in walls])}  (x over serial)")
    print(
        f"in short: {total} calls, wall {statistics.median(walls):.2f}s, client CPU "
        f"{statistics.median(cpus) * 1000 / total:.2f} ms a call, "
        f"{statistics.median([serial / w for w in walls]):.0f}x over serial (medians)"
    )
    drift = {k: report.summary[k] for k in KINDS}
    print(f"drift on the clean stack {drift}  errors {len(report.errors)}")
    return 0 if not any(drift.values()) and not report.errors and ratio <= 1.05 else 1


def offline(n: int) -> int:
    """n live resources (a third each: buckets, groups, roles) and a matching declared state,
    with 1% of them drifted; times match + diff + report from memory, as --live does."""
    live, declared = [], []
    for i in range(n):
        kind = i % 3
        if kind == 0:
            name = f"bucket-{i:06d}"
            attrs = {"bucket": name, "arn": f"arn:aws:s3:::{name}", "tags": {"n": str(i)}}
            live.append(Resource("aws_s3_bucket", name, None, attrs, region="us-east-1"))
            want = {"bucket": name, "tags": {"n": str(i if i % 100 else -1)}}
            declared.append(
                Resource(
                    "aws_s3_bucket", name, f'aws_s3_bucket.b["{i}"]', want, SourceRef("main.tf", 1)
                )
            )
        elif kind == 1:
            rule = {
                "protocol": "tcp",
                "from_port": 443,
                "to_port": 443,
                "cidr_blocks": ["10.0.0.0/8"],
            }
            attrs = {
                "name": f"g{i}",
                "vpc_id": "vpc-1",
                "description": "d",
                "tags": {},
                "ingress": [rule],
                "egress": [],
            }
            live.append(Resource("aws_security_group", f"sg-{i:08x}", None, attrs, region=REGION))
            want = {k: v for k, v in attrs.items() if k != "egress"}
            declared.append(
                Resource(
                    "aws_security_group",
                    None,
                    f"aws_security_group.g[{i}]",
                    want,
                    SourceRef("main.tf", 9),
                )
            )
        else:
            attrs = {"name": f"r{i}", "path": "/", "tags": {}, "arn": f"arn:aws:iam::1:role/r{i}"}
            live.append(Resource("aws_iam_role", f"r{i}", None, attrs))
            declared.append(
                Resource(
                    "aws_iam_role",
                    f"r{i}",
                    f"aws_iam_role.r[{i}]",
                    {"name": f"r{i}", "path": "/", "tags": {}},
                    SourceRef("main.tf", 20),
                )
            )
    with tempfile.TemporaryDirectory() as tmp:
        snapshot_path = Path(tmp) / "live.json"
        state = LiveState(live, [], set(), "123456789012")
        from driftctl.aws import snapshot

        snapshot.save(
            LiveRun(
                {"123456789012": state},
                [("123456789012", REGION), ("123456789012", GLOBAL)],
                REGION,
            ),
            snapshot_path,
        )
        del live, state
        policy = rules.load_policy((), None, True)  # driftctl's shipped default rules
        t0 = time.perf_counter()
        run = snapshot.load(snapshot_path)
        t1 = time.perf_counter()
        report = rules.apply(policy, pipeline.scan_report(Declared(declared), run))
        text = jsonout.render(report)
        t2 = time.perf_counter()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\n== offline: {n} live and {len(declared)} declared resources ==")
    print(f"load snapshot            {t1 - t0:.2f}s")
    size = len(text) / 1e6
    drifts = len(report.drifts)
    print(f"match + diff + rules + report {t2 - t1:.2f}s  ({drifts} drifts, {size:.1f} MB JSON)")
    print(f"total (target < 5 s)     {t2 - t0:.2f}s")
    print(f"peak RSS (target < 1 GiB) {rss:.0f} MiB")
    return 0 if t2 - t0 < 5 and rss < 1024 else 1


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("mode", choices=["mixed", "offline", "types"])
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("-k", type=int, default=6, help="types: copies of every tests/tf stack")
    parser.add_argument("--group", action="append", default=[], help="types: only these stacks")
    parser.add_argument("--rtt", type=float, default=0.100, help="seconds added per round trip")
    parser.add_argument("--repeat", type=int, default=3, help="timed scans (best and median)")
    parser.add_argument(
        "--processes", type=int, help="mixed: the scan's --processes (default: driftctl's own)"
    )
    parser.add_argument(
        "--recording",
        type=Path,
        help="file of recorded answers: written on the first run, replayed (without moto) after",
    )
    args = parser.parse_args()
    urllib.request.getproxies = dict  # type: ignore[assignment]  # loopback only
    if args.mode == "mixed":
        return mixed(args.n, args.rtt, args.repeat, args.recording, args.processes)
    if args.mode == "types":
        import alltypes

        return alltypes.run(args.k, args.rtt, args.repeat, args.group)
    return offline(args.n)


if __name__ == "__main__":
    sys.exit(main())
