"""driftctl merge: shard reports into one report, as a single full run would write it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from driftctl.core.model import KINDS
from driftctl.engine.scopes import merge_json
from driftctl.errors import DriftctlError, ExitStatus
from driftctl.report import read, writer


def _read(path: Path) -> dict[str, Any]:
    """A shard's report: driftctl's, or snyk driftctl's converted (report/read.py)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{path}: not a JSON report (not UTF-8 text)") from exc
    return read.parse(str(path), text)


def merge(
    reports: Annotated[list[Path], typer.Argument(help="JSON reports of the shards")],
    output: Annotated[
        str, typer.Option("-o", "--output", help="Where to write the merged report (- is stdout)")
    ] = "-",
) -> None:
    """Combine shard reports (driftctl scan --shard I/N -o json://...) into one report.

    Exits like scan on the merged result: 0 in sync, 1 drift, 2 if any shard had errors."""
    merged = merge_json([_read(p) for p in reports])
    text = json.dumps(merged, sort_keys=True, indent=2) + "\n"
    writer.write_one(output, text)
    if merged["errors"]:
        raise typer.Exit(int(ExitStatus.ERROR))
    drift = any(merged["summary"][k] for k in KINDS)
    raise typer.Exit(int(ExitStatus.DRIFT if drift else ExitStatus.OK))
