"""One settings object: flags and environment resolved once, then passed down."""

from __future__ import annotations

import contextvars
import dataclasses
import os
from pathlib import Path
from typing import Any

from driftctl.errors import DriftctlError

SCHEMES = ("hcl", "tfstate", "tfstate+s3", "kustomize", "yaml")
OUTPUT_SCHEMES = ("console", "json", "markdown", "sarif")


@dataclasses.dataclass(frozen=True)
class Source:
    scheme: str
    path: Path


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
    # options of the Kustomize and CloudFormation loaders
    formats: FormatSettings = dataclasses.field(default_factory=lambda: FormatSettings())


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
    accounts: list[str] | None = None,
    organization: bool = False,
    account_role: str | None = None,
    shard: str | None = None,
    max_attempts: int = 8,
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
    if max_rps is not None and max_rps <= 0:
        raise DriftctlError(f"--max-rps {max_rps}: must be positive")
    if max_attempts < 1:
        raise DriftctlError(f"--max-attempts {max_attempts}: must be at least 1")
    return Scale(
        all_regions, max_rps, ids, organization, account_role, parse_shard(shard), max_attempts
    )


def parse_source(text: str) -> Source:
    """hcl://DIR, tfstate://FILE, tfstate+s3://BUCKET/KEY, kustomize://DIR|FILE|-,
    yaml://FILE, or a bare path whose format is told by its content."""
    from driftctl.declared.detect import detect

    scheme, sep, rest = text.partition("://")
    if not sep:
        if text == "-":
            return Source("kustomize", Path("-"))
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
    if scheme not in SCHEMES:
        raise DriftctlError(
            f"--from {text}: unknown source scheme {scheme}://", f"use one of {', '.join(SCHEMES)}"
        )
    if scheme == "tfstate+s3":
        if "/" not in rest.strip("/"):
            raise DriftctlError(f"--from {text}: expected tfstate+s3://BUCKET/KEY")
        return Source(scheme, Path(rest))
    if scheme == "kustomize" and rest == "-":
        return Source(scheme, Path("-"))
    path = Path(rest or ".")
    if scheme == "tfstate" and path.is_dir():
        path = path / "terraform.tfstate"
    wants_dir = scheme == "hcl"
    if wants_dir and not path.is_dir():
        raise DriftctlError(f"--from {text}: {path} is not a directory")
    if scheme in ("tfstate", "yaml") and not path.is_file():
        raise DriftctlError(f"--from {text}: {path} is not a file")
    if scheme == "kustomize" and not path.exists():
        raise DriftctlError(f"--from {text}: no such file or directory")
    return Source(scheme, path)


@dataclasses.dataclass(frozen=True)
class FormatSettings:
    """Options of the Kustomize and CloudFormation loaders."""

    kustomize_bin: str | None = None  # --kustomize-bin: kustomize, or kubectl (kustomize)
    parameters: tuple[tuple[str, str], ...] = ()  # --parameter K=V, in the order given
    parameters_file: Path | None = None  # --parameters-file: JSON
    stack_name: str | None = None  # --stack-name: AWS::StackName, and stack-tag matching


def parse_formats(
    kustomize_bin: str | None = None,
    parameters: list[str] | None = None,
    parameters_file: Path | None = None,
    stack_name: str | None = None,
) -> FormatSettings:
    pairs = []
    for item in parameters or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise DriftctlError(f"--parameter {item}: expected KEY=VALUE")
        pairs.append((key, value))
    if parameters_file is not None and not parameters_file.is_file():
        raise DriftctlError(f"--parameters-file {parameters_file}: no such file")
    return FormatSettings(kustomize_bin or None, tuple(pairs), parameters_file, stack_name or None)


def parse_output(text: str) -> Output:
    scheme, sep, rest = text.partition("://")
    if not sep or scheme not in OUTPUT_SCHEMES:
        raise DriftctlError(
            f"-o {text}: unknown output",
            "use console://, json://PATH, markdown://PATH or sarif://PATH (PATH - is stdout)",
        )
    if scheme != "console" and not rest:
        raise DriftctlError(
            f"-o {text}: {scheme}:// needs a path", f"use {scheme}://FILE or {scheme}://-"
        )
    return Output(scheme, rest)


# the raw command line of this run (cli.main sets it), for what typer does not keep: the
# order of --var and --var-file among each other
RAW_ARGS: contextvars.ContextVar[tuple[str, ...] | None] = contextvars.ContextVar(
    "driftctl_raw_args", default=None
)


def var_inputs(
    var_files: list[Path] | None, variables: list[str] | None
) -> tuple[tuple[str, Any], ...]:
    """--var-file and --var merged in the order they appear on the command line (files
    first, then vars, when the command line is not known)."""
    files, pairs = list(var_files or ()), [parse_var(v) for v in variables or ()]
    order = _argv_order(RAW_ARGS.get())
    if order is None or order.count("file") != len(files) or order.count("var") != len(pairs):
        order = ["file"] * len(files) + ["var"] * len(pairs)
    file_items, var_items = iter(files), iter(pairs)
    return tuple(
        ("file", next(file_items)) if kind == "file" else ("var", next(var_items)) for kind in order
    )


def _argv_order(args: tuple[str, ...] | None) -> list[str] | None:
    if args is None:
        return None
    order: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg == "--":
            break
        if arg in ("--var", "--var-file"):
            order.append("var" if arg == "--var" else "file")
            skip = True  # its value, whatever it looks like
        elif arg.startswith("--var="):
            order.append("var")
        elif arg.startswith("--var-file="):
            order.append("file")
    return order


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


def parse_rules(
    paths: list[Path] | None, driftignore: Path | None, no_default_rules: bool = False
) -> RuleSettings:
    if driftignore is not None and not driftignore.is_file():
        raise DriftctlError(f"--driftignore {driftignore}: no such file")
    found = Path(".driftignore")
    return RuleSettings(
        tuple(paths or ()),
        driftignore if driftignore is not None else (found if found.is_file() else None),
        not no_default_rules,
    )


def build(
    sources: list[str],
    outputs: list[str],
    profile: str | None,
    regions: list[str],
    endpoint_url: str | None,
    live_file: Path | None = None,
    save_live: Path | None = None,
    var_files: list[Path] | None = None,
    variables: list[str] | None = None,
    scale: Scale | None = None,
    rules: RuleSettings | None = None,
    no_cache: bool = False,
    formats: FormatSettings | None = None,
) -> Settings:
    return Settings(
        sources=tuple(parse_source(s) for s in (sources or ["."])),
        outputs=tuple(parse_output(o) for o in (outputs or ["console://"])),
        profile=profile or os.environ.get("AWS_PROFILE") or None,
        regions=tuple(regions) or _env_region(),
        endpoint_url=endpoint_url or os.environ.get("AWS_ENDPOINT_URL") or None,
        live_file=live_file,
        save_live=save_live,
        var_files=tuple(var_files or ()),
        variables=tuple(parse_var(v) for v in variables or ()),
        var_inputs=var_inputs(var_files, variables),
        scale=scale or Scale(),
        rules=rules or RuleSettings(),
        tf_env_vars=_tf_env(),
        hcl_cache_dir=None if no_cache else _hcl_cache_dir(),
        hcl_result_cache=os.environ.get(RESULT_CACHE_ENV, "1") != "0",
        formats=formats or FormatSettings(),
    )


def build_aws_only(
    profile: str | None,
    regions: list[str],
    endpoint_url: str | None,
    scale: Scale | None = None,
) -> Settings:
    """Settings for a command that talks to AWS but reads no declared source (revert --undo)."""
    return Settings(
        profile=profile or os.environ.get("AWS_PROFILE") or None,
        regions=tuple(regions) or _env_region(),
        endpoint_url=endpoint_url or os.environ.get("AWS_ENDPOINT_URL") or None,
        scale=scale or Scale(),
    )


def _tf_env() -> tuple[tuple[str, str], ...]:
    """TF_VAR_* and TF_WORKSPACE, which Terraform reads (lower precedence than tfvars)."""
    names = [k for k in os.environ if k.startswith("TF_VAR_") or k == "TF_WORKSPACE"]
    return tuple((k, os.environ[k]) for k in sorted(names))


RESULT_CACHE_ENV = "DRIFTCTL_HCL_RESULT_CACHE"


def _hcl_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "driftctl" / "hcl"
