"""aws_subnet: a subnet of a VPC: its CIDR, availability zone, public-IP default and tags.

Live: DescribeSubnets pages, nothing per subnet. The default VPC's subnets
(DefaultForAz) are AWS's own, never unmanaged. A subnet cannot move to another VPC,
CIDR or zone: a revert says so instead of trying.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_bool, keep, new_id, pending, xp_prefixed
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
from driftctl.resources.ec2.common import TAGS, arn, by_id, deleter, tag_spec

TYPE = "aws_subnet"
COMPARED = frozenset(
    {"vpc_id", "cidr_block", "availability_zone", "map_public_ip_on_launch", "tags"}
)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {
        "vpc_id": item["VpcId"],
        "cidr_block": item["CidrBlock"],
        "availability_zone": item.get("AvailabilityZone"),
        "map_public_ip_on_launch": bool(item.get("MapPublicIpOnLaunch", False)),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": item.get("SubnetArn") or arn(region, item, "subnet", "SubnetId"),
        "default_for_az": bool(item.get("DefaultForAz")),
    }
    return [Resource(TYPE, item["SubnetId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_subnets",
    service="ec2",
    listing=ListCall("describe_subnets", "Subnets", page_size=1000),
    build=build,
)


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "vpc_id": p.get("VpcId"),
        "cidr_block": p.get("CidrBlock"),
        "availability_zone": p.get("AvailabilityZone"),
        "map_public_ip_on_launch": p.get("MapPublicIpOnLaunch"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "VpcId": a.get("vpc_id"),
        "CidrBlock": a.get("cidr_block"),
        "AvailabilityZone": a.get("availability_zone"),
        "MapPublicIpOnLaunch": a.get("map_public_ip_on_launch"),
        "Tags": cfn_tags(a),
    }


# The external name is the subnet id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("subnet-")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
        "cidr_block": s.get("cidrBlock"),
        "availability_zone": s.get("availabilityZone"),
        "map_public_ip_on_launch": s.get("mapPublicIPOnLaunch"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("subnetID"))]


def _map_public_ip(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    value = {"Value": as_bool(after["map_public_ip_on_launch"])}
    return [ctx.call("ec2", "modify_subnet_attribute", SubnetId=ctx.id, MapPublicIpOnLaunch=value)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"VpcId": desired["vpc_id"], "CidrBlock": desired["cidr_block"]}
    if desired.get("availability_zone"):
        params["AvailabilityZone"] = desired["availability_zone"]
    params.update(tag_spec("subnet", desired))
    return [ctx.producing({pending(ctx).name: "Subnet.SubnetId"}, "ec2", "create_subnet", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "map_public_ip_on_launch": False}


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateSubnet",),
    change=(
        "ModifySubnetAttribute",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteSubnet",),
    ids=(
        "responseElements.subnet.subnetId",
        "requestParameters.subnetId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "ModifySubnetAttribute": frozenset({"map_public_ip_on_launch"}),
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
            natural_keys=(CFN_KEY, ("vpc_id", "cidr_block")),
            declared_defaults={"map_public_ip_on_launch": False, "tags": {}},
            is_aws_default=lambda r: bool(r.attrs.get("default_for_az")),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="`subnet-…`",
            after=("aws_vpc",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("map_public_ip_on_launch",), _map_public_ip), TAGS),
            fixed={"vpc_id": REPLACE, "cidr_block": REPLACE, "availability_zone": REPLACE},
            create=Create(_create, _fresh, new_id, ("vpc_id", "cidr_block")),
            delete=Delete(deleter("delete_subnet", "SubnetId")),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "subnet-id")},
    cfn=(
        CfnType(
            "AWS::EC2::Subnet",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={
                "SubnetId": ("id",),
                "VpcId": ("vpc_id",),
                "AvailabilityZone": ("availability_zone",),
                "CidrBlock": ("cidr_block",),
            },
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "map_public_ip_on_launch": ("scalar", ("MapPublicIpOnLaunch",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "Subnet",
            TYPE,
            external_name=_xp_external_name,
            refs={"vpcId": ("VPC", ("id",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "map_public_ip_on_launch": ("scalar", ("mapPublicIpOnLaunch",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "Subnet",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "map_public_ip_on_launch": ("scalar", ("mapPublicIPOnLaunch",)),
                }
            },
        ),
    ),
)
