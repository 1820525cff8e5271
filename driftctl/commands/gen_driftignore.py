"""driftctl gen-driftignore: a .driftignore from a JSON report, as snyk's driftctl makes one."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from driftctl import driftignore, safejson
from driftctl.errors import DriftctlError


def read_report(source: str) -> list[dict[str, Any]]:
    """The drifts of a JSON report (schema_version 1) from a file, or stdin for '-'."""
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot read {source}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{source}: not a JSON report (not UTF-8 text)") from exc
    try:
        doc = safejson.loads(text)
    except json.JSONDecodeError as exc:
        raise DriftctlError(f"{source}:{exc.lineno}: not a JSON report: {exc.msg}") from exc
    if not isinstance(doc, dict):
        raise DriftctlError(
            f"{source}: not a driftctl JSON report (a JSON {_json_type(doc)}, not an object)",
            "write one with driftctl scan -o json://report.json",
        )
    drifts = doc.get("drifts")
    if doc.get("schema_version") != 1 or not isinstance(drifts, list):
        raise DriftctlError(
            f"{source}: not a driftctl JSON report (schema_version 1)",
            "write one with driftctl scan -o json://report.json",
        )
    if not all(isinstance(d, dict) and "kind" in d and "type" in d for d in drifts):
        raise DriftctlError(f"{source}: a drift lacks its kind or type")
    return drifts


def _json_type(value: Any) -> str:
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    return "null" if value is None else "number"


def gen_driftignore(
    input_: Annotated[
        str, typer.Option("-i", "--input", help="JSON report to read (- is stdin)")
    ] = "-",
    output: Annotated[
        str,
        typer.Option("-o", "--output", help="File to append the new lines to (- is stdout)"),
    ] = ".driftignore",
    exclude_unmanaged: Annotated[
        bool, typer.Option("--exclude-unmanaged", help="Leave out unmanaged resources")
    ] = False,
    exclude_missing: Annotated[
        bool, typer.Option("--exclude-missing", help="Leave out missing resources")
    ] = False,
    exclude_changed: Annotated[
        bool, typer.Option("--exclude-changed", help="Leave out changed resources")
    ] = False,
) -> None:
    """Ignore every drifted resource of a report: one sorted `type.id` line per resource."""
    drifts = read_report(input_)
    excluded = [
        kind
        for kind, flag in (
            ("unmanaged", exclude_unmanaged),
            ("missing", exclude_missing),
            ("changed", exclude_changed),
        )
        if flag
    ]
    if output == "-":
        sys.stdout.write(driftignore.generate(drifts, excluded))
        return
    target = Path(output)
    try:
        existing = target.read_text(encoding="utf-8") if target.exists() else ""
        text = driftignore.generate(drifts, excluded, known=set(existing.splitlines()))
        if text:
            glue = "" if not existing or existing.endswith("\n") else "\n"
            target.write_text(existing + glue + text, encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot write {output}: {exc.strerror}") from exc
    added = sum(1 for line in text.splitlines() if not line.startswith("#"))
    Console(stderr=True, highlight=False).print(f"added {added} lines to {output}")
