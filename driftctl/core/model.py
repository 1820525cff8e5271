"""The plain data passed between pipeline stages (docs/architecture.md §2)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from typing import Any, Literal

Kind = Literal["changed", "missing", "unmanaged"]
KINDS: tuple[Kind, ...] = ("changed", "missing", "unmanaged")


@dataclasses.dataclass(frozen=True)
class Unknown:
    """A declared value that cannot be known before apply. Never drift."""

    reason: str
    # the declared address this value waits on, when that is why it is unknown
    depends_on: str | None = dataclasses.field(default=None, compare=False)

    def to_json(self) -> dict[str, str]:
        return {"$unknown": self.reason}


@dataclasses.dataclass(frozen=True)
class Ref:
    """A reference to another declared resource's attribute, e.g. aws_vpc.main.id.

    `path` is the attribute path below the resource (("id",), ("tags", "Name")).
    Resolved by matching once the target is bound to a live resource.
    """

    address: str
    path: tuple[str | int, ...]
    # A template around the reference: the resolved value is prefix + value + suffix.
    prefix: str = ""
    suffix: str = ""

    @property
    def expression(self) -> str:
        tail = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
        return f"{self.prefix}${{{self.address}{tail}}}{self.suffix}"

    def to_json(self) -> dict[str, str]:
        return {"$unknown": f"{self.expression} is known after apply"}


@dataclasses.dataclass(frozen=True)
class SourceRef:
    file: str
    line: int
    end_line: int | None = None
    # 1-based columns of a span (end exclusive), where the loader knows them: slicing the
    # file's text from (line, col) to (end_line, end_col) gives the literal exactly
    col: int | None = None
    end_col: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line}


@dataclasses.dataclass(frozen=True)
class Resource:
    type: str
    id: str | None
    address: str | None
    attrs: dict[str, Any]
    source: SourceRef | None = None
    region: str | None = None
    account: str | None = None
    # attribute path -> where its value came from (declared side only)
    provenance: dict[str, SourceRef] = dataclasses.field(default_factory=dict, compare=False)
    # declared side: compared but never reverted (Crossplane ["Observe"], ACK read-only)
    observe_only: bool = dataclasses.field(default=False, compare=False)
    # declared side: the canonical type a Ref to `address` means (the bucket, not the
    # versioning split out of it); None: derived from a Terraform address (engine/match.py)
    address_type: str | None = dataclasses.field(default=None, compare=False)
    # declared side: the attribute paths whose values are sensitive, list indices as [*]
    # (`tags.Token`, `ingress[*].description`); driftctl.core.sensitive, docs/sensitive.md
    sensitive: frozenset[str] = dataclasses.field(default=frozenset(), compare=False)
    # declared side: attribute -> the live values (reference -> value) it was evaluated
    # with, for the attributes that became known by binding through the match
    bound: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict, compare=False)

    @property
    def key(self) -> str:
        return self.address or f"{self.type}.{self.id}"


@dataclasses.dataclass(frozen=True)
class Change:
    path: str
    expected: Any
    actual: Any
    # the declared value is sensitive: compared as any other, never shown (nor hashed)
    sensitive: bool = False
    # where the part of `expected` known only after apply came from: the references it
    # was evaluated with and the live values they took (reference -> value)
    bound: dict[str, Any] | None = dataclasses.field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """As every output shows it: a sensitive value is "(sensitive)", a value under a
        secret-looking name *** (driftctl.core.mask); `sensitive: true` only when set;
        `bound` masked the same way."""
        from driftctl.core.mask import shown, shown_bound

        out: dict[str, Any] = {
            "path": self.path,
            "expected": shown(self.path, self.expected, self.sensitive),
            "actual": shown(self.path, self.actual, self.sensitive),
        }
        if self.sensitive:
            out["sensitive"] = True
        if self.bound:
            out["bound"] = shown_bound(self.bound, self.sensitive)
        return out


@dataclasses.dataclass(frozen=True)
class Drift:
    kind: Kind
    type: str
    id: str | None
    address: str | None
    source: SourceRef | None
    changes: tuple[Change, ...] = ()
    action: str = "report"
    severity: str = "medium"
    rule: str | None = None
    account: str | None = None
    region: str | None = None  # the scanned region, or "global" for IAM and S3
    tags: dict[str, str] = dataclasses.field(default_factory=dict, compare=False)
    # declared as observe-only: rules may report it, never revert it
    observe_only: bool = dataclasses.field(default=False, compare=False)
    # `scan --attribute` (docs/attribution.md): the CloudTrail event behind it, or
    # {"unknown": reason}; an unmanaged one's creation time and age in days. None: not
    # asked, and not in the JSON (a report without --attribute is unchanged)
    attribution: Mapping[str, Any] | None = dataclasses.field(default=None, compare=False)
    created: str | None = dataclasses.field(default=None, compare=False)
    age_days: int | None = dataclasses.field(default=None, compare=False)

    @property
    def fingerprint(self) -> str:
        """sha256 of what identifies the drift, values as the report shows them: a
        sensitive value is never hashed (a hash of a secret can be guessed back)."""
        body = {
            "kind": self.kind,
            "type": self.type,
            "id": self.id,
            "address": self.address,
            "account": self.account,
            "region": self.region,
            # what was compared, as shown, not where a bound value came from
            "changes": [
                {k: v for k, v in c.to_json().items() if k != "bound"} for c in self.changes
            ],
        }
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
        return f"sha256:{digest}"

    def sort_key(self) -> tuple[str, ...]:
        return drift_sort_key(
            self.type, self.address, self.id, self.kind, self.account, self.region
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "type": self.type,
            "id": self.id,
            "address": self.address,
            "source": self.source.to_json() if self.source else None,
            "changes": [c.to_json() for c in self.changes],
            "action": self.action,
            "severity": self.severity,
            "rule": self.rule,
            "account": self.account,
            "region": self.region,
            "fingerprint": self.fingerprint,
            **self._attribution_json(),
        }

    def _attribution_json(self) -> dict[str, Any]:
        if self.attribution is None:
            return {}
        out: dict[str, Any] = {"attribution": dict(self.attribution)}
        if self.kind == "unmanaged":
            out.update(created=self.created, age_days=self.age_days)
        return out


def drift_sort_key(
    rtype: str,
    address: str | None,
    rid: str | None,
    kind: str,
    account: str | None,
    region: str | None,
) -> tuple[str, ...]:
    """The total order of drifts in every report: (type, address or id, kind, ...)."""
    return (rtype, address or rid or "", kind, account or "", region or "", rid or "")


def json_drift_sort_key(d: dict[str, Any]) -> tuple[str, ...]:
    return drift_sort_key(
        d["type"], d["address"], d["id"], d["kind"], d.get("account"), d.get("region")
    )


@dataclasses.dataclass(frozen=True)
class ScanError:
    scope: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"scope": self.scope, "message": self.message}


@dataclasses.dataclass(frozen=True)
class Report:
    summary: dict[str, Any]
    drifts: tuple[Drift, ...]
    errors: tuple[ScanError, ...] = ()
    unknown: tuple[dict[str, str], ...] = ()
    # (type, id) of the live resources that matched a declaration (-o plan://); not in JSON
    managed: tuple[tuple[str, str], ...] = dataclasses.field(default=(), compare=False)
    # (type, id) of a managed live resource -> its declaration's sensitive paths (-o plan://
    # masks them); not in JSON
    sensitive: Mapping[tuple[str, str], frozenset[str]] = dataclasses.field(
        default_factory=dict, compare=False
    )

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": 1,
            "summary": self.summary,
            "drifts": [d.to_json() for d in self.drifts],
            "errors": [e.to_json() for e in self.errors],
        }


PLAIN_LEAVES = frozenset({str, int, float, bool, type(None)})  # to_plain gives them back


def to_plain(value: Any) -> Any:
    """Render attrs as plain JSON: Unknown and Ref become {"$unknown": ...}."""
    if type(value) in PLAIN_LEAVES:
        return value
    if isinstance(value, (Unknown, Ref)):
        return value.to_json()
    if isinstance(value, dict):  # a plain item without a call: renders walk millions
        leaves = PLAIN_LEAVES
        return {str(k): v if type(v) in leaves else to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        leaves = PLAIN_LEAVES
        return [v if type(v) in leaves else to_plain(v) for v in value]
    return value


def is_known(value: Any) -> bool:
    """True when no Unknown or Ref appears anywhere inside value."""
    if isinstance(value, (Unknown, Ref)):
        return False
    if isinstance(value, dict):
        return all(is_known(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(is_known(v) for v in value)
    return True
