"""What the RDS types share: ARNs, tags (a list on the resource, or ListTagsForResource),
the tag calls of a revert, and a fresh read by the describe call's identifier filter."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.model import Resource
from driftctl.resources.generic import reader, tagger
from driftctl.resources.spec import DetailCall, Item, ScanSpec
from driftctl.revert.calls import Attrs, Call, Ctx

if TYPE_CHECKING:
    from driftctl.revert.readers import Reader


def rds_arn(ctx: Ctx, kind: str, attrs: Attrs) -> str:
    """The resource's ARN: the scanned one, else built from its id."""
    found = attrs.get("arn")
    if isinstance(found, str) and found.startswith("arn:"):
        return found
    return f"arn:aws:rds:{ctx.region}:{ctx.account}:{kind}:{ctx.id}"


def tags_updater(kind: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """AddTagsToResource / RemoveTagsFromResource on the resource's ARN."""
    return tagger(
        "rds",
        ("add_tags_to_resource", "Tags"),
        ("remove_tags_from_resource", "TagKeys"),
        lambda ctx, attrs: {"ResourceName": rds_arn(ctx, kind, attrs)},
    )


def tag_details(arn_key: str, gone: frozenset[str]) -> DetailCall:
    """ListTagsForResource per item, where the describe call carries no tags."""
    return DetailCall(
        "tags",
        "list_tags_for_resource",
        lambda item: {"ResourceName": item[arn_key]},
        gone,
    )


def listed_tags(details: Any) -> list[dict[str, str]]:
    return list((details or {}).get("TagList") or ())


def read_by(
    spec: ScanSpec, operation: str, key: str, gone: frozenset[str]
) -> Callable[[Reader, Any], list[Resource]]:
    """A fresh read of one item: the scan's describe call with its identifier."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get(spec.listing.result_key) or ()
        return dict(found[0]) if found else None

    def read(r: Reader, unit: Any) -> list[Resource]:
        return reader(spec, "rds", operation, lambda rid: {key: rid}, pick, gone)(r, unit)

    return read
