"""aws_elasticache_subnet_group: the subnets an ElastiCache cluster may be placed in, its
description and tags.

Live: DescribeCacheSubnetGroups pages (100 a page), then ListTagsForResource per group.
The `default` group is AWS's own, never unmanaged. AWS keeps names in lower case (so
does Terraform). Terraform's default description is "Managed by Terraform". A group
cannot be renamed: a revert says "replace needed"; its description and subnets are put
back by ModifyCacheSubnetGroup, which moto does not implement (tested as a planned call;
the real-Terraform test changes a tag).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    keep,
    pairs,
    read_first,
    resource_name_tagger,
    resource_name_tags,
    xp_same_name,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource, is_known

TYPE = "aws_elasticache_subnet_group"
COMPARED = frozenset({"name", "description", "subnet_ids", "tags"})
GONE = frozenset({"CacheSubnetGroupNotFoundFault"})
DESCRIPTION = "Managed by Terraform"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("TagList")
    attrs = {
        "name": item["CacheSubnetGroupName"],
        "description": item.get("CacheSubnetGroupDescription") or "",
        "subnet_ids": sorted(
            s["SubnetIdentifier"] for s in item.get("Subnets") or () if s.get("SubnetIdentifier")
        ),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": item.get("ARN"),
        "vpc_id": item.get("VpcId"),
    }
    return [Resource(TYPE, item["CacheSubnetGroupName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="elasticache_subnet_groups",
    service="elasticache",
    listing=ListCall("describe_cache_subnet_groups", "CacheSubnetGroups", page_size=100),
    details=(resource_name_tags("ARN", frozenset()),),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    name = attrs.get("name")
    if isinstance(name, str) and is_known(name):
        return {**attrs, "name": name.lower()}
    return attrs


def _aws_default(r: Resource) -> bool:
    return r.attrs.get("name") == "default"


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("CacheSubnetGroupName"),
        "description": p.get("Description"),
        "subnet_ids": p.get("SubnetIds"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "CacheSubnetGroupName": a.get("name"),
        "Description": a.get("description"),
        "SubnetIds": a.get("subnet_ids"),
        "Tags": cfn_tags(a),
    }


# The external name is the group's name, its id too.
_xp_external_name = xp_same_name("name")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    subnets = s.get("subnetIDs")
    if subnets is None and isinstance(s.get("subnetRefs"), list):
        subnets = [c.ref(None, r, "Subnet") for r in s["subnetRefs"]]
    attrs = {
        "name": s.get("cacheSubnetGroupName") or c.name(),
        "description": s.get("cacheSubnetGroupDescription"),
        "subnet_ids": subnets,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("cacheSubnetGroupName"))]


# --- revert ---------------------------------------------------------------------------------


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [
        ctx.call(
            "elasticache", "modify_cache_subnet_group", CacheSubnetGroupName=ctx.id,
            CacheSubnetGroupDescription=after.get("description") or DESCRIPTION,
            SubnetIds=sorted(after.get("subnet_ids") or ()),
        )
    ]  # fmt: skip


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "CacheSubnetGroupName": desired["name"],
        "CacheSubnetGroupDescription": desired.get("description") or DESCRIPTION,
        "SubnetIds": sorted(desired.get("subnet_ids") or ()),
    }
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.call("elasticache", "create_cache_subnet_group", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"]).lower()


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("elasticache", "delete_cache_subnet_group", CacheSubnetGroupName=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="elasticache.amazonaws.com",
    service="elasticache",
    create=("CreateCacheSubnetGroup",),
    change=(
        "ModifyCacheSubnetGroup",
        "AddTagsToResource",
        "RemoveTagsFromResource",
    ),
    delete=("DeleteCacheSubnetGroup",),
    ids=(
        "requestParameters.cacheSubnetGroupName",
        "requestParameters.resourceName",
    ),
    touches={
        "AddTagsToResource": frozenset({"tags"}),
        "RemoveTagsFromResource": frozenset({"tags"}),
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
            sets=frozenset({"subnet_ids"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=lambda a: a["name"].lower() if isinstance(a.get("name"), str) else None,
            declared_defaults={"description": DESCRIPTION, "tags": {}},
            normalize=_normalize,
            is_aws_default=_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "vpc_id"}),
            id_doc="group name",
            after=("aws_subnet",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("description", "subnet_ids"), _modify),
                Updater(("tags",), resource_name_tagger("elasticache", "subnetgroup")),
            ),
            fixed={"name": REPLACE},
            create=Create(_create, lambda desired: dict(desired), _new_id, ("name", "subnet_ids")),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: read_first(
            SCAN, "elasticache", "describe_cache_subnet_groups", "CacheSubnetGroupName", GONE
        )
    },
    cfn=(
        CfnType(
            "AWS::ElastiCache::SubnetGroup",
            _cfn,
            emits=EMITS,
            ref=("name",),
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("Description",)),
                    "subnet_ids": ("scalar", ("SubnetIds",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "elasticache",
            "SubnetGroup",
            TYPE,
            external_name=_xp_external_name,
            refs={"subnetIds": ("Subnet", ("id",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
                "subnet_ids": ("scalar", ("subnetIds",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "elasticache",
            "CacheSubnetGroup",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "description": ("scalar", ("cacheSubnetGroupDescription",)),
                    "subnet_ids": ("scalar", ("subnetIDs",)),
                }
            },
        ),
    ),
)
