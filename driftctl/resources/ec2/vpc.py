"""aws_vpc: a VPC, its CIDR, tenancy, DNS settings and tags.

Live: DescribeVpcs pages, plus two DescribeVpcAttribute calls per VPC (AWS returns one
attribute per call). The default VPC is AWS's own: never unmanaged, and its attributes
are not read. A VPC has DNS support on and DNS hostnames off unless declared otherwise.
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
from driftctl.base.revert import CannotRevert, Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
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

TYPE = "aws_vpc"
COMPARED = frozenset(
    {"cidr_block", "instance_tenancy", "enable_dns_support", "enable_dns_hostnames", "tags"}
)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {
        "cidr_block": item["CidrBlock"],
        "instance_tenancy": item.get("InstanceTenancy", "default"),
        "enable_dns_support": (details.get("dns_support") or {})
        .get("EnableDnsSupport", {})
        .get("Value", True),
        "enable_dns_hostnames": (details.get("dns_hostnames") or {})
        .get("EnableDnsHostnames", {})
        .get("Value", False),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": arn(region, item, "vpc", "VpcId"),
        "is_default": bool(item.get("IsDefault")),
    }
    return [Resource(TYPE, item["VpcId"], None, attrs, region=region)]


def _attribute(name: str) -> Any:
    return lambda item: {"VpcId": item["VpcId"], "Attribute": name}


def _not_default(item: Item) -> bool:
    """not for the default VPC"""
    return not item.get("IsDefault")  # the default VPC is AWS's own: no need for its details


SCAN = ScanSpec(
    name="ec2_vpcs",
    service="ec2",
    listing=ListCall("describe_vpcs", "Vpcs", page_size=1000),
    details=(
        # AWS returns these two only one attribute per call, per VPC
        DetailCall(
            "dns_support",
            "describe_vpc_attribute",
            _attribute("enableDnsSupport"),
            when=_not_default,
        ),
        DetailCall(
            "dns_hostnames",
            "describe_vpc_attribute",
            _attribute("enableDnsHostnames"),
            when=_not_default,
        ),
    ),
    build=build,
)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "cidr_block": p.get("CidrBlock"),
        "enable_dns_hostnames": p.get("EnableDnsHostnames"),
        "enable_dns_support": p.get("EnableDnsSupport"),
        "instance_tenancy": p.get("InstanceTenancy"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "CidrBlock": a.get("cidr_block"),
        "EnableDnsHostnames": a.get("enable_dns_hostnames"),
        "EnableDnsSupport": a.get("enable_dns_support"),
        "InstanceTenancy": a.get("instance_tenancy"),
        "Tags": cfn_tags(a),
    }


# The external name is the VPC id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("vpc-")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    cidrs = s.get("cidrBlocks")
    cidr = cidrs[0] if isinstance(cidrs, list) and cidrs else None
    if isinstance(cidrs, list) and len(cidrs) > 1:
        c.refs.warnings.append(f"{c.m.address}: secondary CIDR blocks are not compared yet")
    attrs = {
        "cidr_block": cidr,
        "enable_dns_hostnames": s.get("enableDNSHostnames"),
        "enable_dns_support": s.get("enableDNSSupport"),
        "instance_tenancy": s.get("instanceTenancy"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("vpcID"))]


# --- revert ---------------------------------------------------------------------------------


def _dns(name: str, attr: str) -> Any:
    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        value = {"Value": as_bool(after[attr])}
        return [ctx.call("ec2", "modify_vpc_attribute", VpcId=ctx.id, **{name: value})]

    return calls


def _tenancy(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    if after.get("instance_tenancy") != "default":
        raise CannotRevert("a VPC's tenancy can only be changed to default")
    return [ctx.call("ec2", "modify_vpc_tenancy", VpcId=ctx.id, InstanceTenancy="default")]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "CidrBlock": desired["cidr_block"],
        "InstanceTenancy": desired.get("instance_tenancy") or "default",
        **tag_spec("vpc", desired),
    }
    return [ctx.producing({pending(ctx).name: "Vpc.VpcId"}, "ec2", "create_vpc", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "enable_dns_support": True, "enable_dns_hostnames": False}


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateVpc",),
    change=(
        "ModifyVpcAttribute",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteVpc",),
    ids=(
        "responseElements.vpc.vpcId",
        "requestParameters.vpcId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "ModifyVpcAttribute": frozenset({"enable_dns_hostnames", "enable_dns_support"}),
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
            natural_keys=(CFN_KEY, ("cidr_block", "tags.Name")),
            declared_defaults={
                "instance_tenancy": "default",
                "enable_dns_support": True,
                "enable_dns_hostnames": False,
                "tags": {},
            },
            is_aws_default=lambda r: bool(r.attrs.get("is_default")),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="`vpc-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("enable_dns_support",), _dns("EnableDnsSupport", "enable_dns_support")),
                Updater(
                    ("enable_dns_hostnames",), _dns("EnableDnsHostnames", "enable_dns_hostnames")
                ),
                Updater(("instance_tenancy",), _tenancy),
                TAGS,
            ),
            fixed={"cidr_block": REPLACE},
            create=Create(_create, _fresh, new_id, ("cidr_block",)),
            delete=Delete(deleter("delete_vpc", "VpcId")),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "vpc-id")},
    cfn=(
        CfnType(
            "AWS::EC2::VPC",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"VpcId": ("id",), "CidrBlock": ("cidr_block",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "enable_dns_hostnames": ("scalar", ("EnableDnsHostnames",)),
                    "enable_dns_support": ("scalar", ("EnableDnsSupport",)),
                    "instance_tenancy": ("scalar", ("InstanceTenancy",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "VPC",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "enable_dns_hostnames": ("scalar", ("enableDnsHostnames",)),
                "enable_dns_support": ("scalar", ("enableDnsSupport",)),
                "instance_tenancy": ("scalar", ("instanceTenancy",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "VPC",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "enable_dns_hostnames": ("scalar", ("enableDNSHostnames",)),
                    "enable_dns_support": ("scalar", ("enableDNSSupport",)),
                    "instance_tenancy": ("scalar", ("instanceTenancy",)),
                }
            },
        ),
    ),
)
