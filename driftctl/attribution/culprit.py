"""Which CloudTrail record caused a drift, and the `attribution` a report shows for it.

Pure functions over records in CloudTrail's JSON format (docs/attribution.md, "Which
event is the culprit"):

- a changed attribute: the latest write on the resource that touches one of the changed
  attributes (an event the type does not say what it touches counts as touching all),
  made after the IaC pipeline last wrote it; when only the pipeline wrote it, its write;
- a missing resource: its latest delete event;
- an unmanaged resource: its latest create event, which also gives its age.

Records without an eventTime or eventName are skipped, and records are ordered by
(eventTime, eventID) whatever order they came in, so the choice is deterministic; within
one second (CloudTrail's resolution) the pipeline's writes come first.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from driftctl.attribution.identity import identity_of, is_iac, via_of
from driftctl.base.events import Events, arn_tail, record_ids

Record = Mapping[str, Any]


def parse_time(text: Any) -> datetime.datetime | None:
    """An eventTime (`2026-11-20T09:14:03Z`) as an aware UTC datetime, None if not one."""
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.astimezone(datetime.timezone.utc)


def _usable(record: Any) -> bool:
    return (
        isinstance(record, Mapping)
        and isinstance(record.get("eventName"), str)
        and parse_time(record.get("eventTime")) is not None
    )


def _order(record: Record) -> tuple[datetime.datetime, str]:
    moment = parse_time(record.get("eventTime"))
    assert moment is not None
    return moment, str(record.get("eventID") or "")


def about(events: Events, resource_id: str, records: Iterable[Any]) -> list[Record]:
    """The usable records of this type's events that name this resource, oldest first."""
    wanted = {resource_id}
    tail = arn_tail(resource_id)
    if tail:
        wanted.add(tail)
    found = [
        r
        for r in records
        if _usable(r)
        and r.get("eventSource") == events.source
        and events.kind_of(r["eventName"]) is not None
        and not r.get("errorCode")  # a call AWS refused changed nothing
        and wanted & record_ids(events, r)
    ]
    return sorted(found, key=_order)


def changed_attributes(paths: Iterable[str]) -> frozenset[str]:
    """The top-level attributes of change paths (`ingress[1].cidr_blocks` -> ingress)."""
    return frozenset(p.split(".", 1)[0].split("[", 1)[0] for p in paths)


def culprit(
    kind: str,
    events: Events,
    resource_id: str,
    records: Iterable[Any],
    attributes: frozenset[str] = frozenset(),
    iac_principals: Sequence[str] = (),
) -> Record | None:
    """The record that caused a drift of this kind, or None when none is in `records`."""
    mine = about(events, resource_id, records)
    if kind == "missing":
        deletes = [r for r in mine if r["eventName"] in events.delete]
        return deletes[-1] if deletes else None
    if kind == "unmanaged":
        creates = [r for r in mine if r["eventName"] in events.create]
        return creates[-1] if creates else None
    writes = [
        r
        for r in mine
        if r["eventName"] in (*events.create, *events.change) and _touches(events, r, attributes)
    ]
    if not writes:
        return None
    # CloudTrail's eventTime is to the second: within one second the order is unknown, and
    # the pipeline's write is taken as the earlier (a drift exists, so the live value is not
    # what the pipeline last wrote)
    iac = {id(r) for r in writes if is_iac(r, iac_principals)}
    writes.sort(key=lambda r: (_order(r)[0], id(r) not in iac, _order(r)[1]))
    last_iac = max((i for i, r in enumerate(writes) if id(r) in iac), default=-1)
    after = writes[last_iac + 1 :]
    return after[-1] if after else writes[last_iac]


def _touches(events: Events, record: Record, attributes: frozenset[str]) -> bool:
    touched = events.touched(record["eventName"])
    return touched is None or not attributes or bool(touched & attributes)


def attribution(record: Record) -> dict[str, Any]:
    """The report's `attribution` of a drift caused by this record."""
    who = identity_of(record)
    moment = parse_time(record.get("eventTime"))
    return {
        "actor": who.actor,
        "principal_arn": who.principal_arn,
        "identity_type": who.identity_type,
        "time": moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None,
        "event": record.get("eventName"),
        "event_id": record.get("eventID"),
        "region": record.get("awsRegion"),
        "source_ip": record.get("sourceIPAddress"),
        "user_agent": record.get("userAgent"),
        "via": via_of(record),
    }


def age_days(record: Record, now: datetime.datetime) -> int | None:
    """Whole days from the record's eventTime to `now` (the scan's clock)."""
    moment = parse_time(record.get("eventTime"))
    return max(0, (now - moment).days) if moment else None


def unknown(reason: str) -> dict[str, Any]:
    return {"unknown": reason}
