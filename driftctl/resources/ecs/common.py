"""What the ECS types share: tags as [{key, value}] (lowercase, ECS's dialect), the tag
calls of a revert by ARN, and names read out of ECS ARNs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.helpers import pairs, tag_items, tagger
from driftctl.base.spec import ListCall, cfn_identity

SERVICE = "ecs"
# every cluster, a page (up to 100 ARNs) per item: DescribeClusters takes 100 at once, and
# the services are listed cluster by cluster (aws_ecs_cluster's and aws_ecs_service's
# scans list them with this same call, which the scanner makes once)
CLUSTERS = ListCall(
    "list_clusters", "clusterArns", page_size=100, item_key="clusterArns", whole_pages=True
)


def live_tags(items: list[dict[str, Any]] | None) -> tuple[dict[str, str], dict[str, str]]:
    """(tags, CloudFormation identity) from ECS's [{key, value}]."""
    tags = tag_items(items, "key", "value")
    found = [{"Key": t.get("key"), "Value": t.get("value", "")} for t in items or ()]
    return tags, cfn_identity(found)


def ecs_tags(tags: dict[str, str]) -> list[dict[str, str]]:
    return pairs(tags, "key", "value")


def name_of(value: Any) -> Any:
    """An ECS ARN's last part (`arn:…:cluster/web` -> `web`); a name stays as it is."""
    if isinstance(value, str) and value.startswith("arn:"):
        return value.rsplit("/", 1)[-1]
    return value


def _arn(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
    return {"resourceArn": attrs.get("arn") or str(ctx.id)}


TAGS: Callable[[Ctx, Attrs, Attrs], list[Call]] = tagger(
    SERVICE, ("tag_resource", "tags"), ("untag_resource", "tagKeys"), _arn, ecs_tags
)
