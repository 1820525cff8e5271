"""What the EC2 types share: ARNs, describe-by-id reads, tags and ids in a revert."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.helpers import pairs
from driftctl.base.revert import Updater, tag_delta
from driftctl.base.spec import Item, ScanSpec
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader


def arn(region: str, item: Item, kind: str, key: str) -> str:
    return f"arn:aws:ec2:{region}:{item.get('OwnerId', '')}:{kind}/{item[key]}"


def by_id(spec: ScanSpec, filter_name: str) -> Callable[[Reader, Unit], list[Resource]]:
    """A fresh read of one item: the scan's own describe call, filtered by its id."""

    def read(reader: Reader, unit: Unit) -> list[Resource]:
        filters = [{"Name": filter_name, "Values": [unit.id]}]
        listing = spec.listing
        found = reader.call("ec2", unit.region, listing.operation, {"Filters": filters})
        out: list[Resource] = []
        for item in found.get(listing.result_key) or []:
            out.extend(spec.build(item, reader.details(spec, unit, item), unit.region))
        return out

    return read


# -- revert ---------------------------------------------------------------------------


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    calls = []
    if to_set:
        calls.append(ctx.call("ec2", "create_tags", Resources=[ctx.id], Tags=pairs(to_set)))
    if to_remove:
        tags = [{"Key": k} for k in to_remove]
        calls.append(ctx.call("ec2", "delete_tags", Resources=[ctx.id], Tags=tags))
    return calls


TAGS = Updater(("tags",), _tags)


def tag_spec(kind: str, desired: Attrs) -> dict[str, Any]:
    tags = desired.get("tags") or {}
    return {"TagSpecifications": [{"ResourceType": kind, "Tags": pairs(tags)}]} if tags else {}


def deleter(operation: str, key: str) -> Callable[[Ctx, Attrs, list[Resource]], list[Call]]:
    def calls(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
        return [ctx.call("ec2", operation, **{key: ctx.id})]

    return calls
