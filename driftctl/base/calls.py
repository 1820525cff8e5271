"""The data a revert plan is made of: API calls, placeholders, read units, call contexts."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

Attrs = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Pending:
    """A value only known once an earlier call of the plan has run (a new group's id)."""

    name: str

    def to_json(self) -> dict[str, str]:
        return {"$pending": self.name}


@dataclasses.dataclass(frozen=True, eq=False)
class Call:
    """One AWS API call: boto3 `service` client, `operation` method, keyword `params`.

    `params` may hold `Pending` values; `outputs` names values of the response that later
    calls wait for (Pending name -> key of the response holding it, e.g. "GroupId").
    """

    service: str
    operation: str
    params: Mapping[str, Any]
    region: str
    outputs: Mapping[str, str] = dataclasses.field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.service}.{self.operation}"

    def to_json(self) -> dict[str, Any]:
        return {
            "service": self.service,
            "operation": self.operation,
            "region": self.region,
            "params": plain(self.params),
            "outputs": dict(sorted(self.outputs.items())),
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Call:
        return cls(
            doc["service"],
            doc["operation"],
            unplain(doc["params"]),
            doc["region"],
            dict(doc.get("outputs") or {}),
        )


def plain(value: Any) -> Any:
    """Params as plain JSON: Pending becomes {"$pending": name}."""
    if isinstance(value, Pending):
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def unplain(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$pending"}:
            return Pending(str(value["$pending"]))
        return {k: unplain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unplain(v) for v in value]
    return value


def has_pending(value: Any) -> bool:
    if isinstance(value, Pending):
        return True
    if isinstance(value, Mapping):
        return any(has_pending(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(has_pending(v) for v in value)
    return False


def resolve_pending(value: Any, outputs: Mapping[str, Any]) -> Any:
    if isinstance(value, Pending):
        return outputs[value.name]
    if isinstance(value, Mapping):
        return {k: resolve_pending(v, outputs) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [resolve_pending(v, outputs) for v in value]
    return value


@functools.total_ordering
@dataclasses.dataclass(frozen=True)
class Unit:
    """What one fresh read returns: a scan spec's item with everything built from it.

    A bucket with its versioning, encryption, public access block and policy; a role with
    its inline policies and attachments; a group, a subnet, a VPC, a policy, a user.
    `id` is the item's id (bucket name, role name, sg-..., policy ARN), or None with
    `pending` naming the output that will hold the id of a resource the plan creates.
    """

    scan: str
    region: str
    id: str | None
    pending: str | None = None

    def __lt__(self, other: object) -> bool:
        """Ordered by scan, region, id, pending: a missing id or pending sorts first (a
        unit read before its id was known and the same unit after both occur in one list)."""
        if not isinstance(other, Unit):
            return NotImplemented
        return self._key() < other._key()

    def _key(self) -> tuple[str, str, bool, str, bool, str]:
        return (
            self.scan,
            self.region,
            self.id is not None,
            self.id or "",
            self.pending is not None,
            self.pending or "",
        )

    @property
    def label(self) -> str:
        return f"{self.scan}:{self.id or '<' + str(self.pending) + '>'}"

    def to_json(self) -> dict[str, Any]:
        return {"scan": self.scan, "region": self.region, "id": self.id, "pending": self.pending}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Unit:
        return cls(doc["scan"], doc["region"], doc.get("id"), doc.get("pending"))


@dataclasses.dataclass(frozen=True)
class Ctx:
    """What a type's revert functions know about the resource they act on."""

    id: str | Pending  # the AWS id (bucket name, sg-..., role name, policy ARN)
    region: str  # where its API calls go
    label: str  # address or type.id: for messages and Pending names
    account: str = ""
    facts: Mapping[str, Any] = dataclasses.field(default_factory=dict)  # plan-time reads

    def call(self, service: str, operation: str, **params: Any) -> Call:
        return Call(service, operation, params, self.region)

    def producing(
        self, outputs: Mapping[str, str], service: str, operation: str, **params: Any
    ) -> Call:
        """A call whose response holds values later calls wait for (Pending name -> key)."""
        return Call(service, operation, params, self.region, dict(outputs))
