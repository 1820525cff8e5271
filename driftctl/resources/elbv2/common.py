"""What the elbv2 types share: tags (DescribeTags by ARN), the tag calls of a revert,
attribute lists as a dict, and a fresh read of one item by its ARN."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.helpers import reader, tagger
from driftctl.base.spec import DetailCall, Details, Item, ScanSpec, cfn_identity, tag_dict
from driftctl.core.model import Resource

SERVICE = "elbv2"
# the error codes meaning the load balancer, target group or listener is gone
GONE = frozenset({"LoadBalancerNotFound", "TargetGroupNotFound", "ListenerNotFound"})


def tags_call(arn_key: str) -> DetailCall:
    """DescribeTags for one item's ARN (the API takes up to 20; the scanner asks per item)."""
    return DetailCall("tags", "describe_tags", lambda i: {"ResourceArns": [i[arn_key]]}, GONE)


def live_tags(details: Details) -> tuple[dict[str, str], dict[str, str]]:
    """(tags, CloudFormation identity) from DescribeTags' answer."""
    found = (details.get("tags") or {}).get("TagDescriptions") or [{}]
    tags = found[0].get("Tags")
    return tag_dict(tags), cfn_identity(tags)


def attribute_map(details: Details, key: str = "attributes") -> dict[str, str]:
    """Describe*Attributes' [{"Key", "Value"}] as a dict."""
    pairs = (details.get(key) or {}).get("Attributes") or ()
    return {str(p["Key"]): str(p.get("Value", "")) for p in pairs}


def _arns(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
    return {"ResourceArns": [ctx.id]}


TAGS: Callable[[Ctx, Attrs, Attrs], list[Call]] = tagger(
    SERVICE, ("add_tags", "Tags"), ("remove_tags", "TagKeys"), _arns
)


def by_arn(
    spec: ScanSpec, operation: str, params_key: str, result_key: str
) -> Callable[[Any, Any], list[Resource]]:
    """A fresh read of one item: `operation` with its ARN, then the scan's detail calls."""

    def item(answer: Mapping[str, Any] | None) -> Item | None:
        found = (answer or {}).get(result_key) or []
        return dict(found[0]) if found else None

    return reader(spec, SERVICE, operation, lambda arn: {params_key: [arn]}, item, GONE)


def deleter(operation: str, key: str) -> Callable[[Ctx, Attrs, list[Resource]], list[Call]]:
    def calls(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
        return [ctx.call(SERVICE, operation, **{key: ctx.id})]

    return calls
