"""The pull request's title, body and commit message: the markdown report of the drifts
it codifies (the same renderer as `-o markdown://`), what needs a human, and a marker
that lets the next run find the pull request again."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from driftctl.codify.base import repo_path
from driftctl.codify.plan import Plan
from driftctl.core.mask import shown_json
from driftctl.core.model import KINDS, Drift, Report
from driftctl.report import markdown

MARKER = "<!-- driftctl-pr scope={scope} -->"
BRANCH_PREFIX = "driftctl/"


def branch(codified: Sequence[Drift]) -> str:
    """driftctl/<first 12 hex of the sha256 of the codified drifts' fingerprints>."""
    joined = "\n".join(sorted(d.fingerprint for d in codified))
    return BRANCH_PREFIX + hashlib.sha256(joined.encode()).hexdigest()[:12]


def scope(source: str) -> str:
    """Which --from directory (relative to the repository) a pull request belongs to."""
    return hashlib.sha256(source.encode()).hexdigest()[:12]


def marker(scope_id: str) -> str:
    return MARKER.format(scope=scope_id)


def title(plan: Plan) -> str:
    n = len(plan.codified)
    if not n:
        h = len(plan.humans)
        return f"driftctl: {h} drift{'s' if h != 1 else ''} found in live AWS need a human"
    return f"driftctl: codify {n} drift{'s' if n != 1 else ''} found in live AWS"


def _describe(d: Drift) -> str:
    name = d.address or f"{d.type}.{d.id}"
    if d.kind == "unmanaged":
        return f"{name}: import the unmanaged resource"
    parts = [
        f"{c.path} {_short(c.path, c.expected, c.sensitive)} -> "
        f"{_short(c.path, c.actual, c.sensitive)}"
        for c in d.changes
    ]
    return f"{name}: {'; '.join(parts) or d.kind}"


def _short(path: str, value: Any, sensitive: bool) -> str:
    text = shown_json(path, value, sensitive)  # secrets masked, as in every output
    return text if len(text) <= 60 else text[:57] + "..."


def commit_message(plan: Plan) -> str:
    lines = [title(plan), ""]
    lines += [f"- {_describe(d)}" + (f" (rule {d.rule})" if d.rule else "") for d in plan.codified]
    if not plan.codified:
        lines += ["No change: every drift the rules send to `pr` needs a human:", ""]
        lines += [f"- {_describe(h.drift)}: {h.reason}" for h in plan.humans]
    drifts = plan.codified or [h.drift for h in plan.humans]
    lines += ["", *(f"Drift-Fingerprint: {d.fingerprint}" for d in drifts)]
    return "\n".join(lines) + "\n"


def render(report: Report, plan: Plan, root: str, scope_id: str) -> str:
    """The markdown body: the report of the drifts this PR is about, then needs-a-human."""
    drifts = [*plan.codified, *(h.drift for h in plan.humans)]
    drifts.sort(key=Drift.sort_key)
    kinds = Counter(d.kind for d in drifts)
    sub = Report({**report.summary, **{k: kinds.get(k, 0) for k in KINDS}}, tuple(drifts))
    lines = [
        markdown.render(sub, root).rstrip("\n"),
        "",
        "### Codified in this pull request",
        "",
        *(f"- `{_describe(d)}`" for d in plan.codified),
        *(["- nothing: every drift below needs a human"] if not plan.codified else []),
    ]
    if plan.humans:
        lines += [
            "",
            "### Needs a human",
            "",
            "driftctl did not edit these: the value is not written as a plain literal, "
            "editing it would change other declarations too, or driftctl cannot edit the "
            "format yet.",
            "",
            "| Resource | Where | Attribute | Live value | Why |",
            "| --- | --- | --- | --- | --- |",
        ]
        for h in plan.humans:
            where = repo_path(root, h.where) if h.where else "—"
            lines.append(
                f"| {_cell(h.drift.address or f'{h.drift.type}.{h.drift.id}')} | {_cell(where)} "
                f"| {_cell(h.path or '—')} | {_cell(json.dumps(h.live, sort_keys=True))} "
                f"| {_cell(h.reason, code=False)} |"
            )
    lines += ["", marker(scope_id), ""]
    return "\n".join(lines)


def _cell(text: str, code: bool = True) -> str:
    safe = text.replace("|", "&#124;").replace("\n", " ")
    return f"`{safe}`" if code else safe
