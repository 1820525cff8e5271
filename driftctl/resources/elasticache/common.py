"""What the ElastiCache types share: tags by ListTagsForResource on the ARN, the tag calls
of a revert, and a fresh read by the describe call's identifier."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.core.model import Resource
from driftctl.resources.generic import read_first, resource_name_tagger
from driftctl.resources.spec import DetailCall, ScanSpec
from driftctl.revert.calls import Attrs, Call, Ctx

if TYPE_CHECKING:
    from driftctl.revert.readers import Reader


def tags_updater(kind: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """AddTagsToResource / RemoveTagsFromResource on the resource's ARN."""
    return resource_name_tagger("elasticache", kind)


def tag_details(gone: frozenset[str]) -> DetailCall:
    """ListTagsForResource per item (the describe calls carry no tags)."""
    return DetailCall(
        "tags", "list_tags_for_resource", lambda item: {"ResourceName": item["ARN"]}, gone
    )


def read_by(
    spec: ScanSpec, operation: str, key: str, gone: frozenset[str]
) -> Callable[[Reader, Any], list[Resource]]:
    """A fresh read of one item: the scan's describe call with its identifier."""
    return read_first(spec, "elasticache", operation, key, gone)
