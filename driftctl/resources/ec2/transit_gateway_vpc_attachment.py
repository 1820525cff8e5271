"""aws_ec2_transit_gateway_vpc_attachment: a VPC attached to a transit gateway: the
gateway, the VPC, the subnets (one per zone) it reaches the VPC through, its DNS, IPv6,
appliance-mode and security-group referencing support, and tags.

Live: DescribeTransitGatewayVpcAttachments pages (1,000 a call), nothing per attachment;
deleted, deleting, failed and rejected attachments are left out. AWS creates none of its
own. An attachment another account's VPC made to a gateway of this account is listed too
(its accepter, `aws_ec2_transit_gateway_vpc_attachment_accepter`, is not compared yet).
Whether it is associated with and propagates to the gateway's default route table
(`transit_gateway_default_route_table_*`) is not compared. The subnets and the options
are put back with one ModifyTransitGatewayVpcAttachment; the gateway and the VPC are
fixed at creation (replace needed: a human decides). moto drops the tags
CreateTransitGatewayVpcAttachment is sent (tests/tf/moto_gaps.py applies them, as AWS
does).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, new_id, pending, xp_prefixed
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
from driftctl.resources.ec2.common import TAGS, by_id, tag_spec

TYPE = "aws_ec2_transit_gateway_vpc_attachment"
# canonical attribute -> Options' key (CloudFormation's too), ACK's field
OPTIONS = {
    "dns_support": ("DnsSupport", "dnsSupport"),
    "ipv6_support": ("Ipv6Support", "ipv6Support"),
    "appliance_mode_support": ("ApplianceModeSupport", "applianceModeSupport"),
    "security_group_referencing_support": (
        "SecurityGroupReferencingSupport",
        "securityGroupReferencingSupport",
    ),
}
COMPARED = frozenset({*OPTIONS, "transit_gateway_id", "vpc_id", "subnet_ids", "tags"})
GONE = ("deleted", "deleting", "failed", "rejected")


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("State") in GONE:
        return []
    options = item.get("Options") or {}
    attrs: dict[str, Any] = {name: options.get(key) for name, (key, _) in OPTIONS.items()}
    attrs.update(
        {
            "transit_gateway_id": item.get("TransitGatewayId"),
            "vpc_id": item.get("VpcId"),
            "subnet_ids": sorted(item.get("SubnetIds") or []),
            "vpc_owner_id": item.get("VpcOwnerId"),
            "tags": tag_dict(item.get("Tags")),
            **cfn_identity(item.get("Tags")),
        }
    )
    return [Resource(TYPE, item["TransitGatewayAttachmentId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_transit_gateway_vpc_attachments",
    service="ec2",
    listing=ListCall(
        "describe_transit_gateway_vpc_attachments", "TransitGatewayVpcAttachments", page_size=1000
    ),
    build=build,
)


def _cfn(d: Declaring) -> None:
    p = d.props
    found = p.get("Options")
    options: dict[str, Any] = found if isinstance(found, dict) else {}
    attrs: dict[str, Any] = {name: options.get(key) for name, (key, _) in OPTIONS.items()}
    subnets = p.get("SubnetIds")
    if subnets is None and p.get("AddSubnetIds") is not None:
        subnets = p.get("AddSubnetIds")
    attrs.update(
        {
            "transit_gateway_id": p.get("TransitGatewayId"),
            "vpc_id": p.get("VpcId"),
            "subnet_ids": subnets,
            "tags": d.tags(),
        }
    )
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    options = {key: a[name] for name, (key, _) in OPTIONS.items() if a.get(name)}
    return {
        "TransitGatewayId": a.get("transit_gateway_id"),
        "VpcId": a.get("vpc_id"),
        "SubnetIds": sorted(a.get("subnet_ids") or []),
        "Options": options or None,
        "Tags": cfn_tags(a),
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    found = s.get("options")
    options: dict[str, Any] = found if isinstance(found, dict) else {}
    attrs: dict[str, Any] = {name: options.get(field) for name, (_, field) in OPTIONS.items()}
    attrs.update(
        {
            "transit_gateway_id": c.ref(
                s.get("transitGatewayID"), s.get("transitGatewayRef"), "TransitGateway"
            ),
            "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
            "subnet_ids": s.get("subnetIDs"),
            "tags": c.tags(s.get("tags")),
        }
    )
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"TransitGatewayAttachmentId": ctx.id}
    if after.get("subnet_ids") is not None:
        old, new = set(before.get("subnet_ids") or ()), set(after["subnet_ids"])
        if new - old:
            params["AddSubnetIds"] = sorted(new - old)
        if old - new:
            params["RemoveSubnetIds"] = sorted(old - new)
    options = {
        key: after[name]
        for name, (key, _) in OPTIONS.items()
        if after.get(name) is not None and after[name] != before.get(name)
    }
    if options:
        params["Options"] = options
    if len(params) == 1:
        return []
    return [ctx.call("ec2", "modify_transit_gateway_vpc_attachment", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "TransitGatewayId": desired["transit_gateway_id"],
        "VpcId": desired["vpc_id"],
        "SubnetIds": sorted(desired.get("subnet_ids") or []),
        **tag_spec("transit-gateway-attachment", desired),
    }
    options = {key: desired[name] for name, (key, _) in OPTIONS.items() if desired.get(name)}
    if options:
        params["Options"] = options
    output = {pending(ctx).name: "TransitGatewayVpcAttachment.TransitGatewayAttachmentId"}
    return [ctx.producing(output, "ec2", "create_transit_gateway_vpc_attachment", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call("ec2", "delete_transit_gateway_vpc_attachment", TransitGatewayAttachmentId=ctx.id)
    ]


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateTransitGatewayVpcAttachment",),
    change=("ModifyTransitGatewayVpcAttachment", "CreateTags", "DeleteTags"),
    delete=("DeleteTransitGatewayVpcAttachment",),
    ids=(
        "responseElements.CreateTransitGatewayVpcAttachmentResponse.transitGatewayVpcAttachment.transitGatewayAttachmentId",
        "requestParameters.ModifyTransitGatewayVpcAttachmentRequest.TransitGatewayAttachmentId",
        "requestParameters.DeleteTransitGatewayVpcAttachmentRequest.TransitGatewayAttachmentId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "ModifyTransitGatewayVpcAttachment": frozenset({*OPTIONS, "subnet_ids"}),
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
            natural_keys=(CFN_KEY, ("tags.Name",), ("transit_gateway_id", "vpc_id")),
            declared_defaults={
                "dns_support": "enable",
                "ipv6_support": "disable",
                "appliance_mode_support": "disable",
                "tags": {},
            },
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"vpc_owner_id"}),
            id_doc="`tgw-attach-…`",
            after=("aws_ec2_transit_gateway", "aws_vpc", "aws_subnet"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("subnet_ids", *OPTIONS), _modify), TAGS),
            fixed={"transit_gateway_id": REPLACE, "vpc_id": REPLACE},
            create=Create(_create, dict, new_id),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "transit-gateway-attachment-id")},
    cfn=tuple(
        CfnType(
            name,
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Id": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props} if name.endswith("VpcAttachment") else {},
        )
        for name in ("AWS::EC2::TransitGatewayVpcAttachment", "AWS::EC2::TransitGatewayAttachment")
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "TransitGatewayVPCAttachment",
            TYPE,
            external_name=xp_prefixed("tgw-attach-"),
            refs={
                "transitGatewayId": ("TransitGateway", ("id",)),
                "vpcId": ("VPC", ("id",)),
                "subnetIds": ("Subnet", ("id",)),
            },
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "TransitGatewayVPCAttachment",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
