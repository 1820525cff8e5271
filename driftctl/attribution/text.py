"""One line saying who caused a drift, the same words in every output (docs/attribution.md):
the console, markdown, HTML, SARIF and the `pr` body."""

from __future__ import annotations

from urllib.parse import quote

from driftctl.core.model import Drift

CONSOLE_EVENT = "https://console.aws.amazon.com/cloudtrail/home?region={region}#/events/{event_id}"


def event_url(region: str | None, event_id: str | None) -> str | None:
    """The event's page in the CloudTrail console (its parts URL-quoted)."""
    if not (region and event_id):
        return None
    return CONSOLE_EVENT.format(region=quote(region, safe=""), event_id=quote(event_id, safe=""))


def who(drift: Drift) -> tuple[str, str | None] | None:
    """(`by alice (iam-user) via cli: AuthorizeSecurityGroupIngress at 2026-…Z`, the event's
    URL), or (`by: unknown (REASON)`, None); None when attribution was not asked."""
    found = drift.attribution
    if found is None:
        return None
    if "unknown" in found:
        return f"by: unknown ({found['unknown']})", None
    line = (
        f"by {found.get('actor')} ({found.get('identity_type')}) via {found.get('via')}: "
        f"{found.get('event')} at {found.get('time')}"
    )
    if drift.kind == "unmanaged" and drift.age_days is not None:
        line += f", {drift.age_days} days old"
    return line, event_url(found.get("region"), found.get("event_id"))


def who_line(drift: Drift) -> str | None:
    """who() as one line of plain text, the URL at its end."""
    found = who(drift)
    if found is None:
        return None
    line, url = found
    return f"{line} {url}" if url else line
