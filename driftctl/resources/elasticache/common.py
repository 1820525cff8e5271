"""What the ElastiCache types share: tags by ListTagsForResource on the ARN, the tag calls
of a revert, and a fresh read by the describe call's identifier."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.model import Resource
from driftctl.resources.generic import reader, tagger
from driftctl.resources.spec import DetailCall, Item, ScanSpec
from driftctl.revert.calls import Attrs, Call, Ctx

if TYPE_CHECKING:
    from driftctl.revert.readers import Reader


def cache_arn(ctx: Ctx, kind: str, attrs: Attrs) -> str:
    """The resource's ARN: the scanned one, else built from its id."""
    found = attrs.get("arn")
    if isinstance(found, str) and found.startswith("arn:"):
        return found
    return f"arn:aws:elasticache:{ctx.region}:{ctx.account}:{kind}:{ctx.id}"


def tags_updater(kind: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """AddTagsToResource / RemoveTagsFromResource on the resource's ARN."""
    return tagger(
        "elasticache",
        ("add_tags_to_resource", "Tags"),
        ("remove_tags_from_resource", "TagKeys"),
        lambda ctx, attrs: {"ResourceName": cache_arn(ctx, kind, attrs)},
    )


def tag_details(gone: frozenset[str]) -> DetailCall:
    """ListTagsForResource per item (the describe calls carry no tags)."""
    return DetailCall(
        "tags", "list_tags_for_resource", lambda item: {"ResourceName": item["ARN"]}, gone
    )


def read_by(
    spec: ScanSpec, operation: str, key: str, gone: frozenset[str]
) -> Callable[[Reader, Any], list[Resource]]:
    """A fresh read of one item: the scan's describe call with its identifier."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get(spec.listing.result_key) or ()
        return dict(found[0]) if found else None

    def read(r: Reader, unit: Any) -> list[Resource]:
        return reader(spec, "elasticache", operation, lambda rid: {key: rid}, pick, gone)(r, unit)

    return read
