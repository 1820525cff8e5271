"""What the messaging and serverless types share (SQS, SNS, DynamoDB, Lambda, Kinesis,
Step Functions): JSON-string attributes, tags given as a map, ids a create returns."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from driftctl.aws.policy import canonical_policy
from driftctl.core.model import Resource, is_known
from driftctl.declared.k8s.ack_context import AckContext
from driftctl.declared.raw import RawResource
from driftctl.resources.spec import cfn_identity
from driftctl.revert.calls import Attrs, Ctx, Pending

RECREATE = "AWS cannot change it in place (replace needed: a human decides)"


def keep(rtype: str, keys: frozenset[str]) -> Callable[[RawResource], list[Resource]]:
    """A Terraform resource whose compared attributes are its own, as they are."""

    def convert(raw: RawResource) -> list[Resource]:
        attrs = {k: v for k, v in raw.attrs.items() if k in keys}
        return [
            Resource(
                rtype, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance
            )
        ]

    return convert


def json_value(value: Any) -> Any:
    """A JSON document held as text (Terraform's jsonencode, AWS's attribute) as a value;
    anything else (unknowns, unparsable text, a parsed value) passes through."""
    if isinstance(value, str) and is_known(value):
        text = value.strip()
        if not text:
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return value
    return value


def normalize_json(*names: str, policies: tuple[str, ...] = ()) -> Callable[[Attrs], Attrs]:
    """JSON-string attributes parsed; policy documents in canonical form; "" as unset."""

    def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
        out = dict(attrs)
        for name in names:
            if name in out:
                out[name] = json_value(out[name])
        for name in policies:
            if name in out:
                value = out[name]
                out[name] = None if value == "" else canonical_policy(value)
        return out

    return normalize


def map_tags(tags: Mapping[str, Any] | None) -> dict[str, str]:
    """Tags AWS gives as a map, without the aws:* tags AWS sets itself."""
    return {k: str(v) for k, v in (tags or {}).items() if not k.startswith("aws:")}


def map_cfn_identity(tags: Mapping[str, Any] | None) -> dict[str, str]:
    return cfn_identity([{"Key": k, "Value": str(v)} for k, v in (tags or {}).items()])


def ack_map_tags(c: AckContext, value: Any) -> dict[str, Any] | None:
    """ACK's tags given as a map (SQS, Lambda), with the controller's own tags."""
    items = [{"key": k, "value": v} for k, v in value.items()] if isinstance(value, dict) else None
    return c.tags(items)


def pending(ctx: Ctx) -> Pending:
    return Pending(f"{ctx.label}.id")


def new_id(ctx: Ctx, desired: Attrs) -> Pending:
    return pending(ctx)


def text(value: Any) -> str:
    """A value as the string an attribute map takes (bools as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return "" if value is None else str(value)


def as_int(value: Any, default: int | None = None) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def as_bool(value: Any) -> bool:
    return str(value).lower() == "true" if not isinstance(value, bool) else value
