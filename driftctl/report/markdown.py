"""The markdown report: what a person reads in a job summary or a pull-request comment.

Counts by kind and by severity, the declared types nothing compared, then one table per
kind: the resource, a link to the line that declares it (`file#Lline`, relative to the
repository), and expected → actual; with `--attribute`, a `Who` column: who changed it,
how and when, linked to the event in the CloudTrail console (driftctl/attribution/text.py).
Values longer than 80 characters fold into `<details>`; secrets are masked (report.mask).
Like the JSON report it is a pure function of the report: no timestamps.
"""

from __future__ import annotations

import html
from collections import Counter
from urllib.parse import quote

from driftctl.attribution.text import who
from driftctl.core.mask import shown_json
from driftctl.core.model import KINDS, Change, Drift, Report
from driftctl.report.output import located

LONG = 80
_PREVIEW = 60
SEVERITIES = ("critical", "high", "medium", "low")
_TITLES = {
    "changed": "Changed — declared and live differ",
    "missing": "Missing — declared, not found live",
    "unmanaged": "Unmanaged — live, not declared",
}


def render(report: Report, root: str = "") -> str:
    """The markdown text; root is the directory drift source files are relative to."""
    lines = [f"## driftctl: {_status(report)}", "", *_counts(report)]
    for kind in KINDS:
        drifts = [d for d in report.drifts if d.kind == kind]
        if drifts:
            lines += ["", f"### {_TITLES[kind]} ({len(drifts)})", "", *_table(kind, drifts, root)]
    if report.errors:
        lines += ["", "### Errors — these scopes could not be scanned", ""]
        lines += [f"- `{_cell(e.scope)}`: {_cell(e.message)}" for e in report.errors]
        if report.summary.get("not_compared"):
            lines += [
                "",
                f"{report.summary['not_compared']} resources were not compared because of "
                "these errors (declared or live, of the types whose scan failed or that "
                "refer to them).",
            ]
    return "\n".join(lines) + "\n"


def _status(report: Report) -> str:
    if report.errors:
        return "incomplete scan"
    if any(report.summary.get(k) for k in KINDS):
        return "drift found"
    return "in sync"


def _counts(report: Report) -> list[str]:
    s = report.summary
    coverage = s.get("coverage")
    unsupported: dict[str, int] = s.get("unsupported") or {}
    facts = [f"{s.get(k, 0)} {k}" for k in ("declared", "managed", "ignored", "unknown")]
    facts.append(f"{sum(unsupported.values())} unsupported")
    if isinstance(coverage, (int, float)):
        facts.append(f"coverage {coverage:.0%}")
    share = s.get("compared_share")
    if isinstance(share, (int, float)):
        facts.append(f"compared {share:.0%} of declared")
    severity = Counter(d.severity for d in report.drifts)
    order = [*SEVERITIES, *sorted(set(severity) - set(SEVERITIES))]
    return [
        " · ".join(facts),
        *_unsupported(unsupported),
        "",
        "| Kind | Count |",
        "| --- | ---: |",
        *(f"| {k} | {s.get(k, 0)} |" for k in KINDS),
        "",
        "| Severity | Count |",
        "| --- | ---: |",
        *(f"| {name} | {severity[name]} |" for name in order if severity[name]),
        *(["| — | 0 |"] if not severity else []),
    ]


def _unsupported(unsupported: dict[str, int]) -> list[str]:
    """The declared types (or kinds) nothing compared, as a line of their own."""
    if not unsupported:
        return []
    listed = ", ".join(f"{_code(name)} {n}" for name, n in sorted(unsupported.items()))
    return ["", f"Not compared, types driftctl does not read yet: {listed}"]


def _table(kind: str, drifts: list[Drift], root: str) -> list[str]:
    # a Who column only when attribution was asked: without it the table is as before
    attributed = any(d.attribution is not None for d in drifts)
    extra = (" Who |", " --- |") if attributed else ("", "")

    def who_cell(d: Drift) -> str:
        return f" {_who(d)} |" if attributed else ""

    if kind == "unmanaged":
        head = [f"| Type | Id | Severity |{extra[0]}", f"| --- | --- | --- |{extra[1]}"]
        return head + [
            f"| {_code(d.type)} | {_code(str(d.id))} | {_severity(d)} |{who_cell(d)}"
            for d in drifts
        ]
    if kind == "missing":
        head = [f"| Resource | Source | Severity |{extra[0]}", f"| --- | --- | --- |{extra[1]}"]
        return head + [
            f"| {_resource(d)} | {_source(d, root)} | {_severity(d)} |{who_cell(d)}" for d in drifts
        ]
    head = [
        f"| Resource | Source | Attribute | Expected → actual | Severity |{extra[0]}",
        f"| --- | --- | --- | --- | --- |{extra[1]}",
    ]
    return head + [
        f"| {_resource(d)} | {_source(d, root)} | {_code(c.path)} | {_change(c)} | {_severity(d)} |"
        f"{who_cell(d)}"
        for d in drifts
        for c in d.changes
    ]


def _who(d: Drift) -> str:
    """The attribution's line (the console's words), linked to its CloudTrail event."""
    found = who(d)
    if found is None:
        return "—"
    line, url = found
    return f'<a href="{html.escape(url, quote=True)}">{_cell(line)}</a>' if url else _cell(line)


def _resource(d: Drift) -> str:
    name = _code(d.address or f"{d.type}.{d.id}")
    return f"{name} ({_code(d.id)})" if d.address and d.id else name


def _source(d: Drift, root: str) -> str:
    if d.source is None:
        return "—"
    path = located(root, d.source.file)
    return f"[{_cell(path)}:{d.source.line}]({quote(path)}#L{d.source.line})"


def _severity(d: Drift) -> str:
    return f"{d.severity} ({_code(d.rule)})" if d.rule else d.severity


def _change(c: Change) -> str:
    expected = shown_json(c.path, c.expected, c.sensitive)
    text = f"{_value(expected)} → {_value(shown_json(c.path, c.actual, c.sensitive))}"
    for ref, value in sorted((c.bound or {}).items()):  # where a value known after apply came from
        text += f"<br>bound {_code(ref)} = {_value(shown_json(ref, value, c.sensitive))}"
    return text


def _value(text: str) -> str:
    if len(text) <= LONG:
        return _code(text)
    preview = _code(text[:_PREVIEW] + "…")
    return f"<details><summary>{preview}</summary>{_code(text)}</details>"


def _code(text: str) -> str:
    return f"<code>{_cell(text)}</code>"


def _cell(text: str) -> str:
    """text made safe inside a table cell: HTML-escaped, no pipes, no newlines."""
    return html.escape(text).replace("|", "&#124;").replace("\n", "<br>")
