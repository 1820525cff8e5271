"""aws_vpn_gateway: a virtual private gateway (the AWS side of a Site-to-Site VPN): the VPC
it is attached to, its Amazon-side ASN, its Availability Zone, and its tags.

Live: one DescribeVpnGateways call per region (AWS pages it not), nothing per gateway;
deleted and deleting gateways are left out. AWS creates none of its own. Moving a gateway
to another VPC detaches it and attaches it there; the ASN and the zone are fixed at
creation (replace needed: a human decides). A gateway attached with
`aws_vpn_gateway_attachment` or CloudFormation's AWS::EC2::VPCGatewayAttachment has its
attachment not compared yet (those types are counted as not compared).
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
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.ec2.common import TAGS, by_id, tag_spec

TYPE = "aws_vpn_gateway"
COMPARED = frozenset({"vpc_id", "amazon_side_asn", "availability_zone", "tags"})
GONE = ("deleted", "deleting")


def _attached_vpc(item: Item) -> str | None:
    for attachment in item.get("VpcAttachments") or ():
        if attachment.get("State") in ("attached", "attaching"):
            return str(attachment["VpcId"])
    return None


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("State") in GONE:
        return []
    asn = item.get("AmazonSideAsn")
    attrs = {
        "vpc_id": _attached_vpc(item),
        "amazon_side_asn": None if asn is None else str(asn),
        "availability_zone": item.get("AvailabilityZone"),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": f"arn:aws:ec2:{region}::vpn-gateway/{item['VpnGatewayId']}",
    }
    return [Resource(TYPE, item["VpnGatewayId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_vpn_gateways",
    service="ec2",
    listing=ListCall("describe_vpn_gateways", "VpnGateways", paginated=False),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The ASN as text (Terraform's is a string, CloudFormation's a number)."""
    asn = attrs.get("amazon_side_asn")
    if isinstance(asn, int) and not isinstance(asn, bool):
        return {**attrs, "amazon_side_asn": str(asn)}
    return attrs


def _cfn(d: Declaring) -> None:
    d.emit(TYPE, {"amazon_side_asn": d.props.get("AmazonSideAsn"), "tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Type": "ipsec.1",
        "AmazonSideAsn": as_int(a.get("amazon_side_asn")),
        "Tags": cfn_tags(a),
    }


def _move(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    calls = []
    if before.get("vpc_id"):
        calls.append(
            ctx.call("ec2", "detach_vpn_gateway", VpnGatewayId=ctx.id, VpcId=before["vpc_id"])
        )
    if after.get("vpc_id"):
        calls.append(
            ctx.call("ec2", "attach_vpn_gateway", VpnGatewayId=ctx.id, VpcId=after["vpc_id"])
        )
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Type": "ipsec.1", **tag_spec("vpn-gateway", desired)}
    if desired.get("amazon_side_asn") not in (None, ""):
        params["AmazonSideAsn"] = as_int(desired["amazon_side_asn"])
    if desired.get("availability_zone"):
        params["AvailabilityZone"] = desired["availability_zone"]
    output = {pending(ctx).name: "VpnGateway.VpnGatewayId"}
    return [ctx.producing(output, "ec2", "create_vpn_gateway", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "vpc_id": None}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    calls = []
    if live.get("vpc_id"):
        calls.append(
            ctx.call("ec2", "detach_vpn_gateway", VpnGatewayId=ctx.id, VpcId=live["vpc_id"])
        )
    return [*calls, ctx.call("ec2", "delete_vpn_gateway", VpnGatewayId=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateVpnGateway",),
    change=("AttachVpnGateway", "DetachVpnGateway", "CreateTags", "DeleteTags"),
    delete=("DeleteVpnGateway",),
    ids=(
        "responseElements.vpnGateway.vpnGatewayId",
        "requestParameters.vpnGatewayId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "AttachVpnGateway": frozenset({"vpc_id"}),
        "DetachVpnGateway": frozenset({"vpc_id"}),
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
            natural_keys=(CFN_KEY, ("tags.Name",), ("vpc_id",)),
            declared_defaults={"tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="`vgw-…`",
            after=("aws_vpc",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("vpc_id",), _move), TAGS),
            fixed={"amazon_side_asn": REPLACE, "availability_zone": REPLACE},
            create=Create(_create, _fresh, new_id),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "vpn-gateway-id")},
    cfn=(
        CfnType(
            "AWS::EC2::VPNGateway",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"VPNGatewayId": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "VPNGateway",
            TYPE,
            external_name=xp_prefixed("vgw-"),
            refs={"vpcId": ("VPC", ("id",))},
            tagged=True,
            fields={"tags": ("map", ("tags",)), "vpc_id": ("scalar", ("vpcId",))},
            importable=True,
        ),
    ),
)
