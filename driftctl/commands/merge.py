"""driftctl merge: shard reports into one report, as a single full run would write it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from driftctl import safejson
from driftctl.errors import DriftctlError, ExitStatus
from driftctl.model import KINDS
from driftctl.scopes import merge_json


def _read(path: Path) -> dict[str, Any]:
    try:
        doc = safejson.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DriftctlError(f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{path}: not a JSON report (not UTF-8 text)") from exc
    except json.JSONDecodeError as exc:
        raise DriftctlError(f"{path}:{exc.lineno}: not a JSON report: {exc.msg}") from exc
    if not isinstance(doc, dict):
        raise DriftctlError(f"{path}: not a driftctl JSON report")
    return doc


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
    if output == "-":
        sys.stdout.write(text)
    else:
        Path(output).write_text(text)
    if merged["errors"]:
        raise typer.Exit(int(ExitStatus.ERROR))
    drift = any(merged["summary"][k] for k in KINDS)
    raise typer.Exit(int(ExitStatus.DRIFT if drift else ExitStatus.OK))
