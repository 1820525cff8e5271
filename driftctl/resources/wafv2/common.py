"""What the WAFv2 types share: the scope read, the not-found error, the list, get, tag
and delete calls, the lock token an update or delete sends, CloudTrail's events, and the
AWS <-> Terraform shape of WAF documents (the rules of web ACLs and rule groups)."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

import botocore.session

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.helpers import reader, tagger
from driftctl.base.revert import Updater
from driftctl.base.spec import DetailCall, Details, Item, ListCall, ScanSpec
from driftctl.core.compare import scalar_equal
from driftctl.core.model import Resource

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


def where(item: Item) -> dict[str, Any]:
    """A listed item's name, scope and id (its Get call's parameters)."""
    return {"Name": item["Name"], "Scope": SCOPE, "Id": item["Id"]}


def listing(operation: str, key: str) -> ListCall:
    """A List call of the REGIONAL scope, paged by its NextMarker, 100 a page."""
    params = {"Scope": SCOPE, "Limit": 100}
    return ListCall(operation, key, params, paginated=False, marker="NextMarker")


def details(key: str, operation: str) -> tuple[DetailCall, ...]:
    """The Get call of each listed item (answer under `key`) and its tags (under "tags")."""
    return (
        DetailCall(key, operation, where, GONE),
        DetailCall("tags", "list_tags_for_resource", lambda i: {"ResourceARN": i["ARN"]}, GONE),
    )


def tag_list(found: Details) -> Any:
    """The tag list ListTagsForResource answered."""
    return (found.get("tags") or {}).get("TagInfoForResource", {}).get("TagList")


def read_one(scan: ScanSpec, operation: str, key: str) -> Callable[[Any, Any], list[Resource]]:
    """One item: the first page of its List call, the item picked out by its id."""

    def read(r: Any, unit: Any) -> list[Resource]:
        def pick(answer: Any) -> Item | None:
            found = (answer or {}).get(key) or ()
            return next((dict(s) for s in found if s["Id"] == unit.id), None)

        params = {"Scope": SCOPE, "Limit": 100}
        return reader(scan, SERVICE, operation, lambda rid: params, pick, GONE)(r, unit)

    return read


def deleter(operation: str, fact: str) -> Callable[[Ctx, Attrs, list[Resource]], list[Call]]:
    """The Delete call, against the lock token of the plan's Get call (`fact`)."""

    def delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
        token = lock_token(ctx, live, fact)
        params = {"Name": live.get("name"), "Scope": SCOPE, "Id": ctx.id, "LockToken": token}
        return [ctx.call(SERVICE, operation, **params)]

    return delete


def events(noun: str, touches: Mapping[str, frozenset[str]] | None = None) -> Events:
    """CloudTrail's Create<noun>, Update<noun>, Delete<noun> and tag events."""
    tagged = frozenset({"tags"})
    return Events(
        source="wafv2.amazonaws.com",
        service=SERVICE,
        create=(f"Create{noun}",),
        change=(f"Update{noun}", "TagResource", "UntagResource"),
        delete=(f"Delete{noun}",),
        ids=("responseElements.summary.id", "requestParameters.id"),
        touches={"TagResource": tagged, "UntagResource": tagged, **(touches or {})},
        indexed=False,
    )


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
_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def _snake(key: str) -> str:
    pascal = key[:1].upper() + key[1:]
    if pascal in _RENAMED:
        return _RENAMED[pascal]
    return "_".join(part.lower() for part in _SPLIT.split(pascal))


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


@functools.lru_cache(maxsize=1)
def _model() -> Any:
    return botocore.session.get_session().get_service_model(SERVICE)


def to_aws(value: Any, shape_name: str) -> Any:
    """Terraform's blocks as the AWS object of botocore's shape `shape_name` ("Rule",
    "DefaultAction"): which names hold one object and which a list, from the model."""
    return _to_shape(value, _model().shape_for(shape_name))


def _to_shape(value: Any, shape: Any) -> Any:
    if shape.type_name == "structure":
        if isinstance(value, list):
            value = value[0] if value and isinstance(value[0], dict) else {}
        if not isinstance(value, dict):
            return value
        members = {_snake(name): name for name in shape.members}
        return {
            members[key]: _to_shape(item, shape.members[members[key]])
            for key, item in value.items()
            if key in members and item is not None
        }
    if shape.type_name == "list" and isinstance(value, list):
        return [_to_shape(item, shape.member) for item in value]
    return value


def ordered(value: Any, defaults: Mapping[str, Any]) -> Any:
    """Blocks Terraform holds as sets of prioritised items (rules, text transformations)
    in priority order, recursively; no None values, and none equal to `defaults` (what AWS
    fills where a block leaves it unset)."""
    if isinstance(value, dict):
        return {
            k: ordered(v, defaults)
            for k, v in value.items()
            if v is not None and not (k in defaults and scalar_equal(defaults[k], v))
        }
    if isinstance(value, list):
        items = [ordered(v, defaults) for v in value]
        if items and all(isinstance(i, dict) and "priority" in i for i in items):
            items.sort(key=lambda i: _number(i.get("priority")))
        return items
    return value


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("inf")


# --- rules: what web ACLs and rule groups share -----------------------------------------------
# values AWS fills where a rule leaves them unset (and Terraform's schema defaults to):
# dropped on both sides, so a rule compared whole is not drift for them
RULE_DEFAULTS = {
    "evaluation_window_sec": 300,
    "aggregate_key_type": "IP",
    "oversize_handling": "CONTINUE",
    # a rule's empty CAPTCHA or challenge configuration is none (the web ACL's applies)
    "captcha_config": [{}],
    "challenge_config": [{}],
}


def rules(found: Any) -> list[Any]:
    """AWS's (or CloudFormation's, or ACK's) rules as Terraform's rule blocks."""
    return [block for rule in found or () for block in from_aws(rule)]


def rule_json(text: Any) -> Any:
    """`rule_json` / Crossplane's `ruleJson`: AWS's JSON of the rules, as rule blocks."""
    if not isinstance(text, str):
        return None
    try:
        parsed = json.loads(text)
    except ValueError:
        return None
    return rules(parsed) if isinstance(parsed, list) else None


def aws_rules(attrs: Attrs) -> dict[str, Any]:
    """VisibilityConfig and Rules as AWS (and CloudFormation) hold them."""
    return {
        "VisibilityConfig": to_aws(attrs.get("visibility_config") or [], "VisibilityConfig"),
        "Rules": [to_aws(rule, "Rule") for rule in attrs.get("rule") or ()],
    }


def normalizer(documents: tuple[str, ...]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Rules and text transformations in priority order, AWS's fills dropped; no
    description is an empty one."""

    def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
        out = dict(attrs)
        for name in documents:
            if isinstance(out.get(name), list):
                out[name] = ordered(out[name], RULE_DEFAULTS)
        if "description" in out and out["description"] is None:
            out["description"] = ""
        return out

    return normalize
