"""driftctl fmt: a JSON report (driftctl's or snyk driftctl's) in another output format."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from driftctl import settings
from driftctl.errors import DriftctlError
from driftctl.report import console as console_report
from driftctl.report import formats, read, writer


def fmt(
    output: Annotated[
        list[str] | None,
        typer.Option(
            "-o",
            "--output",
            metavar="FORMAT://PATH",
            help="console://, json://PATH, markdown://PATH, sarif://PATH, html://PATH or "
            "snyk-json://PATH",
        ),
    ] = None,
    input_: Annotated[
        str, typer.Option("-i", "--input", help="JSON report to read (- is stdin)")
    ] = "-",
) -> None:
    """Print a JSON report in another format, as snyk driftctl's fmt does.

    Examples:

      driftctl scan -o json://stdout | driftctl fmt -o html://drift.html

      driftctl fmt -i snyk-report.json -o markdown://-
    """
    outputs = settings.parse_outputs(output)
    if len(outputs) != 1:
        raise DriftctlError("fmt: give one -o output", "e.g. -o console:// or -o html://out.html")
    out = outputs[0]
    if out.scheme == "plan":
        raise DriftctlError(
            "fmt: plan:// needs the live resources, which a report does not hold",
            "write it with driftctl scan -o plan://PATH",
        )
    name = "stdin" if input_ == "-" else input_
    try:
        text = sys.stdin.read() if input_ == "-" else Path(input_).read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot read {input_}: {exc.strerror}") from exc
    report = read.to_report(read.parse(name, text))
    if out.scheme == "console":
        console_report.render(report, Console(highlight=False, soft_wrap=True))
        return
    writer.write_one(out.target, formats.render(out.scheme, report, [], out.target))
