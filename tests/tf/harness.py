"""Real Terraform against moto's server, and driftctl on the same stack.

Terraform is the oracle: a stack written in HCL is applied with `terraform apply` (every
service endpoint the AWS provider knows points at a moto server on 127.0.0.1), refreshed
once as the baseline (the provider fills computed values on its first refresh), changed
out of band with boto3, and then both tools say what drifted, in one shape:
`[Drift(address, sorted changed attribute paths)]`, paths in driftctl's syntax
(`tags.Owner`, `ingress[1].cidr_blocks`).

Used by tests/tf (pytest fixtures in its conftest; tests/tf/group.py runs a stack of
tests/tf/stacks) and bench/recall.py; nothing here imports pytest. The comparison itself
(paths, configured attributes, disagreements) is in tests/tf/compare.py.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.tf import motofork
from tests.tf.compare import (
    MISSING,
    Disagreement,
    Drift,
    attribute,
    changed_paths,
    comparable,
    configured,
    disagreements,
    instances,
    key,
    resource_type,
    restorable_attributes,
    split_configured,
)

# the comparison lives in tests/tf/compare.py; tests name these harness.X
__all__ = [
    "MISSING",
    "Disagreement",
    "Drift",
    "attribute",
    "changed_paths",
    "comparable",
    "configured",
    "disagreements",
    "instances",
    "key",
    "resource_type",
    "restorable_attributes",
    "split_configured",
]

TERRAFORM = Path(os.environ.get("DRIFTCTL_TERRAFORM", "/usr/local/bin/terraform"))
PLUGIN_DIR = Path(os.environ.get("DRIFTCTL_TF_PLUGINS", "/opt/tf-plugins"))
PROVIDER_VERSION = "5.100.0"
REGION = "us-east-1"
# every `endpoints` attribute of the provider, from `terraform providers schema -json`
# (scripts/tf_provider_endpoints.py regenerates the list)
ENDPOINTS_FILE = Path(__file__).with_name("provider_endpoints.txt")
DRIFTCTL = shutil.which("driftctl", path=str(Path(sys.executable).parent)) or "driftctl"
CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_REGION": REGION,
    "AWS_DEFAULT_REGION": REGION,
}
GOGC = "400"  # Go's garbage collector for terraform and its provider: see Terraform.env
# "0": each terraform command starts the provider itself (3 or 4 times), as a user's does;
# else one provider process serves every command of a Terraform (see Terraform.serve)
REATTACH_ENV = "DRIFTCTL_TF_REATTACH"
TIMEOUT = 900  # seconds for one terraform command: a loaded 2-core machine is slow


class HarnessError(Exception):
    """A tool failed: the message names the command, its exit code and its last output."""


class DuplicateCreate(HarnessError):
    """`terraform apply` failed because a create found what it creates already there: the
    provider's SDK sent the create twice (seen in full parallel runs, on a busy machine:
    a security group, an ingress rule). The story is worth telling again on a fresh
    server; nothing else is."""


# how services say a create found its resource already there: EC2's InvalidGroup.Duplicate
# and InvalidLaunchTemplateName.AlreadyExistsException, WAFv2's WafV2DuplicateItem, IAM's
# EntityAlreadyExists, Secrets Manager's ResourceExistsException, Lambda's "already exist"
DUPLICATE_MARKS = ("Duplicate", "AlreadyExists", "ResourceExistsException", "already exist")


def sent_twice(failure: str) -> bool:
    """Whether a failed apply's output says a create found its resource already there."""
    return any(mark in failure for mark in DUPLICATE_MARKS)


def absent() -> str | None:
    """Why real Terraform cannot run here (a reason to skip), or None."""
    if not TERRAFORM.is_file():
        return f"terraform is not installed at {TERRAFORM} (set DRIFTCTL_TERRAFORM)"
    provider = PLUGIN_DIR / "registry.terraform.io/hashicorp/aws" / PROVIDER_VERSION
    if not provider.is_dir():
        return f"the hashicorp/aws {PROVIDER_VERSION} provider is not in {PLUGIN_DIR}"
    return None


def endpoint_names() -> list[str]:
    return [n for n in ENDPOINTS_FILE.read_text().split() if n]


def provider_block(endpoint: str, extra: str = "") -> str:
    """A provider that sends every service's calls to `endpoint` and asks AWS nothing else."""
    lines = "\n".join(f'    {name:<36} = "{endpoint}"' for name in endpoint_names())
    return (
        'provider "aws" {\n'
        f'  region                      = "{REGION}"\n'
        "  skip_credentials_validation = true\n"
        "  skip_requesting_account_id  = true\n"
        "  skip_metadata_api_check     = true\n"
        "  s3_use_path_style           = true\n"
        f"{extra}"
        f"  endpoints {{\n{lines}\n  }}\n}}\n"
    )


# ---------------------------------------------------------------- moto's server


_FORKS: dict[bool, motofork.Forks] = {}
_FORKS_LOCK = threading.Lock()


@contextlib.contextmanager
def moto_server(*, managed_policies: bool = False) -> Iterator[str]:
    """moto's server in a process of its own on 127.0.0.1; yields its URL, stops it after.
    The process is forked from one that has served a full scan already (tests/tf/
    motofork.py): a fresh server's first scan costs ~5 s of CPU, most of it once a process.

    `managed_policies`: AWS-managed IAM policies exist (MOTO_IAM_LOAD_MANAGED_POLICIES),
    as a stack that attaches one needs; it makes IAM's first call slower.
    """
    with _FORKS_LOCK:
        forks = _FORKS.get(managed_policies)
        if forks is None:
            env = {**os.environ, **CREDENTIALS}
            env["MOTO_IAM_LOAD_MANAGED_POLICIES"] = "true" if managed_policies else "false"
            root = str(Path(__file__).resolve().parents[2])  # tests.tf.motofork, from any cwd
            env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
            forks = _FORKS[managed_policies] = motofork.Forks(env)
            atexit.register(forks.close)
    with forks.server() as url:
        yield url


# ---------------------------------------------------------------- terraform


@dataclass
class Terraform:
    """One provider installation, initialized once and shared by every stack.

    `terraform init -plugin-dir` runs once, in `home`, with TF_DATA_DIR pointing at
    `home/data` (the provider is symlinked from the plugin dir, not copied). A stack gets
    the lock file copied in and the same TF_DATA_DIR, so it needs no init of its own; a
    stack that calls modules gets an init of its own (modules are installed per stack).
    """

    home: Path
    timings: list[tuple[str, float]] = field(default_factory=list)
    _restorable: dict[str, frozenset[str]] | None = field(default=None, init=False, repr=False)
    _provider: subprocess.Popen[bytes] | None = field(default=None, init=False, repr=False)
    _reattach: str | None = field(default=None, init=False, repr=False)

    def restorable(self) -> dict[str, frozenset[str]]:
        """type -> attributes with a fixed default that apply puts back (see
        `compare.restorable_attributes`), from `terraform providers schema -json`: asked
        once per installation, when first needed."""
        if self._restorable is None:
            cache = self.home / "restorable.json"
            if not cache.is_file():
                schema = json.loads(
                    self.run(["providers", "schema", "-json"], self.home / "template")
                )
                found = restorable_attributes(schema)
                cache.write_text(json.dumps({k: sorted(v) for k, v in found.items()}))
            loaded = json.loads(cache.read_text())
            self._restorable = {k: frozenset(v) for k, v in loaded.items()}
        return self._restorable

    @property
    def data_dir(self) -> Path:
        return self.home / "data"

    @property
    def lock_file(self) -> Path:
        return self.home / "template" / ".terraform.lock.hcl"

    def env(self, data_dir: Path | None = None) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "TF_"))}
        env.update(CREDENTIALS)
        env.update(
            TF_CLI_CONFIG_FILE=str(self.home / "cli.tfrc"),
            TF_DATA_DIR=str(data_dir or self.data_dir),
            TF_IN_AUTOMATION="1",
            TF_INPUT="0",
            CHECKPOINT_DISABLE="1",
            AWS_CONFIG_FILE=os.devnull,
            AWS_SHARED_CREDENTIALS_FILE=os.devnull,
        )
        # each terraform command starts the provider 3 or 4 times (schema, validate, plan,
        # apply), and a start is mostly Go allocating the provider's schema: collecting
        # garbage less often cuts the CPU of a command by about a fifth, for ~150 MB
        # more per provider process (bench/tf_commands.py measures it)
        env.setdefault("GOGC", GOGC)
        if self._reattach:
            env["TF_REATTACH_PROVIDERS"] = self._reattach
        return env

    def serve(self) -> None:
        """Start one provider process that every later command of this Terraform uses.

        Terraform otherwise starts the provider 3 or 4 times a command, each start 2 to 3
        CPU seconds of Go building the provider's schema (bench/tf_commands.py): most of
        a group's CPU. The same provider binary runs in its debug mode (`-debug`: it
        serves until interrupted) and terraform attaches to it through
        TF_REATTACH_PROVIDERS (Terraform's documented mechanism for a provider it does
        not start). Each command configures it afresh (the stack's own provider block),
        and commands run one at a time per Terraform, so no configuration is shared.
        DRIFTCTL_TF_REATTACH=0 leaves every start to terraform. `close()` stops it.
        """
        if self._provider is not None or os.environ.get(REATTACH_ENV, "1") == "0":
            return
        folder = PLUGIN_DIR / "registry.terraform.io/hashicorp/aws" / PROVIDER_VERSION
        binary = next(folder.glob("*/terraform-provider-aws_*"), None)
        if binary is None:
            raise HarnessError(f"no terraform-provider-aws binary under {folder}")
        out = self.home / "provider.out"
        with out.open("wb") as sink:  # the provider's own files: no pipe to fill up
            self._provider = subprocess.Popen(
                [str(binary), "-debug"],
                env=self.env(),
                stdout=sink,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # a Ctrl-C of the test run reaches it through close()
            )
        atexit.register(self.close)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            found = re.search(r"TF_REATTACH_PROVIDERS='([^']+)'", out.read_text())
            if found:
                self._reattach = found.group(1)
                return
            if self._provider.poll() is not None:
                break
            time.sleep(0.05)
        self.close()
        raise HarnessError(f"the provider did not start in debug mode: {out.read_text()[-2000:]}")

    def close(self) -> None:
        """Stop the provider process of `serve()`, if any."""
        proc, self._provider, self._reattach = self._provider, None, None
        if proc is None or proc.poll() is not None:
            return
        proc.send_signal(signal.SIGINT)  # the debug mode's way out
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def init(self) -> None:
        """Install the provider once; raises HarnessError when terraform is broken."""
        template = self.home / "template"
        template.mkdir(parents=True, exist_ok=True)
        (self.home / "cli.tfrc").write_text("disable_checkpoint = true\n")
        (template / "versions.tf").write_text(_versions_tf())
        self.run(["init", f"-plugin-dir={PLUGIN_DIR}"], template)
        self.serve()

    def run(self, argv: list[str], cwd: Path, data_dir: Path | None = None) -> str:
        words = 2 if argv[:1] == ["providers"] else 1  # the (sub)command, then its flags
        started = time.perf_counter()
        proc = subprocess.run(
            [str(TERRAFORM), *argv[:words], "-no-color", *argv[words:]],
            cwd=cwd,
            env=self.env(data_dir),
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        self.timings.append((f"terraform {' '.join(argv[:2])}", time.perf_counter() - started))
        if proc.returncode != 0:
            raise HarnessError(
                f"terraform {' '.join(argv)} failed in {cwd} (exit {proc.returncode}):\n"
                + _errors(proc.stdout, proc.stderr)
            )
        return proc.stdout

    def stack(self, workdir: Path, endpoint: str, files: Mapping[str, str]) -> Stack:
        """A stack in `workdir`: the given .tf files plus provider.tf and versions.tf."""
        workdir.mkdir(parents=True, exist_ok=True)
        (workdir / "versions.tf").write_text(_versions_tf())
        (workdir / "provider.tf").write_text(provider_block(endpoint))
        for name, text in files.items():  # names may hold a directory (modules/x/main.tf)
            (workdir / name).parent.mkdir(parents=True, exist_ok=True)
            (workdir / name).write_text(text)
        shutil.copy(self.lock_file, workdir / ".terraform.lock.hcl")
        stack = Stack(self, workdir, endpoint)
        if any(re.search(r'^\s*module\s+"', t, re.M) for t in files.values()):
            stack.data_dir = workdir.parent / f".{workdir.name}.terraform"
            self.run(["init", f"-plugin-dir={PLUGIN_DIR}"], workdir, stack.data_dir)
        return stack


def _versions_tf() -> str:
    return (
        "terraform {\n  required_providers {\n"
        f'    aws = {{ source = "hashicorp/aws", version = "{PROVIDER_VERSION}" }}\n'
        "  }\n}\n"
    )


def _errors(stdout: str, stderr: str) -> str:
    """The error diagnostics of a -json run, or the tail of its plain output."""
    found = []
    for line in stdout.splitlines():
        if line.startswith("{"):
            with contextlib.suppress(ValueError):
                msg = json.loads(line)
                if msg.get("@level") == "error":
                    diag = msg.get("diagnostic") or {}
                    found.append(f"{diag.get('summary', '')}: {diag.get('detail', '')}".strip())
    if found:
        return "\n".join(found)[-4000:]
    return (stderr.strip() or stdout.strip())[-4000:]


@dataclass
class Stack:
    tf: Terraform
    dir: Path
    endpoint: str
    data_dir: Path | None = None

    def terraform(self, *argv: str) -> str:
        return self.tf.run(list(argv), self.dir, self.data_dir)

    def apply(self) -> None:
        try:
            self.terraform("apply", "-auto-approve", "-input=false", "-parallelism=20")
        except HarnessError as exc:
            if sent_twice(str(exc)):
                raise DuplicateCreate(str(exc)) from exc
            raise

    def baseline(self) -> list[Drift]:
        """`terraform apply -refresh-only`: the first refresh after apply, where the provider
        fills what it reads back. Returns what that refresh changed in the state."""
        before = instances(self.state())  # read first: a refresh that changes nothing
        # writes no state and no backup
        stream = self.terraform("apply", "-refresh-only", "-auto-approve", "-json", "-input=false")
        return _drift(stream, before, instances(self.state()))

    def state(self) -> dict[str, Any]:
        doc: dict[str, Any] = json.loads((self.dir / "terraform.tfstate").read_text())
        return doc

    def resource_ids(self) -> dict[str, str]:
        """address -> provider id of every managed resource in the state."""
        return {addr: str(attrs["id"]) for addr, attrs in instances(self.state()).items()}

    def terraform_drift(self) -> list[Drift]:
        """What `terraform plan -refresh-only -json` says drifted: (address, changed paths).

        The addresses are the plan's resource_drift messages; the paths compare, for each,
        the state before the refresh with the refreshed one, which the saved plan holds
        (`tfstate-prev` and `tfstate`: what terraform's own drift report compares).
        """
        stream = self.terraform("plan", "-refresh-only", "-json", "-input=false", "-out=drift.plan")
        with zipfile.ZipFile(self.dir / "drift.plan") as plan:
            before = instances(json.loads(plan.read("tfstate-prev")))
            after = instances(json.loads(plan.read("tfstate")))
        return _drift(stream, before, after)

    def configured_drift(self) -> tuple[list[Drift], list[Drift]]:
        """`terraform_drift()` split into (drift in attributes that count, the rest): see
        `compare.configured`. The provider schema is asked only when some drift lies
        outside the configured attributes."""
        drift = self.terraform_drift()
        kept, rest = split_configured(drift, configured(self.dir))
        if rest:
            kept, rest = split_configured(drift, configured(self.dir, self.tf.restorable()))
        return kept, rest

    def driftctl_report(self, *extra: str) -> dict[str, Any]:
        argv = [DRIFTCTL, "scan", "--from", f"hcl://{self.dir}", "--region", REGION]
        argv += ["--endpoint-url", self.endpoint, "-o", "json://-", *extra]
        started = time.perf_counter()
        proc = subprocess.run(
            argv, capture_output=True, text=True, env=self.tf.env(), timeout=TIMEOUT, check=False
        )
        self.tf.timings.append(("driftctl scan", time.perf_counter() - started))
        if proc.returncode not in (0, 1):
            raise HarnessError(
                f"driftctl scan failed (exit {proc.returncode}):\n{proc.stderr.strip()[-4000:]}"
            )
        report: dict[str, Any] = json.loads(proc.stdout)
        return report

    def driftctl_drift(self, report: dict[str, Any] | None = None) -> list[Drift]:
        """What `driftctl scan` says drifted in declared resources, in the same shape."""
        return report_drift(report if report is not None else self.driftctl_report())


def _drift(stream: str, before: dict[str, Any], after: dict[str, Any]) -> list[Drift]:
    """The resource_drift messages of a -json run, each with the paths that changed."""
    addresses = {
        msg["change"]["resource"]["addr"]
        for msg in map(json.loads, filter(None, stream.splitlines()))
        if msg.get("type") == "resource_drift"
    }
    return sorted(
        Drift(addr, tuple(changed_paths(before.get(addr), after.get(addr)))) for addr in addresses
    )


def report_drift(report: dict[str, Any]) -> list[Drift]:
    out = []
    for drift in report["drifts"]:
        if drift["kind"] == "unmanaged" or not drift.get("address"):
            continue
        if drift["kind"] == "missing":
            out.append(Drift(drift["address"], (MISSING,)))
        else:
            out.append(Drift(drift["address"], tuple(sorted(c["path"] for c in drift["changes"]))))
    return sorted(out)


# ---------------------------------------------------------------- out-of-band changes


@dataclass(frozen=True)
class Json:
    """A parameter that boto3 takes as a JSON string (a policy document)."""

    value: Any


@dataclass(frozen=True)
class Change:
    """One out-of-band edit as a person makes it in the console: one boto3 call.

    Strings in `params` may name values from Terraform's state: `${self.arn}` (the changed
    resource's own attribute) or `${aws_vpc.main.id}` (another resource's).
    """

    address: str  # the resource the edit changes
    attribute: str  # the path that drifts, in driftctl's syntax (`tags.Owner`)
    service: str  # boto3 client name
    operation: str  # boto3 method name
    params: Mapping[str, Any]
    note: str = ""
    # why terraform cannot see this change against moto (moto does not reflect it): the
    # change is still made; the test that terraform reports it is an expected failure
    # (strict: it says so when moto learns it), and bench/recall.py leaves it out
    moto_gap: str = ""

    def __str__(self) -> str:
        return f"{self.address} {self.attribute} ({self.service}.{self.operation})"


_REF = re.compile(r"\$\{([^}]+)\}")
_STEP = re.compile(r"\.([A-Za-z0-9_]+)|\[(\d+)\]")  # one step into a value: .name or [0]


def resolve(value: Any, state: Mapping[str, Mapping[str, Any]], self_address: str) -> Any:
    """`value` with each `${address.attribute}` replaced from the state; the attribute may
    go on into the value (`${self.records[0]}`, `${self.root_block_device[0].device_name}`)."""

    def lookup(ref: str) -> Any:
        for cut in (m.start() for m in re.finditer(r"\.", ref)):
            address = self_address if ref[:cut] == "self" else ref[:cut]
            steps = list(_STEP.finditer(ref, cut))
            if address in state and "".join(m[0] for m in steps) == ref[cut:]:
                found: Any = state[address]
                for name, index in (m.groups() for m in steps):
                    try:
                        found = found[name] if name else found[int(index)]
                    except (KeyError, IndexError, TypeError):
                        break
                else:
                    return found
        raise HarnessError(f"change of {self_address}: the state has no {ref}")

    if isinstance(value, Json):
        return json.dumps(resolve(value.value, state, self_address))
    if isinstance(value, Mapping):
        return {k: resolve(v, state, self_address) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [resolve(v, state, self_address) for v in value]
    if isinstance(value, str):
        whole = _REF.fullmatch(value)
        if whole:
            return lookup(whole.group(1))
        return _REF.sub(lambda m: str(lookup(m.group(1))), value)
    return value


def apply_changes(stack: Stack, changes: Iterable[Change]) -> None:
    """Make each change with boto3 against the stack's endpoint, in order."""
    import boto3

    session = boto3.session.Session(
        aws_access_key_id=CREDENTIALS["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
        region_name=REGION,
    )
    clients: dict[str, Any] = {}
    client: Any = session.client  # a service named at run time
    state = instances(stack.state())
    for change in changes:
        if change.service not in clients:
            clients[change.service] = client(change.service, endpoint_url=stack.endpoint)
        params = resolve(change.params, state, change.address)
        try:
            getattr(clients[change.service], change.operation)(**params)
        except Exception as exc:  # a change that cannot be made must say which one
            raise HarnessError(f"out-of-band change {change} failed: {exc}") from exc
