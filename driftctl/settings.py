"""One settings object: flags and environment resolved once, then passed down."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from driftctl.errors import DriftctlError

SCHEMES = ("hcl", "tfstate", "kustomize", "yaml")
OUTPUT_SCHEMES = ("console", "json")


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
    scale: Scale = dataclasses.field(default_factory=lambda: Scale())


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
    scheme, sep, rest = text.partition("://")
    if not sep:
        path = Path(text)
        if path.is_dir() and any(path.glob("*.tf")):
            return Source("hcl", path)
        if not path.exists():
            raise DriftctlError(f"--from {text}: no such file or directory")
        raise DriftctlError(
            f"--from {text}: cannot tell the format (no *.tf files here)",
            "name it explicitly, e.g. --from hcl://DIR",
        )
    if scheme not in SCHEMES:
        raise DriftctlError(
            f"--from {text}: unknown source scheme {scheme}://", f"use one of {', '.join(SCHEMES)}"
        )
    if scheme != "hcl":
        raise DriftctlError(
            f"--from {text}: {scheme}:// sources are not supported yet", "use hcl://DIR"
        )
    path = Path(rest or ".")
    if not path.is_dir():
        raise DriftctlError(f"--from {text}: {path} is not a directory")
    return Source(scheme, path)


def parse_output(text: str) -> Output:
    scheme, sep, rest = text.partition("://")
    if not sep or scheme not in OUTPUT_SCHEMES:
        raise DriftctlError(
            f"-o {text}: unknown output", "use console:// or json://PATH (PATH - is stdout)"
        )
    if scheme == "json" and not rest:
        raise DriftctlError(
            f"-o {text}: json:// needs a path", "use json://report.json or json://-"
        )
    return Output(scheme, rest)


def parse_var(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise DriftctlError(f"--var {text}: expected NAME=VALUE")
    return name, value


def _env_region() -> tuple[str, ...]:
    region = os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION")
    return (region,) if region else ()


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
        scale=scale or Scale(),
    )
