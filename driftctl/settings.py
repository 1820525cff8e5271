"""One settings object: flags and environment resolved once, then passed down.

`Options` holds what a user gives (the flags of scan, revert, pr, render, eval and
determinism, and the Python API's keyword arguments), unparsed; `build(options)` checks
and resolves it, with the environment, into `Settings`. The commands and driftctl.api
each make one Options and call build: no flag list is parsed in two places
(tests/commands/test_options.py).
"""

from __future__ import annotations

import dataclasses
import datetime
import glob
import math
import os
import re
import urllib.parse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from driftctl.declared.hcl.lang.limits import Limits, parse_limits
from driftctl.engine.selection import Selection as Selection
from driftctl.engine.selection import parse_selection
from driftctl.errors import DriftctlError

SCHEMES = (
    "hcl",
    "tfstate",
    "tfstate+s3",
    "tfstate+http",
    "tfstate+https",
    "tfstate+tfcloud",
    "kustomize",
    "yaml",
)
# Terraform state backends snyk's driftctl read that driftctl does not: a clear error
UNSUPPORTED_SCHEMES = {
    "tfstate+gs": "Google Cloud Storage",
    "tfstate+azurerm": "Azure Blob Storage",
}
OUTPUT_SCHEMES = ("console", "json", "markdown", "sarif", "html", "plan", "snyk-json")
# an output target naming standard output: `-`, and snyk's `stdout` and `/dev/stdout`
STDOUT_TARGETS = ("-", "stdout", "/dev/stdout")
# where a comma inside one --from or -o value starts the next one (snyk's `-o a,b`)
_NEXT_ITEM = re.compile(r",(?=[a-z][a-z0-9+-]*://)")


@dataclasses.dataclass(frozen=True)
class Source:
    scheme: str
    path: Path
    # the state's URL (tfstate+http(s)), verbatim: a Path would fold its `//`
    url: str | None = None
    # the region a backend block names for its bucket (tfstate+s3 found in a backend block)
    region: str | None = None
    # where this source was found, when driftctl found it (a backend block: `main.tf:3`)
    origin: str | None = None


@dataclasses.dataclass(frozen=True)
class Output:
    scheme: str
    target: str  # a path, "-" for stdout, or "" for the console


@dataclasses.dataclass(frozen=True)
class Settings:
    sources: tuple[Source, ...] = ()
    outputs: tuple[Output, ...] = (Output("console", ""),)
    profile: str | None = None
    regions: tuple[str, ...] = ()
    endpoint_url: str | None = None
    live_file: Path | None = None
    save_live: Path | None = None
    var_files: tuple[Path, ...] = ()
    variables: tuple[tuple[str, str], ...] = ()
    # --var-file and --var in command-line order: ("file", Path) / ("var", (name, value));
    # later ones win, as in Terraform
    var_inputs: tuple[tuple[str, Any], ...] = ()
    scale: Scale = dataclasses.field(default_factory=lambda: Scale())
    rules: RuleSettings = dataclasses.field(default_factory=lambda: RuleSettings())
    # Terraform's environment: TF_VAR_<name> and TF_WORKSPACE, sorted by name
    tf_env_vars: tuple[tuple[str, str], ...] = ()
    # where parsed HCL files are cached by content hash; None: no cache (--no-cache)
    hcl_cache_dir: Path | None = None
    # whether whole evaluations are cached there too (resultcache.py); the determinism
    # check turns it off (DRIFTCTL_HCL_RESULT_CACHE=0) so that every run evaluates
    hcl_result_cache: bool = True
    # how many elements and how long one evaluation of a configuration may take
    # (--max-eval-items, --eval-timeout)
    eval_limits: Limits = dataclasses.field(default_factory=lambda: Limits())
    # options of the Kustomize and CloudFormation loaders
    formats: FormatSettings = dataclasses.field(default_factory=lambda: FormatSettings())
    # how remote Terraform states are read (HTTP headers, Terraform Cloud, backend blocks)
    state: StateAccess = dataclasses.field(default_factory=lambda: StateAccess())
    # which resources and drifts a report holds (--filter, --only-*, --strict)
    selection: Selection = dataclasses.field(default_factory=lambda: Selection())
    quiet: bool = False  # --quiet: nothing on stderr but errors
    # --deep-unmanaged (or --strict): the detail calls of resources nothing declares are made
    # too; otherwise skipped where they cannot change the report (engine/needs.py)
    deep_unmanaged: bool = False
    # a scan comparing less than this share of the declared resources fails (exit 2)
    min_compared: float | None = None
    # a boto3.Session given through the Python API (driftctl.api): used instead of one made
    # from --profile; its clients are made when a scan runs (inside moto's mock_aws too)
    session: Any = dataclasses.field(default=None, compare=False, repr=False)
    # --attribute, --cloudtrail, --attribute-window, --iac-principal (docs/attribution.md)
    attribution: Attribution = dataclasses.field(default_factory=lambda: Attribution())


TFC_ENDPOINT = "https://app.terraform.io/api/v2"

ATTRIBUTION_SOURCES = ("lookup", "s3://BUCKET[/PREFIX]")
MAX_WINDOW_DAYS = 90  # what CloudTrail's LookupEvents keeps
ATTRIBUTE_NOW_ENV = "DRIFTCTL_ATTRIBUTE_NOW"


@dataclasses.dataclass(frozen=True)
class Attribution:
    """Whether and how each drift is attributed to the CloudTrail event behind it."""

    enabled: bool = False  # --attribute (or --cloudtrail): off, no CloudTrail call is made
    source: str = "lookup"  # --cloudtrail SOURCE
    window_days: int = 7  # --attribute-window: how far back events are looked for
    iac_principals: tuple[str, ...] = ()  # --iac-principal globs on a principal ARN
    # the scan's clock, pinned (DRIFTCTL_ATTRIBUTE_NOW, the API's attribute_now): the end
    # of the window and what an unmanaged resource's age is counted to; None: the time now
    now: datetime.datetime | None = None


def parse_attribution(
    attribute: bool = False,
    cloudtrail: str | None = None,
    window: str | None = None,
    iac_principals: Sequence[str] | None = None,
    now: datetime.datetime | str | None = None,
) -> Attribution:
    """The attribution settings; --cloudtrail implies --attribute."""
    enabled = attribute or cloudtrail is not None
    source = cloudtrail or "lookup"
    if source.startswith("s3://") and not source[5:].split("/", 1)[0]:
        raise DriftctlError(f"--cloudtrail {source}: no bucket", "e.g. s3://my-trail-bucket/prefix")
    if source != "lookup" and not source.startswith("s3://"):
        hint = f"use one of: {', '.join(ATTRIBUTION_SOURCES)}"
        raise DriftctlError(f"--cloudtrail {source}: unknown source", hint)
    days = _window_days(window) if window is not None else 7
    if now is None:
        now = os.environ.get(ATTRIBUTE_NOW_ENV) or None
    return Attribution(enabled, source, days, tuple(iac_principals or ()), _moment(now))


def _window_days(text: str) -> int:
    raw = text.strip().lower()
    number, unit = (raw[:-1], raw[-1]) if raw[-1:] in ("d", "h") else (raw, "d")
    if not number.isdigit() or int(number) == 0:
        raise DriftctlError(f"--attribute-window {text}: expected a number of days, e.g. 7d or 30d")
    days = int(number) if unit == "d" else -(-int(number) // 24)
    if days > MAX_WINDOW_DAYS:
        raise DriftctlError(
            f"--attribute-window {text}: CloudTrail keeps {MAX_WINDOW_DAYS} days of events",
            f"use at most {MAX_WINDOW_DAYS}d",
        )
    return days


def _moment(value: datetime.datetime | str | None) -> datetime.datetime | None:
    if value is None or isinstance(value, datetime.datetime):
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=datetime.timezone.utc)
        return value
    try:
        moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise DriftctlError(
            f"{ATTRIBUTE_NOW_ENV}={value}: expected an ISO 8601 time",
            "e.g. 2026-11-28T12:00:00Z",
        ) from None
    return _moment(moment)


@dataclasses.dataclass(frozen=True)
class StateAccess:
    """How Terraform states that are not local files are found and read."""

    headers: tuple[tuple[str, str], ...] = ()  # -H: sent with tfstate+http(s) requests
    tfc_token: str | None = None  # --tfc-token: Terraform Cloud / Enterprise API token
    tfc_endpoint: str = TFC_ENDPOINT  # --tfc-endpoint
    backend_config: tuple[str, ...] = ()  # --backend-config FILE or KEY=VALUE (partial config)
    # read the state an hcl:// source's `backend` block names (off for render, determinism)
    detect_backend: bool = True


def parse_headers(values: Sequence[str] | None) -> tuple[tuple[str, str], ...]:
    """-H NAME=VALUE (repeatable; `A=1,B=2` in one value, as snyk's driftctl takes them)."""
    pairs = []
    for value in values or ():
        for item in re.split(r",(?=[^,=]+=)", value):
            name, sep, content = item.partition("=")
            if not sep or not name.strip():
                raise DriftctlError(
                    f"-H {name.strip() or item[:20]}: expected NAME=VALUE",
                    "e.g. -H 'Authorization=Bearer TOKEN'",
                )
            pairs.append((name.strip(), content))
    return tuple(pairs)


def parse_state_access(
    headers: Sequence[str] | None = None,
    tfc_token: str | None = None,
    tfc_endpoint: str | None = None,
    backend_config: Sequence[str] | None = None,
    detect_backend: bool = True,
) -> StateAccess:
    endpoint = (tfc_endpoint or TFC_ENDPOINT).rstrip("/")
    if not endpoint.startswith(("https://", "http://")):
        raise DriftctlError(
            f"--tfc-endpoint {tfc_endpoint}: expected an http(s) URL",
            f"the default is {TFC_ENDPOINT}",
        )
    for item in backend_config or ():
        if "=" not in item and not Path(item).is_file():
            raise DriftctlError(
                f"--backend-config {item}: no such file",
                "pass a file of backend settings, or KEY=VALUE, as terraform init takes them",
            )
    return StateAccess(
        parse_headers(headers),
        tfc_token or None,
        endpoint,
        tuple(backend_config or ()),
        detect_backend,
    )


@dataclasses.dataclass(frozen=True)
class Scale:
    """Where and how hard to scan: regions, accounts, rate limits, sharding."""

    all_regions: bool = False
    max_rps: float | None = None
    accounts: tuple[str, ...] = ()
    organization: bool = False
    account_role: str | None = None  # 'arn:aws:iam::{account}:role/NAME'
    shard: tuple[int, int] = (1, 1)  # (I, N): this run scans the I-th of N parts
    max_attempts: int = 8  # per API call, retries included, before its scope fails
    # processes a scan's detail calls are spread over; None: every core from 6,000 calls
    processes: int | None = None
    # seconds an AWS call waits for an answer (DRIFTCTL_AWS_READ_TIMEOUT; botocore's 60)
    read_timeout: float = 60.0


def parse_shard(text: str | None) -> tuple[int, int]:
    if not text:
        return (1, 1)
    index, sep, total = text.partition("/")
    if not (sep and index.isdigit() and total.isdigit() and 1 <= int(index) <= int(total)):
        raise DriftctlError(f"--shard {text}: expected I/N with 1 <= I <= N, e.g. 2/4")
    return (int(index), int(total))


def parse_scale(
    all_regions: bool = False,
    max_rps: float | None = None,
    accounts: Sequence[str] | None = None,
    organization: bool = False,
    account_role: str | None = None,
    shard: str | None = None,
    max_attempts: int = 8,
    processes: int | None = None,
) -> Scale:
    ids = tuple(
        sorted({a.strip() for item in accounts or () for a in item.split(",") if a.strip()})
    )
    for account in ids:
        if not (account.isdigit() and len(account) == 12):
            raise DriftctlError(f"--accounts: {account} is not a 12-digit AWS account id")
    if (ids or organization) and not account_role:
        raise DriftctlError(
            "--accounts/--organization need --account-role",
            "e.g. --account-role 'arn:aws:iam::{account}:role/driftctl-read'",
        )
    if account_role and "{account}" not in account_role:
        raise DriftctlError(f"--account-role {account_role}: must contain {{account}}")
    if max_rps is not None and not (math.isfinite(max_rps) and max_rps > 0):
        raise DriftctlError(
            f"--max-rps {max_rps}: must be a positive number of requests per second",
            "e.g. --max-rps 10; leave it out for no cap",
        )
    if max_attempts < 1:
        raise DriftctlError(f"--max-attempts {max_attempts}: must be at least 1")
    if processes is not None and processes < 1:
        raise DriftctlError(f"--processes {processes}: must be at least 1")
    return Scale(
        all_regions,
        max_rps,
        ids,
        organization,
        account_role,
        parse_shard(shard),
        max_attempts,
        processes,
    )


def split_items(values: Sequence[str] | None) -> list[str]:
    """Each value, split where a comma starts the next `scheme://` (snyk's `-o a,b`)."""
    return [item for value in values or () for item in _NEXT_ITEM.split(value) if item]


def parse_sources(texts: Sequence[str] | None) -> tuple[Source, ...]:
    """Every --from, in order; a tfstate:// directory or glob is one source per state file."""
    return tuple(s for text in split_items(texts or ["."]) for s in expand(parse_source(text)))


def parse_source(text: str) -> Source:
    """hcl://DIR, tfstate://FILE|DIR|GLOB, tfstate+s3://BUCKET/KEY, tfstate+http(s)://URL,
    tfstate+tfcloud://WORKSPACE, kustomize://DIR|FILE|-, yaml://FILE, or a bare path whose
    format is told by its content. A tfstate:// directory or glob is left for expand()."""
    from driftctl.declared.detect import detect

    scheme, sep, rest = text.partition("://")
    if sep and scheme in SCHEMES and "+" not in scheme and rest not in ("", "-"):
        _check_readable(text, Path(rest))
    if not sep:
        if text == "-":
            return Source("kustomize", Path("-"))
        _check_readable(text, Path(text))
        found = detect(Path(text))
        if found is not None:
            return Source(*found)
        if not Path(text).exists():
            raise DriftctlError(f"--from {text}: no such file or directory")
        raise DriftctlError(
            f"--from {text}: cannot tell the format (no *.tf files, kustomization.yaml, "
            "CloudFormation template, driftctl YAML or Terraform state here)",
            "name it explicitly, e.g. --from hcl://DIR or --from yaml://FILE",
        )
    if scheme in UNSUPPORTED_SCHEMES:
        raise DriftctlError(
            f"--from {text}: Terraform state in {UNSUPPORTED_SCHEMES[scheme]} ({scheme}://) "
            "is not supported",
            "pull it first (terraform state pull > current.tfstate) and pass "
            "--from tfstate://current.tfstate",
        )
    if scheme not in SCHEMES:
        raise DriftctlError(
            f"--from {text}: unknown source scheme {scheme}://", f"use one of {', '.join(SCHEMES)}"
        )
    if scheme == "tfstate+s3":
        if "/" not in rest.strip("/"):
            raise DriftctlError(f"--from {text}: expected tfstate+s3://BUCKET/KEY")
        return Source(scheme, Path(rest))
    if scheme in ("tfstate+http", "tfstate+https"):
        if not rest.split("/", 1)[0]:
            raise DriftctlError(f"--from {text}: expected {scheme}://HOST/PATH")
        return Source(scheme, Path(rest), url=f"{scheme.removeprefix('tfstate+')}://{rest}")
    if scheme == "tfstate+tfcloud":
        parts = rest.strip("/").split("/")
        if not (len(parts) == 1 and parts[0].startswith("ws-")) and not (
            len(parts) == 2 and all(parts)
        ):
            raise DriftctlError(
                f"--from {text}: expected a workspace id or ORGANIZATION/WORKSPACE",
                "e.g. --from tfstate+tfcloud://ws-aBcD1234 or tfstate+tfcloud://acme/prod",
            )
        return Source(scheme, Path(rest.strip("/")))
    if scheme == "kustomize" and rest == "-":
        return Source(scheme, Path("-"))
    path = Path(rest or ".")
    if scheme == "tfstate":
        if not path.exists() and not glob.has_magic(rest):
            raise DriftctlError(f"--from {text}: no such file or directory")
        return Source(scheme, path)
    wants_dir = scheme == "hcl"
    if wants_dir and not path.is_dir():
        raise DriftctlError(f"--from {text}: {path} is not a directory")
    if scheme == "yaml" and not path.is_file():
        raise DriftctlError(f"--from {text}: {path} is not a file")
    if scheme == "kustomize" and not path.exists():
        raise DriftctlError(f"--from {text}: no such file or directory")
    return Source(scheme, path)


def _check_readable(text: str, path: Path) -> None:
    """A source that exists but cannot be read (a directory without read or search
    permission, a file without read permission) is named here, not half-read later."""
    try:
        if path.is_dir():
            os.listdir(path)
        elif path.exists():
            with open(path, "rb"):
                pass
    except OSError as exc:
        raise DriftctlError(
            f"--from {text}: cannot read {path}: {exc.strerror or exc}",
            "check its permissions",
        ) from None


def expand(source: Source) -> list[Source]:
    """A tfstate:// directory (every `**/*.tfstate` below it, as snyk's driftctl reads one)
    or glob (`states/*.tfstate`, `**` for any depth) as one source per state file, sorted.
    Terraform's own `.terraform/` directories (backend metadata, not state) are skipped."""
    if source.scheme != "tfstate" or source.path.is_file():
        return [source]
    text = source.path.as_posix()
    pattern = f"{text}/**/*.tfstate" if source.path.is_dir() else text
    found = sorted(
        Path(p)
        for p in glob.glob(pattern, recursive=True)
        if Path(p).is_file() and ".terraform" not in Path(p).parts
    )
    if not found:
        raise DriftctlError(
            f"--from tfstate://{text}: no Terraform state found"
            + (" (no *.tfstate file below it)" if source.path.is_dir() else ""),
            "pass a state file, a directory holding *.tfstate files, or a glob",
        )
    return [Source("tfstate", p) for p in found]


@dataclasses.dataclass(frozen=True)
class FormatSettings:
    """Options of the Kustomize and CloudFormation loaders."""

    kustomize_bin: str | None = None  # --kustomize-bin: kustomize, or kubectl (kustomize)
    parameters: tuple[tuple[str, str], ...] = ()  # --parameter K=V, in the order given
    parameters_file: Path | None = None  # --parameters-file: JSON
    stack_name: str | None = None  # --stack-name: AWS::StackName, and stack-tag matching
    allow_remote_bases: bool = False  # --allow-remote-bases: kustomize may fetch them


def parse_formats(
    kustomize_bin: str | None = None,
    parameters: Sequence[str] | None = None,
    parameters_file: Path | None = None,
    stack_name: str | None = None,
    allow_remote_bases: bool = False,
) -> FormatSettings:
    pairs = []
    for item in parameters or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise DriftctlError(f"--parameter {item}: expected KEY=VALUE")
        pairs.append((key, value))
    if parameters_file is not None and not parameters_file.is_file():
        raise DriftctlError(f"--parameters-file {parameters_file}: no such file")
    return FormatSettings(
        kustomize_bin or None,
        tuple(pairs),
        parameters_file,
        stack_name or None,
        allow_remote_bases,
    )


def parse_outputs(texts: Sequence[str] | None) -> tuple[Output, ...]:
    return tuple(parse_output(o) for o in split_items(texts or ["console://"]))


def parse_output(text: str) -> Output:
    scheme, sep, rest = text.partition("://")
    if not sep or scheme not in OUTPUT_SCHEMES:
        raise DriftctlError(
            f"-o {text}: unknown output",
            "use console://, json://PATH, markdown://PATH, sarif://PATH, html://PATH, "
            "plan://PATH or snyk-json://PATH (PATH - or stdout is standard output)",
        )
    if scheme != "console" and not rest:
        raise DriftctlError(
            f"-o {text}: {scheme}:// needs a path", f"use {scheme}://FILE or {scheme}://-"
        )
    return Output(scheme, "-" if rest in STDOUT_TARGETS else rest)


def var_inputs(
    var_files: Sequence[Path] | None,
    variables: Sequence[str] | None,
    order: Sequence[str] | None = None,
) -> tuple[tuple[str, Any], ...]:
    """--var-file and --var merged in the order they were given: `order` lists "file" and
    "var" as the command line had them (Options.var_order, from commands/surface.var_order).
    Without it (the Python API, values from the environment), or when it does not count
    them all, files come first, then vars."""
    files, pairs = list(var_files or ()), [parse_var(v) for v in variables or ()]
    kinds = list(order) if order is not None else None
    if kinds is None or kinds.count("file") != len(files) or kinds.count("var") != len(pairs):
        kinds = ["file"] * len(files) + ["var"] * len(pairs)
    file_items, var_items = iter(files), iter(pairs)
    return tuple(
        ("file", next(file_items)) if kind == "file" else ("var", next(var_items)) for kind in kinds
    )


def parse_var(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise DriftctlError(f"--var {text}: expected NAME=VALUE")
    return name, value


def _env_region() -> tuple[str, ...]:
    region = os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION")
    return (region,) if region else ()


@dataclasses.dataclass(frozen=True)
class RuleSettings:
    """Which rule files decide each drift's action (docs/rules.md)."""

    paths: tuple[Path, ...] = ()  # --rules: files or directories, in order
    driftignore: Path | None = None  # --driftignore, or ./.driftignore when present
    defaults: bool = True  # the shipped default rules, after the user's
    # --ignore: .driftignore lines given on the command line, read instead of the file
    ignore_text: str | None = None


def parse_rules(
    paths: Sequence[Path] | None,
    driftignore: Path | None,
    no_default_rules: bool = False,
    ignore_text: str | None = None,
) -> RuleSettings:
    if driftignore is not None and not driftignore.is_file():
        raise DriftctlError(f"--driftignore {driftignore}: no such file")
    found = Path(".driftignore")
    return RuleSettings(
        tuple(paths or ()),
        driftignore if driftignore is not None else (found if found.is_file() else None),
        not no_default_rules,
        ignore_text,
    )


def parse_endpoint(url: str | None, where: str = "--endpoint-url") -> str | None:
    """An http(s) URL with a host, or None; anything else is an error naming where it came
    from (botocore would fail later with `ValueError: Invalid endpoint`)."""
    if not url:
        return None
    parts = urllib.parse.urlsplit(url)
    try:
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        parts = parts._replace(netloc="")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise DriftctlError(
            f"{where} {url}: not an http:// or https:// URL with a host",
            "e.g. --endpoint-url http://127.0.0.1:5000",
        )
    return url


def _check_live(live_file: Path | None, scale: Scale) -> None:
    """--live reads a saved snapshot: the options that choose what to scan cannot apply."""
    if live_file is None:
        return
    given = [
        ("--accounts", bool(scale.accounts)),
        ("--organization", scale.organization),
        ("--account-role", bool(scale.account_role)),
        ("--shard", scale.shard != (1, 1)),
        ("--all-regions", scale.all_regions),
    ]
    for flag, used in given:
        if used:
            raise DriftctlError(
                f"{flag} cannot be used with --live: a saved snapshot is read whole, "
                "and it already says which accounts and regions were scanned",
                f"drop {flag}, or scan AWS without --live",
            )


@dataclasses.dataclass(frozen=True)
class Options:
    """What a user gives, unparsed: one field per flag of scan, revert, pr, render, eval and
    determinism (a command leaves the fields it has no flag for at their defaults), and the
    Python API's keyword arguments. build() turns it into Settings; the comments name the
    part of Settings each group of fields becomes. Sequences are kept as tuples."""

    # --from: () is the current directory (no --from given), None nothing declared
    sources: Sequence[str] | None = ()
    outputs: Sequence[str] = ()  # -o; () is console://
    profile: str | None = None  # else AWS_PROFILE
    regions: Sequence[str] = ()  # --region; () is AWS_REGION / AWS_DEFAULT_REGION
    endpoint_url: str | None = None  # else AWS_ENDPOINT_URL
    live_file: Path | None = None  # --live
    save_live: Path | None = None  # --save-live
    var_files: Sequence[Path] = ()  # --var-file
    variables: Sequence[str] = ()  # --var NAME=VALUE
    # "file" and "var" in the order --var-file and --var were given (commands/surface.py
    # reads it from the command line); None: the files first, then the vars
    var_order: Sequence[str] | None = None
    # Scale
    all_regions: bool = False
    max_rps: float | None = None
    accounts: Sequence[str] = ()  # each item may hold several, comma-separated
    organization: bool = False
    account_role: str | None = None
    shard: str | None = None  # I/N
    max_attempts: int = 8
    processes: int | None = None
    # RuleSettings
    rules: Sequence[Path] = ()  # --rules
    driftignore: Path | None = None
    no_default_rules: bool = False
    ignore: Sequence[
        str
    ] = ()  # --ignore .driftignore lines (each may hold several, comma-separated)
    # the parse cache and evaluation limits
    no_cache: bool = False
    config_dir: Path | None = None  # --config-dir: the parse cache under DIR/.driftctl/hcl
    max_eval_items: int | None = None
    eval_timeout: float | None = None
    # FormatSettings
    kustomize_bin: str | None = None
    parameters: Sequence[str] = ()  # --parameter KEY=VALUE
    parameters_file: Path | None = None
    stack_name: str | None = None
    allow_remote_bases: bool = False
    # StateAccess
    headers: Sequence[str] = ()  # -H NAME=VALUE
    tfc_token: str | None = None
    tfc_endpoint: str | None = None
    backend_config: Sequence[str] = ()
    detect_backend: bool = True  # off for render (offline: no backend block's state)
    # Selection
    filter: str | None = None
    only_managed: bool = False
    only_unmanaged: bool = False
    strict: bool = False
    deep_unmanaged: bool = False  # --deep-unmanaged
    types: Sequence[str] | None = None  # the Python API's types; None: every type
    quiet: bool = False
    min_compared: str | None = None  # --min-compared 0.9 or 90%
    # Attribution (docs/attribution.md)
    attribute: bool = False
    cloudtrail: str | None = None  # implies attribute
    attribute_window: str | None = None  # 7d, at most 90d
    iac_principals: Sequence[str] = ()  # --iac-principal globs
    attribute_now: Any = None  # the clock age is counted against (a datetime or ISO text)
    # a boto3.Session (the Python API), used instead of one made from profile
    session: Any = dataclasses.field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if isinstance(value, list):
                object.__setattr__(self, field.name, tuple(value))


def build(options: Options) -> Settings:
    """The settings options give, each flag checked as the command line names it (the
    first problem raises DriftctlError), with the environment read once."""
    scale = scale_of(options)
    rules = rule_settings(options)
    eval_limits = parse_limits(options.max_eval_items, options.eval_timeout)
    formats = parse_formats(
        options.kustomize_bin,
        options.parameters,
        options.parameters_file,
        options.stack_name,
        options.allow_remote_bases,
    )
    state = parse_state_access(
        options.headers,
        options.tfc_token,
        options.tfc_endpoint,
        options.backend_config,
        options.detect_backend,
    )
    selection = parse_selection(
        options.filter, options.only_managed, options.only_unmanaged, options.strict, options.types
    )
    _check_live(options.live_file, scale)
    checked_regions = parse_regions(options.regions)  # a typo is named before any source is read
    return Settings(
        sources=parse_sources(options.sources) if options.sources is not None else (),
        outputs=parse_outputs(options.outputs),
        profile=options.profile or os.environ.get("AWS_PROFILE") or None,
        regions=checked_regions,
        endpoint_url=_endpoint(options.endpoint_url),
        live_file=options.live_file,
        save_live=options.save_live,
        var_files=tuple(options.var_files),
        variables=tuple(parse_var(v) for v in options.variables),
        var_inputs=var_inputs(options.var_files, options.variables, options.var_order),
        scale=_with_read_timeout(scale),
        rules=rules,
        tf_env_vars=_tf_env(),
        hcl_cache_dir=None if options.no_cache else _hcl_cache_dir(options.config_dir),
        hcl_result_cache=os.environ.get(RESULT_CACHE_ENV, "1") != "0",
        eval_limits=eval_limits,
        formats=formats,
        state=state,
        selection=selection,
        quiet=options.quiet,
        deep_unmanaged=options.deep_unmanaged or options.strict,
        min_compared=parse_share(options.min_compared)
        if options.min_compared is not None
        else None,
        session=options.session,
        attribution=parse_attribution(
            options.attribute,
            options.cloudtrail,
            options.attribute_window,
            options.iac_principals,
            options.attribute_now,
        ),
    )


def scale_of(options: Options) -> Scale:
    return parse_scale(
        options.all_regions,
        options.max_rps,
        options.accounts,
        options.organization,
        options.account_role,
        options.shard,
        options.max_attempts,
        options.processes,
    )


def rule_settings(options: Options) -> RuleSettings:
    """The rule files options name (the only part of them driftctl.api.load_rules reads)."""
    return parse_rules(
        options.rules,
        options.driftignore,
        options.no_default_rules,
        ignore_lines(options.ignore),
    )


def ignore_lines(patterns: Sequence[str] | None) -> str | None:
    """--ignore patterns as the text of a .driftignore (snyk: `--ignore '*,!aws_s3*'`)."""
    if not patterns:
        return None
    lines = [item for value in patterns for item in value.split(",") if item]
    return "".join(f"{line}\n" for line in lines)


def parse_share(text: str) -> float:
    """`0.9` or `90%` -> 0.9; anything else is an error naming --min-compared."""
    raw = text.strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise DriftctlError(
            f"--min-compared {text!r}: expected a share between 0 and 1, or a percentage",
            "e.g. --min-compared 0.9 or --min-compared 90%",
        )
    return value


def build_aws_only(options: Options) -> Settings:
    """Settings for a command that talks to AWS but reads no declared source (revert --undo,
    driftctl.api.read_live): only options' profile, regions, endpoint and scale are read."""
    scale = scale_of(options)
    return Settings(
        profile=options.profile or os.environ.get("AWS_PROFILE") or None,
        regions=parse_regions(options.regions),
        endpoint_url=_endpoint(options.endpoint_url),
        scale=_with_read_timeout(scale),
        quiet=options.quiet,
        session=options.session,
    )


def _endpoint(flag: str | None) -> str | None:
    if flag:
        return parse_endpoint(flag)
    return parse_endpoint(os.environ.get("AWS_ENDPOINT_URL"), "AWS_ENDPOINT_URL")


def parse_regions(regions: Sequence[str] | None) -> tuple[str, ...]:
    """--region values (or AWS_REGION / AWS_DEFAULT_REGION), each checked: a typo is a clear
    error here, not a network error from an endpoint that does not exist."""
    given = tuple(regions or ())
    for region in given:
        check_region(region, f"--region {region}")
    if given:
        return given
    found = _env_region()
    for region in found:
        name = "AWS_REGION" if os.environ.get("AWS_REGION") else "AWS_DEFAULT_REGION"
        check_region(region, f"{name}={region}")
    return found


def check_region(region: str, where: str) -> None:
    """A region AWS has (aws/regions.py), else a DriftctlError naming `where`."""
    from driftctl.aws.regions import check_region as check

    check(region, where)


READ_TIMEOUT_ENV = "DRIFTCTL_AWS_READ_TIMEOUT"


def _with_read_timeout(scale: Scale) -> Scale:
    """The scale with DRIFTCTL_AWS_READ_TIMEOUT (seconds), when it is set."""
    text = os.environ.get(READ_TIMEOUT_ENV)
    if not text:
        return scale
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise DriftctlError(
            f"{READ_TIMEOUT_ENV}={text}: expected a positive number of seconds", "e.g. 30"
        )
    return dataclasses.replace(scale, read_timeout=seconds)


def _tf_env() -> tuple[tuple[str, str], ...]:
    """TF_VAR_* and TF_WORKSPACE, which Terraform reads (lower precedence than tfvars)."""
    names = [k for k in os.environ if k.startswith("TF_VAR_") or k == "TF_WORKSPACE"]
    return tuple((k, os.environ[k]) for k in sorted(names))


RESULT_CACHE_ENV = "DRIFTCTL_HCL_RESULT_CACHE"


def _hcl_cache_dir(config_dir: Path | None = None) -> Path:
    """$XDG_CACHE_HOME/driftctl/hcl; under --config-dir DIR: DIR/.driftctl/hcl."""
    if config_dir is not None:
        return config_dir / ".driftctl" / "hcl"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "driftctl" / "hcl"
