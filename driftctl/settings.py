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
    )
