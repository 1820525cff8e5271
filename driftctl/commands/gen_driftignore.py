"""driftctl gen-driftignore: a .driftignore from a JSON report, as snyk's driftctl makes one."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from driftctl.errors import DriftctlError
from driftctl.report import read, writer
from driftctl.rules import driftignore


def read_report(source: str) -> list[dict[str, Any]]:
    """The drifts of a JSON report, driftctl's or snyk driftctl's (report/read.py), from a
    file, or stdin for '-'."""
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot read {source}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{source}: not a JSON report (not UTF-8 text)") from exc
    drifts: list[dict[str, Any]] = read.parse(source, text)["drifts"]
    return drifts


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
    """Ignore every drifted resource of a report: one sorted `type.id` line per resource.

    Reads driftctl's JSON report, or snyk driftctl's.

    Examples:

      driftctl scan -o json://stdout | driftctl gen-driftignore

      driftctl gen-driftignore -i report.json --exclude-unmanaged -o -
    """
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
            writer.write_one(output, existing + glue + text)
    except OSError as exc:
        raise DriftctlError(f"cannot write {output}: {exc.strerror}") from exc
    added = sum(1 for line in text.splitlines() if not line.startswith("#"))
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"added {added} lines to {output}")
