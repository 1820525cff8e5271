"""One line saying who caused a drift, for the console report (docs/attribution.md)."""

from __future__ import annotations

from driftctl.core.model import Drift

CONSOLE_EVENT = "https://console.aws.amazon.com/cloudtrail/home?region={region}#/events/{event_id}"


def event_url(region: str | None, event_id: str | None) -> str | None:
    """The event's page in the CloudTrail console."""
    if not (region and event_id):
        return None
    return CONSOLE_EVENT.format(region=region, event_id=event_id)


def who_line(drift: Drift) -> str | None:
    """`by alice (iam-user) via cli: AuthorizeSecurityGroupIngress at 2026-…Z <url>`, or
    `by: unknown (REASON)`; None when attribution was not asked."""
    found = drift.attribution
    if found is None:
        return None
    if "unknown" in found:
        return f"by: unknown ({found['unknown']})"
    url = event_url(found.get("region"), found.get("event_id"))
    line = (
        f"by {found.get('actor')} ({found.get('identity_type')}) via {found.get('via')}: "
        f"{found.get('event')} at {found.get('time')}"
    )
    if drift.kind == "unmanaged" and drift.age_days is not None:
        line += f", {drift.age_days} days old"
    return f"{line} {url}" if url else line
