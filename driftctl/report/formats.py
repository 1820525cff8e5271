"""The file formats of -o FORMAT://PATH, each a pure function of the report."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from driftctl.core.model import KINDS, Report, Resource
from driftctl.report import html, jsonout, markdown, plan, sarif, snyk
from driftctl.report.output import anchor_file, source_root

if TYPE_CHECKING:
    from driftctl.engine.scopes import LiveRun

FILE_FORMATS = ("json", "markdown", "sarif", "html", "plan", "snyk-json")


def render(
    scheme: str,
    report: Report,
    sources: Sequence[Path],
    target: str = "-",
    run: LiveRun | None = None,
    kinds: Sequence[str] = KINDS,
) -> str:
    """The text of report in one of FILE_FORMATS; sources place file links in the repo,
    target (the file written) places the HTML report's links; run: the live resources
    (plan:// lists their values); kinds: the kinds of drift the scan reports (snyk-json://
    records --only-managed / --only-unmanaged)."""
    if scheme == "markdown":
        return markdown.render(report, source_root(sources))
    if scheme == "sarif":
        return sarif.render(report, source_root(sources), anchor_file(sources))
    if scheme == "html":
        return html.render(report, source_root(sources), link_prefix(target))
    if scheme == "plan":
        return plan.render(report, live_by_key(run), report.managed)
    if scheme == "snyk-json":
        return snyk.render(report, kinds, len(sources))
    return jsonout.render(report)


def link_prefix(target: str) -> str:
    """The way from the directory of target to the working directory (`../../`), so links
    relative to the working directory work from the page; "" for stdout or the cwd."""
    if target in ("", "-"):
        return ""
    here = os.path.abspath(os.curdir)
    back = os.path.relpath(here, os.path.dirname(os.path.abspath(target)))
    return "" if back == "." else f"{Path(back).as_posix()}/"


def live_by_key(run: LiveRun | None) -> dict[tuple[str, str], Resource]:
    if run is None:
        return {}
    return {(r.type, str(r.id)): r for state in run.states.values() for r in state.resources}
