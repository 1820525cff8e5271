"""What the EC2 types share: ARNs, describe-by-id reads, tags and ids in a revert."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.core.model import Resource
from driftctl.declared.raw import RawResource
from driftctl.resources.spec import Item, ScanSpec
from driftctl.revert.calls import Attrs, Call, Ctx, Pending, Unit
from driftctl.revert.spec import Updater, tag_delta, tag_list

if TYPE_CHECKING:
    from driftctl.revert.readers import Reader

RECREATE = "AWS cannot change it in place (re-create the resource by hand)"


def arn(region: str, item: Item, kind: str, key: str) -> str:
    return f"arn:aws:ec2:{region}:{item.get('OwnerId', '')}:{kind}/{item[key]}"


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
        calls.append(ctx.call("ec2", "create_tags", Resources=[ctx.id], Tags=tag_list(to_set)))
    if to_remove:
        tags = [{"Key": k} for k in to_remove]
        calls.append(ctx.call("ec2", "delete_tags", Resources=[ctx.id], Tags=tags))
    return calls


TAGS = Updater(("tags",), _tags)


def tag_spec(kind: str, desired: Attrs) -> dict[str, Any]:
    tags = desired.get("tags") or {}
    return {"TagSpecifications": [{"ResourceType": kind, "Tags": tag_list(tags)}]} if tags else {}


def pending(ctx: Ctx) -> Pending:
    return Pending(f"{ctx.label}.id")


def new_id(ctx: Ctx, desired: Attrs) -> Pending:
    return pending(ctx)


def deleter(operation: str, key: str) -> Callable[[Ctx, Attrs, list[Resource]], list[Call]]:
    def calls(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
        return [ctx.call("ec2", operation, **{key: ctx.id})]

    return calls
