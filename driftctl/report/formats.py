"""The file formats of -o FORMAT://PATH, each a pure function of the report."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from driftctl.model import Report
from driftctl.report import jsonout, markdown, sarif
from driftctl.report.output import anchor_file, source_root

FILE_FORMATS = ("json", "markdown", "sarif")


def render(scheme: str, report: Report, sources: Sequence[Path]) -> str:
    """The text of report in one of FILE_FORMATS; sources place file links in the repo."""
    if scheme == "markdown":
        return markdown.render(report, source_root(sources))
    if scheme == "sarif":
        return sarif.render(report, source_root(sources), anchor_file(sources))
    return jsonout.render(report)
