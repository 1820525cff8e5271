"""EventBridge envelopes of CloudTrail records, and the resources a record writes.

A message is one EventBridge event: `{"detail-type": "AWS API Call via CloudTrail",
"detail": RECORD, ...}` with RECORD in CloudTrail's format. A record writes a resource of
a type when its (eventSource, eventName) is one of the type's create, change or delete
events (the type's `Events`); the ids it names are `record_ids`. Reads (Describe*, Get*,
List*) are in no mapping, and calls AWS refused (`errorCode`) changed nothing: neither
writes anything.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import json
from collections.abc import Mapping
from typing import Any

from driftctl.attribution.culprit import parse_time
from driftctl.base.events import arn_tail, record_ids
from driftctl.resources.registry import TYPES

DETAIL_TYPE = "AWS API Call via CloudTrail"


class BadMessage(Exception):
    """A message that is not an EventBridge event with a CloudTrail record."""


@dataclasses.dataclass(frozen=True)
class Event:
    record: Mapping[str, Any]
    event_id: str  # the record's eventID (else the envelope's id): what dedups a retry
    name: str
    source: str
    region: str | None
    account: str | None  # the account whose resource was written (recipientAccountId)
    time: datetime.datetime | None

    @property
    def failed(self) -> bool:
        return bool(self.record.get("errorCode"))


def parse_message(body: str) -> Event | None:
    """The CloudTrail event a message carries; None for an EventBridge event of another
    kind (ignored); BadMessage for what is not an EventBridge event at all."""
    try:
        doc = json.loads(body)
    except ValueError as exc:
        raise BadMessage(f"not JSON: {exc}") from None
    if not isinstance(doc, dict) or "detail-type" not in doc:
        raise BadMessage("not an EventBridge event (no detail-type)")
    if doc.get("detail-type") != DETAIL_TYPE:
        return None
    record = doc.get("detail")
    if not isinstance(record, dict):
        raise BadMessage("an API call event without a CloudTrail record in its detail")
    name, source = record.get("eventName"), record.get("eventSource")
    if not isinstance(name, str) or not isinstance(source, str):
        raise BadMessage("a CloudTrail record without eventName or eventSource")
    event_id = record.get("eventID") or doc.get("id")
    if not isinstance(event_id, str) or not event_id:
        raise BadMessage("a CloudTrail record without eventID")
    region = record.get("awsRegion") or doc.get("region")
    account = record.get("recipientAccountId") or doc.get("account")
    return Event(
        record,
        event_id,
        name,
        source,
        region if isinstance(region, str) else None,
        account if isinstance(account, str) else None,
        parse_time(record.get("eventTime")) or parse_time(doc.get("time")),
    )


@functools.cache
def _writers() -> dict[tuple[str, str], tuple[str, ...]]:
    """(eventSource, eventName) -> the types whose resources the event writes."""
    found: dict[tuple[str, str], list[str]] = {}
    for name in sorted(TYPES):
        events = TYPES[name].events
        if events is None:
            continue
        for event_name in events.names:
            found.setdefault((events.source, event_name), []).append(name)
    return {key: tuple(types) for key, types in found.items()}


@dataclasses.dataclass(frozen=True)
class Write:
    """A type a record writes, how (create, change, delete), and the ids it names: those
    its `ids` paths give (`named`), and with the ARNs of `resources[]` (`all`)."""

    type: str
    kind: str
    named: frozenset[str]
    all: frozenset[str]


def writes(event: Event) -> list[Write]:
    """What the event writes, per type (none for a failed call or a read)."""
    if event.failed:
        return []
    out = []
    for rtype in _writers().get((event.source, event.name), ()):
        events = TYPES[rtype].events
        assert events is not None
        kind = events.kind_of(event.name)
        assert kind is not None
        bare = {k: v for k, v in event.record.items() if k != "resources"}
        out.append(Write(rtype, kind, record_ids(events, bare), record_ids(events, event.record)))
    return out


def id_forms(ids: frozenset[str], arns: bool) -> frozenset[str]:
    """Of the ids a record names, those of the form the type's ids have: ARNs, or names
    (an ARN's last part counts as a name)."""
    if arns:
        return frozenset(i for i in ids if i.startswith("arn:"))
    tails = {arn_tail(i) for i in ids}
    return frozenset(i for i in ids if not i.startswith("arn:")) | {t for t in tails if t}


def envelope(record: Mapping[str, Any]) -> dict[str, Any]:
    """The EventBridge event of a CloudTrail record, as an EventBridge rule on
    `"detail-type": ["AWS API Call via CloudTrail"]` delivers it to its targets."""
    source = str(record.get("eventSource") or "")
    return {
        "version": "0",
        "id": f"eb-{record.get('eventID')}",
        "detail-type": DETAIL_TYPE,
        "source": f"aws.{source.split('.', 1)[0]}",
        "account": record.get("recipientAccountId"),
        "time": record.get("eventTime"),
        "region": record.get("awsRegion"),
        "resources": [],
        "detail": dict(record),
    }
