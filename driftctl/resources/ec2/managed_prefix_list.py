"""aws_ec2_managed_prefix_list: a customer-managed prefix list: its name, address family,
largest size, entries (CIDR and description) and tags.

Live: DescribeManagedPrefixLists pages (100 a call), plus GetManagedPrefixListEntries
pages per list (no list or batch call carries the entries), made only for a list some
declaration names; deleted lists are left out. The lists AWS manages (owner `AWS`: S3,
DynamoDB, CloudFront and the like) are AWS's own: never unmanaged, and their entries are
not read. Entries are a set (order never matters; no description is ""). The name, size
and entries are put back with ModifyManagedPrefixList (entries against the version read);
the address family is fixed at creation (replace needed: a human decides). Entries
declared as separate `aws_ec2_managed_prefix_list_entry` resources are not compared yet
(that type is counted as not compared).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_int, keep, new_id, pending, xp_prefixed
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    detail_items,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.ec2.common import TAGS, by_id, deleter, tag_spec

TYPE = "aws_ec2_managed_prefix_list"
COMPARED = frozenset({"name", "address_family", "max_entries", "entry", "tags"})
GONE = ("delete-complete", "delete-in-progress", "delete-failed")
AWS_OWNER = "AWS"


def _customer_managed(item: Item) -> bool:
    """not for a list AWS manages"""
    return item.get("OwnerId") != AWS_OWNER


def _entry(cidr: Any, description: Any) -> dict[str, Any]:
    return {"cidr": cidr, "description": "" if description is None else description}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("State") in GONE:
        return []
    entries = detail_items(details.get("entries"), "Entries")
    attrs = {
        "name": item.get("PrefixListName"),
        "address_family": item.get("AddressFamily"),
        "max_entries": item.get("MaxEntries"),
        "entry": [_entry(e.get("Cidr"), e.get("Description")) for e in entries],
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": item.get("PrefixListArn"),
        "owner_id": item.get("OwnerId"),
        "version": item.get("Version"),
    }
    return [Resource(TYPE, item["PrefixListId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_managed_prefix_lists",
    service="ec2",
    listing=ListCall("describe_managed_prefix_lists", "PrefixLists", page_size=100),
    details=(
        DetailCall(
            "entries",
            "get_managed_prefix_list_entries",
            lambda item: {"PrefixListId": item["PrefixListId"]},
            when=_customer_managed,
            paged=True,
            page_size=100,
        ),
    ),
    item_id=lambda item: str(item["PrefixListId"]),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Each entry with its description ("" where none); the size as a number."""
    out = dict(attrs)
    if isinstance(out.get("entry"), list):
        out["entry"] = [
            _entry(e.get("cidr"), e.get("description")) if isinstance(e, dict) else e
            for e in out["entry"]
        ]
    size = as_int(out.get("max_entries"))
    if size is not None:
        out["max_entries"] = size
    return out


def _cfn(d: Declaring) -> None:
    p = d.props
    entries = p.get("Entries")
    attrs = {
        "name": p.get("PrefixListName"),
        "address_family": p.get("AddressFamily"),
        "max_entries": p.get("MaxEntries"),
        "entry": [
            {"cidr": e.get("Cidr"), "description": e.get("Description")}
            for e in entries
            if isinstance(e, dict)
        ]
        if isinstance(entries, list)
        else None,
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_entry(entry: Any) -> dict[str, Any]:
    out = {"Cidr": entry.get("cidr")}
    return {**out, "Description": entry["description"]} if entry.get("description") else out


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "PrefixListName": a.get("name"),
        "AddressFamily": a.get("address_family"),
        "MaxEntries": a.get("max_entries"),
        "Entries": [_cfn_entry(e) for e in a.get("entry") or ()] or None,
        "Tags": cfn_tags(a),
    }


def _api_entry(entry: dict[str, Any]) -> dict[str, str]:
    out = {"Cidr": str(entry["cidr"])}
    return {**out, "Description": str(entry["description"])} if entry.get("description") else out


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """One call for the size, another for the entries (AWS takes them apart): a list grows
    before it takes more entries, and shrinks after it gave them up."""
    where = {"PrefixListId": ctx.id, "PrefixListName": after["name"]}
    old = [_entry(e.get("cidr"), e.get("description")) for e in before.get("entry") or ()]
    new = [_entry(e.get("cidr"), e.get("description")) for e in after.get("entry") or ()]
    kept = {e["cidr"] for e in new}
    remove = [{"Cidr": e["cidr"]} for e in old if e["cidr"] not in kept]
    add = [_api_entry(e) for e in new if e not in old]
    entries = []
    if add or remove or before.get("name") != after.get("name"):
        changes: dict[str, Any] = {"AddEntries": add} if add else {}
        if remove:
            changes["RemoveEntries"] = remove
        if (add or remove) and before.get("version") is not None:
            changes["CurrentVersion"] = int(before["version"])
        entries.append(ctx.call("ec2", "modify_managed_prefix_list", **where, **changes))
    size = as_int(after.get("max_entries"))
    if size is None or size == as_int(before.get("max_entries")):
        return entries
    resize = ctx.call("ec2", "modify_managed_prefix_list", **where, MaxEntries=size)
    grows = size > (as_int(before.get("max_entries")) or 0)
    return [resize, *entries] if grows else [*entries, resize]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "PrefixListName": desired["name"],
        "AddressFamily": desired["address_family"],
        "MaxEntries": as_int(desired["max_entries"]),
        **tag_spec("prefix-list", desired),
    }
    entries = [
        _api_entry(_entry(e.get("cidr"), e.get("description"))) for e in desired.get("entry") or ()
    ]
    if entries:
        params["Entries"] = entries
    output = {pending(ctx).name: "PrefixList.PrefixListId"}
    return [ctx.producing(output, "ec2", "create_managed_prefix_list", **params)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """A prefix list AWS manages is AWS's own: never deleted."""
    if live.get("owner_id") == AWS_OWNER:
        return f"{ctx.label}: a prefix list AWS manages is AWS's own"
    return None


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateManagedPrefixList",),
    change=(
        "ModifyManagedPrefixList",
        "RestoreManagedPrefixListVersion",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteManagedPrefixList",),
    ids=(
        "responseElements.CreateManagedPrefixListResponse.prefixList.prefixListId",
        "requestParameters.ModifyManagedPrefixListRequest.PrefixListId",
        "requestParameters.RestoreManagedPrefixListVersionRequest.PrefixListId",
        "requestParameters.DeleteManagedPrefixListRequest.PrefixListId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "ModifyManagedPrefixList": frozenset({"name", "max_entries", "entry"}),
        "RestoreManagedPrefixListVersion": frozenset({"entry"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset({"entry"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_defaults={"tags": {}},
            normalize=_normalize,
            is_aws_default=lambda r: r.attrs.get("owner_id") == AWS_OWNER,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "owner_id", "version"}),
            id_doc="`pl-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("name", "max_entries", "entry"), _modify), TAGS),
            fixed={"address_family": REPLACE},
            create=Create(_create, dict, new_id, ("name", "address_family", "max_entries")),
            delete=Delete(deleter("delete_managed_prefix_list", "PrefixListId"), _refuse),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "prefix-list-id")},
    cfn=(
        CfnType(
            "AWS::EC2::PrefixList",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={
                "PrefixListId": ("id",),
                "Arn": ("arn",),
                "OwnerId": ("owner_id",),
                "Version": ("version",),
            },
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "name": ("scalar", ("PrefixListName",)),
                    "max_entries": ("scalar", ("MaxEntries",)),
                    "entry": ("set", ("Entries",)),
                }
            },
            entries={"entry": _cfn_entry},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "ManagedPrefixList",
            TYPE,
            external_name=xp_prefixed("pl-"),
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "name": ("scalar", ("name",)),
                "max_entries": ("scalar", ("maxEntries",)),
            },
            importable=True,
        ),
    ),
)
