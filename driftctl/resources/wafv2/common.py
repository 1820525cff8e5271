"""What the WAFv2 types share: the scope read, the not-found error, the tag calls, the
lock token an update or delete sends, and the AWS <-> Terraform shape of WAF documents."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from driftctl.base.calls import Attrs, Ctx
from driftctl.base.helpers import tagger
from driftctl.base.revert import Updater

SERVICE = "wafv2"
SCOPE = "REGIONAL"  # the CLOUDFRONT scope (us-east-1 only) is not read yet
GONE = frozenset({"WAFNonexistentItemException"})


def tags_updater(kind: str) -> Updater:
    """TagResource / UntagResource on the scanned ARN (else the one AWS would give)."""

    def arn(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
        found = attrs.get("arn")
        if not (isinstance(found, str) and found.startswith("arn:")):
            name = attrs.get("name")
            found = f"arn:aws:wafv2:{ctx.region}:{ctx.account}:regional/{kind}/{name}/{ctx.id}"
        return {"ResourceARN": found}

    calls = tagger(SERVICE, ("tag_resource", "Tags"), ("untag_resource", "TagKeys"), arn)
    return Updater(("tags",), calls)


def lock_token(ctx: Ctx, live: Attrs, fact: str) -> str:
    """The lock token the Get call answered when the plan was made, else the scan's."""
    return str((ctx.facts.get(fact) or {}).get("LockToken") or live.get("lock_token") or "")


def located(ctx: Ctx, live: Attrs) -> dict[str, Any] | None:
    """Name, scope and id: what every Get, Update and Delete call names an item by."""
    name = live.get("name")
    return {"Name": name, "Scope": SCOPE, "Id": ctx.id} if name else None


def aws_tags(tags: Any) -> list[dict[str, str]]:
    return [{"Key": k, "Value": str(v)} for k, v in sorted((tags or {}).items())]


# --- WAF documents: AWS's JSON (PascalCase, or ACK's camelCase) <-> Terraform's blocks --------
# Terraform holds every nested object as a block (a list of one dict, as HCL parses it) and
# names a few lists in the singular; the rest is the same name in snake case.
_RENAMED = {
    "TextTransformations": "text_transformation",
    "Statements": "statement",
    "RuleActionOverrides": "rule_action_override",
    "RuleLabels": "rule_label",
    "CustomKeys": "custom_key",
    "InsertHeaders": "insert_header",
    "ResponseHeaders": "response_header",
    "ExcludedRules": "excluded_rule",
    "CloudWatchMetricsEnabled": "cloudwatch_metrics_enabled",
}
_BACK = {v: k for k, v in _RENAMED.items()}
_WORDS = {"ip": "IP", "arn": "ARN", "uri": "URI", "ja3": "JA3", "ja4": "JA4", "asn": "ASN"}
_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def _snake(key: str) -> str:
    pascal = key[:1].upper() + key[1:]
    if pascal in _RENAMED:
        return _RENAMED[pascal]
    return "_".join(part.lower() for part in _SPLIT.split(pascal))


def _pascal(key: str) -> str:
    if key in _BACK:
        return _BACK[key]
    return "".join(_WORDS.get(part, part.capitalize()) for part in key.split("_"))


def from_aws(value: Any) -> Any:
    """An AWS WAF object in Terraform's block shape (every object a list of one dict)."""
    if isinstance(value, dict):
        return [{_snake(k): _value(v) for k, v in value.items()}]
    return _value(value)


def _value(value: Any) -> Any:
    if isinstance(value, dict):
        return from_aws(value)
    if isinstance(value, list):
        return [item for v in value for item in (from_aws(v) if isinstance(v, dict) else [v])]
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def to_aws(value: Any, many: Callable[[str], bool]) -> Any:
    """Terraform's blocks (lists of dicts) as AWS's objects; `many(key)` says which keys
    hold a list of objects (the rest hold one)."""
    if isinstance(value, list) and value and isinstance(value[0], dict):
        value = value[0]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, item in value.items():
        if item is None:
            continue
        name = _pascal(key)
        if isinstance(item, list) and item and all(isinstance(i, dict) for i in item):
            if many(name):
                out[name] = [to_aws(i, many) for i in item]
            else:
                out[name] = to_aws(item[0], many)
        else:
            out[name] = item
    return out


def plural(name: str) -> bool:
    """Whether AWS holds a list of objects under `name` (TextTransformations, Statements)."""
    return name in _RENAMED or name in ("Rules", "ManagedRuleGroupConfigs", "Headers", "Cookies")


def ordered(value: Any) -> Any:
    """Blocks Terraform holds as sets of prioritised items (rules, text transformations)
    in priority order, recursively; no None values."""
    if isinstance(value, dict):
        return {k: ordered(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        items = [ordered(v) for v in value]
        if items and all(isinstance(i, dict) and "priority" in i for i in items):
            items.sort(key=lambda i: _number(i.get("priority")))
        return items
    return value


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("inf")
