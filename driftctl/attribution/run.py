"""Attribution of a whole report: each drift gets its `attribution` (docs/attribution.md).

Runs after the report is decided, and changes nothing but that field: no drift appears
or goes, no exit code changes, and a CloudTrail failure makes an attribution `unknown`
with its reason, never the scan incomplete.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from driftctl.attribution import culprit as c
from driftctl.attribution import s3logs
from driftctl.attribution.lookup import LookupFailed, LookupSource
from driftctl.base.events import Events
from driftctl.core.model import Drift, Report
from driftctl.resources.registry import TYPES
from driftctl.settings import Attribution

GLOBAL_REGION = "us-east-1"  # where CloudTrail records the events of IAM and other global services


class Source(Protocol):
    """Where records come from: LookupEvents (lookup.py) or trail log files (s3logs.py)."""

    def by_resource(self, region: str, name: str) -> list[dict[str, Any]]: ...

    def by_event(self, region: str, event_name: str) -> list[dict[str, Any]]: ...


def now_of(settings: Attribution) -> datetime.datetime:
    """The scan's clock: pinned, or the time now (UTC)."""
    return settings.now or datetime.datetime.now(datetime.timezone.utc)


def attribute(
    report: Report,
    settings: Attribution,
    client_for: Callable[[str], Any],
    regions: tuple[str, ...] = (),
    source: Source | None = None,
) -> Report:
    """The report with every drift's `attribution` (and an unmanaged one's age)."""
    if not report.drifts:
        return report
    now = now_of(settings)
    lookup = source or LookupSource(client_for, *window(settings, now))
    drifts = tuple(_attributed(d, settings, lookup, now, regions) for d in report.drifts)
    return dataclasses.replace(report, drifts=drifts)


def window(
    settings: Attribution, now: datetime.datetime
) -> tuple[datetime.datetime, datetime.datetime]:
    """(start, end) of the window events are looked for in."""
    return now - datetime.timedelta(days=settings.window_days), now


def _regions(drift: Drift, scanned: tuple[str, ...]) -> list[str]:
    if drift.region and drift.region != "global":
        return [drift.region]
    return list(dict.fromkeys((GLOBAL_REGION, *scanned)))


def _records(events: Events, rid: str, regions: list[str], lookup: Source) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for region in regions:
        if events.indexed:
            found.extend(lookup.by_resource(region, rid))
        else:
            for name in dict.fromkeys(events.names):
                found.extend(lookup.by_event(region, name))
    return found


def _attributed(
    drift: Drift,
    settings: Attribution,
    lookup: Source,
    now: datetime.datetime,
    scanned: tuple[str, ...],
) -> Drift:
    rtype = TYPES.get(drift.type)
    events = rtype.events if rtype is not None else None
    if events is None or drift.id is None:
        why = "no CloudTrail event mapping for this type" if events is None else "no live id"
        return dataclasses.replace(drift, attribution=c.unknown(why))
    try:
        records = _records(events, drift.id, _regions(drift, scanned), lookup)
    except LookupFailed as exc:
        return dataclasses.replace(drift, attribution=c.unknown(str(exc)))
    paths = frozenset(ch.path for ch in drift.changes)
    found = c.culprit(
        drift.kind,
        events,
        drift.id,
        records,
        c.changed_attributes(paths),
        settings.iac_principals,
    )
    if found is None:
        why = _not_found(settings, lookup, _regions(drift, scanned))
        return dataclasses.replace(drift, attribution=c.unknown(why))
    extra: dict[str, Any] = {}
    if drift.kind == "unmanaged":
        extra = {"created": c.attribution(found)["time"], "age_days": c.age_days(found, now)}
    return dataclasses.replace(drift, attribution=c.attribution(found), **extra)


def _not_found(settings: Attribution, lookup: Source, regions: list[str]) -> str:
    """Why no event was found: none in the window, or (the s3 source) no file to read."""
    unread = getattr(lookup, "unread", None)  # regions without a readable trail file
    empty: list[str] = unread(regions) if unread is not None else []
    if empty and len(empty) == len(regions):
        return empty[0]
    why = f"no CloudTrail event for it in the window ({settings.window_days}d)"
    if empty:
        why = f"{why}; {empty[0]}"
    skipped: list[str] = getattr(lookup, "skipped", [])
    if skipped:  # corrupt trail files the s3 source could not read
        more = f" (and {len(skipped) - 1} more)" if len(skipped) > 1 else ""
        why = f"{why}; {skipped[0]}{more}"
    return why


def client_maker(conf: Any, service: str = "cloudtrail") -> Callable[[str], Any]:
    """region -> a client of the service with the scan's credentials and endpoint."""
    from driftctl.aws import accounts
    from driftctl.aws.session import user_agent

    session = conf.session or accounts.base_session(conf.profile)
    clients: dict[str, Any] = {}

    def client_for(region: str) -> Any:
        if region not in clients:
            import botocore.config

            config = botocore.config.Config(
                retries={"mode": "standard", "total_max_attempts": 3},
                user_agent=user_agent(),
                max_pool_connections=s3logs.WORKERS,
            )
            clients[region] = session.client(
                service, region_name=region, endpoint_url=conf.endpoint_url, config=config
            )
        return clients[region]

    return client_for


def needs(report: Report, regions: tuple[str, ...]) -> list[s3logs.Need]:
    """What the s3 source reads for: each drift's regions, its type's events and its id."""
    found: list[s3logs.Need] = []
    for drift in report.drifts:
        rtype = TYPES.get(drift.type)
        if rtype is not None and rtype.events is not None and drift.id is not None:
            found.append(s3logs.Need(tuple(_regions(drift, regions)), rtype.events, drift.id))
    return found


def s3_source(
    report: Report, settings: Attribution, client: Any, regions: tuple[str, ...]
) -> s3logs.S3Source:
    """The `s3://` source for the drifts of a report (the accounts they were scanned in)."""
    accounts: Sequence[str] = sorted({d.account for d in report.drifts if d.account})
    start, end = window(settings, now_of(settings))
    return s3logs.S3Source(client, settings.source, start, end, needs(report, regions), accounts)


def attribute_scan(report: Report, conf: Any, default_region: str) -> Report:
    """`scan --attribute`: the report attributed from the source the settings name."""
    regions = tuple(conf.regions) or (default_region,)
    # one clock for the window the files are read for and for the ages
    settings = dataclasses.replace(conf.attribution, now=now_of(conf.attribution))
    source: Source | None = None
    if settings.source.startswith("s3://") and report.drifts:
        client = client_maker(conf, "s3")(default_region)
        source = s3_source(report, settings, client, regions)
    return attribute(report, settings, client_maker(conf), regions, source)
