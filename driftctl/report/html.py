"""The HTML report (`-o html://PATH`): one self-contained page a person opens in a browser.

The summary, drift by kind, severity and type as small inline SVG bar charts, then every
drift with its diff (expected in red, actual in green, as a unified diff shows them) and a
link to the declaring file and line. No script, no font, no image, no stylesheet from
anywhere: a Content-Security-Policy of `default-src 'none'` lets the page fetch nothing,
so it opens offline, from a CI artifact or an email attachment alike. Like the JSON
report it is a pure function of the report (no timestamps); secrets are masked as in
the markdown report (report.mask).
"""

from __future__ import annotations

import html
import json
from collections import Counter
from typing import Any
from urllib.parse import quote

from driftctl.attribution.text import who
from driftctl.core.mask import SENSITIVE, mask_at
from driftctl.core.model import KINDS, Change, Drift, Report
from driftctl.report.output import located

SEVERITIES = ("critical", "high", "medium", "low")
TITLES = {
    "changed": "Changed: declared and live differ",
    "missing": "Missing: declared, not found live",
    "unmanaged": "Unmanaged: live, not declared",
}
COLORS = {
    "changed": "#b7791f",
    "missing": "#c53030",
    "unmanaged": "#805ad5",
    "critical": "#742a2a",
    "high": "#c53030",
    "medium": "#b7791f",
    "low": "#4a5568",
}
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;
color:#1a202c;background:#f7fafc}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;margin:28px 0 10px}
.status{display:inline-block;padding:2px 10px;border-radius:12px;font-weight:600;color:#fff}
.status.sync{background:#2f855a}.status.drift{background:#b7791f}
.status.incomplete{background:#c53030}
table.counts{border-collapse:collapse;background:#fff}
table.counts td,table.counts th{border:1px solid #e2e8f0;padding:4px 12px;text-align:left}
table.counts td.n{text-align:right;font-variant-numeric:tabular-nums}
.charts{display:flex;flex-wrap:wrap;gap:16px}
figure{margin:0;background:#fff;border:1px solid #e2e8f0;border-radius:6px;padding:8px 12px}
figcaption{font-weight:600;margin-bottom:4px}
svg text{font:12px system-ui,sans-serif;fill:#1a202c}
article.drift{background:#fff;border:1px solid #e2e8f0;border-left:4px solid #a0aec0;
border-radius:4px;padding:8px 12px;margin:8px 0}
article.changed{border-left-color:#b7791f}article.missing{border-left-color:#c53030}
article.unmanaged{border-left-color:#805ad5}
.resource{font-weight:600;font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
.meta{color:#4a5568;font-size:13px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
pre.diff{background:#f7fafc;border:1px solid #e2e8f0;padding:6px 8px;margin:4px 0;
overflow-x:auto;white-space:pre-wrap;word-break:break-all}
.del{color:#9b2c2c;background:#fff5f5;display:block}
.add{color:#22543d;background:#f0fff4;display:block}
ul.errors li{color:#9b2c2c}
"""


def render(report: Report, root: str = "", link_prefix: str = "") -> str:
    """The page; root: the directory drift source files are relative to (as in markdown);
    link_prefix: the way from the page's directory to the working directory (`../`)."""
    status, css = _status(report)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>driftctl: {status}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        "<main>",
        "<h1>driftctl report</h1>",
        f'<p id="status" class="status {css}">{status}</p>',
        *_summary(report),
        *_charts(report),
    ]
    for kind in KINDS:
        drifts = [d for d in report.drifts if d.kind == kind]
        if drifts:
            parts.append(f'<section id="{kind}"><h2>{TITLES[kind]} ({len(drifts)})</h2>')
            parts += [_drift(d, root, link_prefix) for d in drifts]
            parts.append("</section>")
    if report.errors:
        parts.append('<section id="errors"><h2>Errors: these scopes could not be scanned</h2>')
        parts.append('<ul class="errors">')
        parts += [f"<li><code>{_e(e.scope)}</code>: {_e(e.message)}</li>" for e in report.errors]
        parts.append("</ul></section>")
    parts += ["</main>", "</body>", "</html>"]
    return "\n".join(parts) + "\n"


def _status(report: Report) -> tuple[str, str]:
    if report.errors:
        return "incomplete scan", "incomplete"
    if any(report.summary.get(k) for k in KINDS):
        return "drift found", "drift"
    return "in sync", "sync"


def _summary(report: Report) -> list[str]:
    s = report.summary
    rows = [(k, s.get(k, 0)) for k in ("declared", "live", "managed", *KINDS)]
    rows += [(k, s.get(k, 0)) for k in ("ignored", "unknown")]
    unsupported: dict[str, int] = s.get("unsupported") or {}
    rows.append(("unsupported", sum(unsupported.values())))
    coverage = s.get("coverage")
    cells = [f'<tr><th scope="row">{k}</th><td class="n">{_e(str(v))}</td></tr>' for k, v in rows]
    if isinstance(coverage, (int, float)):
        cells.append(f'<tr><th scope="row">coverage</th><td class="n">{coverage:.0%}</td></tr>')
    out = ['<section id="summary"><h2>Summary</h2>', '<table class="counts">', *cells, "</table>"]
    if unsupported:
        listed = ", ".join(f"<code>{_e(t)}</code> {n}" for t, n in sorted(unsupported.items()))
        out.append(f"<p>Not compared, types driftctl does not read yet: {listed}</p>")
    return [*out, "</section>"]


def _charts(report: Report) -> list[str]:
    kinds = Counter(d.kind for d in report.drifts)
    severity = Counter(d.severity for d in report.drifts)
    types = Counter(d.type for d in report.drifts)
    by_severity = [*SEVERITIES, *sorted(set(severity) - set(SEVERITIES))]
    return [
        '<section id="charts"><h2>Drift at a glance</h2>',
        '<div class="charts">',
        _chart("by kind", [(k, kinds[k]) for k in KINDS]),
        _chart("by severity", [(k, severity[k]) for k in by_severity]),
        _chart("by type", sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))),
        "</div></section>",
    ]


def _chart(title: str, rows: list[tuple[str, int]]) -> str:
    """A horizontal bar chart as inline SVG: one labelled bar per row, longest = max."""
    rows = rows or [("none", 0)]
    label_w, bar_w, row_h = 190, 160, 22
    top = max([n for _, n in rows] + [1])
    height = row_h * len(rows) + 4
    width = label_w + bar_w + 40
    bars = []
    for i, (name, count) in enumerate(rows):
        y = 2 + i * row_h
        length = round(bar_w * count / top)
        color = COLORS.get(name, "#3182ce")
        bars.append(
            f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end">{_e(_short(name))}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{length}" height="{row_h - 6}" '
            f'fill="{color}"><title>{_e(name)}: {count}</title></rect>'
            f'<text x="{label_w + length + 6}" y="{y + 15}">{count}</text>'
        )
    label = _e(f"drift {title}")
    return (
        f'<figure><figcaption>Drift {_e(title)}</figcaption><svg xmlns="http://www.w3.org/2000/svg"'
        f' role="img" aria-label="{label}" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}">{"".join(bars)}</svg></figure>'
    )


def _short(name: str, limit: int = 28) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _drift(d: Drift, root: str, link_prefix: str) -> str:
    name = d.address or f"{d.type}.{d.id}"
    ident = f" ({d.id})" if d.address and d.id else ""
    rule = f" · rule <code>{_e(d.rule)}</code>" if d.rule else ""
    where = _source(d, root, link_prefix)
    changes = "".join(_change(c) for c in d.changes)
    return (
        f'<article class="drift {d.kind}" id="{_e(d.fingerprint)}">'
        f'<div class="resource">{_e(name)}{_e(ident)}</div>'
        f'<div class="meta">{_e(d.kind)} · <code>{_e(d.type)}</code> · {_e(d.severity)} · '
        f"{_e(d.action)}{rule}{where}</div>{_who(d)}{changes}</article>"
    )


def _who(d: Drift) -> str:
    """With --attribute: who changed it (the console's words), linked to the event."""
    found = who(d)
    if found is None:
        return ""
    line, url = found
    text = f'<a href="{_e(url)}">{_e(line)}</a>' if url else _e(line)
    return f'<div class="meta who">{text}</div>'


def _source(d: Drift, root: str, link_prefix: str) -> str:
    if d.source is None:
        return ""
    path = located(root, d.source.file)
    href = path if path.startswith("/") else f"{link_prefix}{path}"
    return f' · <a href="{_e(quote(href))}#L{d.source.line}">{_e(path)}:{d.source.line}</a>'


def _change(c: Change) -> str:
    lines = []
    if c.expected is not None:
        lines += [f'<span class="del">- {_e(t)}</span>' for t in _lines(c, c.expected)]
    if c.actual is not None:
        lines += [f'<span class="add">+ {_e(t)}</span>' for t in _lines(c, c.actual)]
    if not lines:
        lines = ['<span class="del">- null</span>', '<span class="add">+ null</span>']
    diff = "".join(lines)
    return f'<div class="change"><code>{_e(c.path)}</code><pre class="diff">{diff}</pre></div>'


def _lines(c: Change, value: Any) -> list[str]:
    if c.sensitive:
        return [SENSITIVE]
    shown = mask_at(c.path, value)
    return json.dumps(shown, sort_keys=True, indent=2, ensure_ascii=False).splitlines()


def _e(text: str) -> str:
    return html.escape(text, quote=True)
