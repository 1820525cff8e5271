"""Which CloudTrail management events write a resource type (docs/attribution.md).

A type module declares, as data, the events that create, change and delete its
resources, and where a CloudTrail record names the resource's id. `driftctl scan
--attribute` reads them to find the event behind each drift; the registry lint
(tests/resources/test_event_mapping.py) checks every event name against botocore's model
of the service, so a typo fails in CI.

Where the id is: each entry of `ids` is a dotted path into the record
(`requestParameters.bucketName`, `responseElements.vpc.vpcId`; `[]` walks every item of
a list: `requestParameters.resourcesSet.items[].resourceId`), or a template joining
several such paths for an id made of parts
(`{requestParameters.roleName}:{requestParameters.policyName}`).
Every ARN in the record's `resources[]` is a candidate too, and so is an ARN's last part
(`arn:aws:iam::1:role/app` also names `app`), so a type whose id is its name or its ARN
needs no path for the events that list it there.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping
from typing import Any

_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
# CloudTrail names some events with the API version they were made with (Lambda's
# `UpdateFunctionConfiguration20150331v2`, CloudFront's `UpdateDistribution2020_05_31`)
_VERSION_SUFFIX = re.compile(r"(\d{8}(v\d+)?|\d{4}_\d{2}_\d{2})$")


@dataclasses.dataclass(frozen=True)
class Events:
    """The CloudTrail events that write one resource type."""

    source: str  # the records' eventSource: "ec2.amazonaws.com"
    service: str  # botocore's name of the service whose operations they are: "ec2"
    create: tuple[str, ...] = ()
    change: tuple[str, ...] = ()
    delete: tuple[str, ...] = ()
    # where a record names the id (see the module's docstring); resources[] ARNs always count
    ids: tuple[str, ...] = ()
    # what an event changes, where it is one part of the resource: event -> attributes.
    # An event not listed here may change any attribute.
    touches: Mapping[str, frozenset[str]] = dataclasses.field(default_factory=dict)
    # whether CloudTrail's LookupEvents finds the events by the id as ResourceName
    # (it indexes the names and ARNs a record's resources[] lists); else they are looked
    # up by event name and matched here
    indexed: bool = True
    # event names CloudTrail gives that are not the API operation's name: event ->
    # operation (S3 logs PutPublicAccessBlock as `PutBucketPublicAccessBlock`)
    operations: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # the id of the one resource of its type an account holds (its password policy): every
    # record of these events names it, whatever its parameters
    only_id: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.create, *self.change, *self.delete)

    def kind_of(self, event_name: str) -> str | None:
        """ "create", "change" or "delete" for an event of this type, else None."""
        for kind, names in (("create", self.create), ("change", self.change)):
            if event_name in names:
                return kind
        return "delete" if event_name in self.delete else None

    def touched(self, event_name: str) -> frozenset[str] | None:
        """The attributes the event changes, or None: any of them."""
        return self.touches.get(event_name)


def operation_name(events: Events, event_name: str) -> str:
    """The API operation an event name is (its API-version suffix dropped)."""
    return events.operations.get(event_name) or _VERSION_SUFFIX.sub("", event_name)


def values_at(record: Any, path: str) -> Iterator[Any]:
    """Every value at a dotted path of a record; `[]` walks each item of a list."""
    found: list[Any] = [record]
    for part in path.split("."):
        walk = part.endswith("[]")
        key = part[:-2] if walk else part
        step: list[Any] = []
        for value in found:
            value = value.get(key) if isinstance(value, Mapping) else None
            if value is None:
                continue
            if walk:
                step.extend(value if isinstance(value, list) else ())
            else:
                step.append(value)
        found = step
    yield from found


def _filled(template: str, record: Any) -> Iterator[str]:
    paths = _PLACEHOLDER.findall(template)
    if not paths:
        for value in values_at(record, template):
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                yield str(value)
        return
    parts: list[str] = []
    for path in paths:
        first = next((v for v in values_at(record, path) if isinstance(v, (str, int))), None)
        if first is None:
            return
        parts.append(str(first))
    text = _PLACEHOLDER.sub(lambda _m: parts.pop(0), template)
    yield text


def arn_tail(arn: str) -> str | None:
    """The last part of an ARN (its resource name), or None for what is not an ARN."""
    if not arn.startswith("arn:"):
        return None
    tail = arn.split(":", 5)[-1]
    return tail.rsplit("/", 1)[-1] if tail else None


def record_ids(events: Events, record: Mapping[str, Any]) -> frozenset[str]:
    """Every id a CloudTrail record names for a resource of this type."""
    found: set[str] = {events.only_id} if events.only_id else set()
    for template in events.ids:
        found.update(_filled(template, record))
    for resource in record.get("resources") or ():
        arn = resource.get("ARN") if isinstance(resource, Mapping) else None
        if isinstance(arn, str):
            found.add(arn)
    for value in list(found):
        tail = arn_tail(value)
        if tail:
            found.add(tail)
    return frozenset(found)
