"""The console report: drifts grouped by kind, each with its source and expected/actual."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape

from driftctl.attribution.text import who_line
from driftctl.core.mask import shown, shown_bound
from driftctl.core.model import KINDS, Drift, Report

_TITLES = {
    "changed": "Changed (declared and live differ)",
    "missing": "Missing (declared, not found live)",
    "unmanaged": "Unmanaged (live, not declared)",
}
_COLORS = {"changed": "yellow", "missing": "red", "unmanaged": "magenta"}
_SEVERITY_COLORS = {"low": "dim", "medium": "yellow", "high": "red", "critical": "bold red"}


def _short(value: Any, limit: int = 120) -> str:
    text = json.dumps(value, sort_keys=True) if not isinstance(value, str) else value
    text = "null" if value is None else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _where(d: Drift) -> str:
    name = d.address or f"{d.type}.{d.id}"
    ident = f" ({d.id})" if d.address and d.id else ""
    src = f"  [dim]{escape(d.source.file)}:{d.source.line}[/dim]" if d.source else ""
    return f"{escape(name)}{escape(ident)}{src}"


def _verdict(d: Drift) -> str:
    """What the rules decided: severity, action and the deciding rule, if any."""
    color = _SEVERITY_COLORS.get(d.severity, "yellow")
    rule = f" · rule {escape(d.rule)}" if d.rule else ""
    return f"  [{color}]{escape(d.severity)}[/] · {escape(d.action)}{rule}"


def render(report: Report, console: Console) -> None:
    for kind in KINDS:
        drifts = [d for d in report.drifts if d.kind == kind]
        if not drifts:
            continue
        console.print(f"\n[bold {_COLORS[kind]}]{_TITLES[kind]}: {len(drifts)}[/]")
        for d in drifts:
            head = (
                f"  [bold]{_where(d)}[/bold]"
                if kind != "unmanaged"
                else f"  {escape(d.type)} {escape(str(d.id))}"
            )
            console.print(head + _verdict(d))
            who = who_line(d)  # only with --attribute
            if who is not None:
                console.print(f"      [dim]{escape(who)}[/dim]")
            for c in d.changes:  # secrets masked as in every other output (report.mask)
                expected = _short(shown(c.path, c.expected, c.sensitive))
                actual = _short(shown(c.path, c.actual, c.sensitive))
                console.print(
                    f"      {escape(c.path)}: [green]{escape(expected)}[/green]"
                    f" → [red]{escape(actual)}[/red]"
                )
                for ref, value in shown_bound(c.bound or {}, c.sensitive).items():
                    console.print(
                        f"        [dim]bound {escape(ref)} = {escape(_short(value))}[/dim]"
                    )
    for e in report.errors:
        console.print(f"[bold red]error[/] {escape(e.scope)}: {escape(e.message)}")
    s = report.summary
    unloaded = all(e.scope == "declared" for e in report.errors)  # pipeline.DECLARED_SCOPE
    what = (
        "the declared state could not be loaded whole"
        if unloaded
        else "some scopes could not be scanned"
    )
    status = (
        f"[bold red]incomplete: {what}[/]"
        if report.errors
        else (
            "[bold yellow]drift found[/]" if any(s[k] for k in KINDS) else "[bold green]in sync[/]"
        )
    )
    unsupported: dict[str, int] = s.get("unsupported") or {}
    share = s.get("compared_share")
    compared = f", compared {share:.0%} of declared" if isinstance(share, (int, float)) else ""
    console.print(
        f"\n{status} — declared {s['declared']}, managed {s['managed']}, changed {s['changed']}, "
        f"missing {s['missing']}, unmanaged {s['unmanaged']}, ignored {s['ignored']}, "
        f"unknown values {s['unknown']}, unsupported {sum(unsupported.values())}, "
        f"coverage {s['coverage']:.0%}{compared}"
    )
    if s.get("not_compared"):
        console.print(
            f"[bold red]not compared: {s['not_compared']} resources[/] (declared or live, "
            "of the types whose scan failed or that refer to them; live, of the types a "
            "declared state not loaded whole may declare; declared, in regions this scan "
            "did not read)"
        )
    if unsupported:
        listed = ", ".join(f"{escape(name)} {n}" for name, n in sorted(unsupported.items()))
        console.print(f"[dim]not compared (types driftctl does not read yet): {listed}[/dim]")
