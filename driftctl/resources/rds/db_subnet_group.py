"""aws_db_subnet_group: the subnets an RDS instance or cluster may be placed in, its
description and tags.

Live: DescribeDBSubnetGroups pages (100 a page), then ListTagsForResource per group. The
`default` group (of the default VPC) and the console's `default-vpc-*` groups are AWS's
own, never unmanaged. Terraform's default
description is "Managed by Terraform". A group cannot be renamed: a revert says "replace
needed"; its description and subnets are put back by ModifyDBSubnetGroup. Moto's
ModifyDBSubnetGroup drops the group it modifies: the real-Terraform test changes a tag, and
the description and subnets are tested on boto3-seeded moto.
"""

from __future__ import annotations

import re
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
from driftctl.core.model import Resource

TYPE = "aws_db_subnet_group"
# the group the RDS console makes for a VPC when a database is created without one
CONSOLE_GROUP = re.compile(r"default-vpc-[0-9a-f]+")
COMPARED = frozenset({"name", "description", "subnet_ids", "tags"})
PREFIX = frozenset({"name_prefix"})
GONE = frozenset({"DBSubnetGroupNotFoundFault"})
DESCRIPTION = "Managed by Terraform"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("TagList")
    attrs = {
        "name": item["DBSubnetGroupName"],
        "description": item.get("DBSubnetGroupDescription") or "",
        "subnet_ids": sorted(
            s["SubnetIdentifier"] for s in item.get("Subnets") or () if s.get("SubnetIdentifier")
        ),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": item.get("DBSubnetGroupArn"),
        "vpc_id": item.get("VpcId"),
    }
    return [Resource(TYPE, item["DBSubnetGroupName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="rds_db_subnet_groups",
    service="rds",
    listing=ListCall("describe_db_subnet_groups", "DBSubnetGroups", page_size=100),
    details=(resource_name_tags("DBSubnetGroupArn", frozenset()),),
    build=build,
)


def _aws_default(r: Resource) -> bool:
    """`default` (RDS makes it for the default VPC) and `default-vpc-*` (the console makes
    one per VPC a database is created in without a group) are AWS's own."""
    name = str(r.attrs.get("name") or "")
    return name == "default" or CONSOLE_GROUP.fullmatch(name) is not None


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("DBSubnetGroupName"),
        "description": p.get("DBSubnetGroupDescription"),
        "subnet_ids": p.get("SubnetIds"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "DBSubnetGroupName": a.get("name"),
        "DBSubnetGroupDescription": a.get("description"),
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
        "name": c.name(),
        "description": s.get("description"),
        "subnet_ids": subnets,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


# --- revert ---------------------------------------------------------------------------------


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [
        ctx.call(
            "rds", "modify_db_subnet_group", DBSubnetGroupName=ctx.id,
            DBSubnetGroupDescription=after.get("description") or DESCRIPTION,
            SubnetIds=sorted(after.get("subnet_ids") or ()),
        )
    ]  # fmt: skip


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "DBSubnetGroupName": desired["name"],
        "DBSubnetGroupDescription": desired.get("description") or DESCRIPTION,
        "SubnetIds": sorted(desired.get("subnet_ids") or ()),
    }
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.call("rds", "create_db_subnet_group", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("rds", "delete_db_subnet_group", DBSubnetGroupName=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="rds.amazonaws.com",
    service="rds",
    create=("CreateDBSubnetGroup",),
    change=(
        "ModifyDBSubnetGroup",
        "AddTagsToResource",
        "RemoveTagsFromResource",
    ),
    delete=("DeleteDBSubnetGroup",),
    ids=(
        "requestParameters.dBSubnetGroupName",
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
            name_prefix=("name", "name_prefix"),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={"description": DESCRIPTION, "tags": {}},
            is_aws_default=_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            tags=True,
            computed=frozenset({"arn", "name", "vpc_id"}),
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
                Updater(("tags",), resource_name_tagger("rds", "subgrp")),
            ),
            fixed={"name": REPLACE},
            create=Create(_create, lambda desired: dict(desired), _new_id, ("name", "subnet_ids")),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: read_first(SCAN, "rds", "describe_db_subnet_groups", "DBSubnetGroupName", GONE)
    },
    cfn=(
        CfnType(
            "AWS::RDS::DBSubnetGroup",
            _cfn,
            emits=EMITS,
            ref=("name",),
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("DBSubnetGroupDescription",)),
                    "subnet_ids": ("scalar", ("SubnetIds",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "rds",
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
            "rds",
            "DBSubnetGroup",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "description": ("scalar", ("description",)),
                    "subnet_ids": ("scalar", ("subnetIDs",)),
                }
            },
        ),
    ),
)
