"""aws_internet_gateway: an internet gateway, the VPC it is attached to, and its tags.

Live: DescribeInternetGateways pages (one call per 1,000 gateways), joined with the
DescribeVpcs pages the VPC scan already makes, so nothing is read per gateway. The
gateway of the default VPC is AWS's own, never unmanaged. Moving a gateway to another
VPC detaches it and attaches it there.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import keep, new_id, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    Join,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.ec2.common import TAGS, arn, by_id, tag_spec

TYPE = "aws_internet_gateway"
COMPARED = frozenset({"vpc_id", "tags"})


def _attached_vpc(item: Item) -> str | None:
    for attachment in item.get("Attachments") or ():
        if attachment.get("State") in (None, "available", "attached", "attaching"):
            return str(attachment["VpcId"])
    return None


def build(item: Item, details: Details, region: str) -> list[Resource]:
    vpc = details.get("vpc") or {}
    attrs = {
        "vpc_id": _attached_vpc(item),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": arn(region, item, "internet-gateway", "InternetGatewayId"),
        "owner_id": item.get("OwnerId"),
        "default_vpc": bool(vpc.get("IsDefault")),
    }
    return [Resource(TYPE, item["InternetGatewayId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_internet_gateways",
    service="ec2",
    listing=ListCall("describe_internet_gateways", "InternetGateways", page_size=1000),
    # the VPC scan's own listing (made once): is the attached VPC the default one?
    joins=(
        Join(
            "vpc",
            ListCall("describe_vpcs", "Vpcs", page_size=1000),
            "VpcId",
            "VpcId",
            item_value=_attached_vpc,
        ),
    ),
    build=build,
)


def _cfn(d: Declaring) -> None:
    d.emit(TYPE, {"tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"Tags": cfn_tags(a)}


# The external name is the gateway id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("igw-")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {"vpc_id": c.ref(s.get("vpc"), s.get("vpcRef"), "VPC"), "tags": c.tags(s.get("tags"))}
    return [c.raw(TYPE, attrs, c.adoption.get("internetGatewayID"))]


def _move(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    calls = []
    if before.get("vpc_id"):
        calls.append(
            ctx.call(
                "ec2",
                "detach_internet_gateway",
                InternetGatewayId=ctx.id,
                VpcId=before["vpc_id"],
            )
        )
    if after.get("vpc_id"):
        calls.append(
            ctx.call(
                "ec2", "attach_internet_gateway", InternetGatewayId=ctx.id, VpcId=after["vpc_id"]
            )
        )
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = tag_spec("internet-gateway", desired)
    output = {pending(ctx).name: "InternetGateway.InternetGatewayId"}
    return [ctx.producing(output, "ec2", "create_internet_gateway", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "vpc_id": None}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    calls = []
    if live.get("vpc_id"):
        calls.append(
            ctx.call(
                "ec2", "detach_internet_gateway", InternetGatewayId=ctx.id, VpcId=live["vpc_id"]
            )
        )
    return [*calls, ctx.call("ec2", "delete_internet_gateway", InternetGatewayId=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """The default VPC's gateway is AWS's own: never deleted."""
    if live.get("default_vpc"):
        return f"{ctx.label}: the default VPC's internet gateway is AWS's own"
    return None


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateInternetGateway",),
    change=(
        "AttachInternetGateway",
        "DetachInternetGateway",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteInternetGateway",),
    ids=(
        "responseElements.internetGateway.internetGatewayId",
        "requestParameters.internetGatewayId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "AttachInternetGateway": frozenset({"vpc_id"}),
        "DetachInternetGateway": frozenset({"vpc_id"}),
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
            is_aws_default=lambda r: bool(r.attrs.get("default_vpc")),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "owner_id"}),
            id_doc="`igw-…`",
            after=("aws_vpc",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("vpc_id",), _move), TAGS),
            create=Create(_create, _fresh, new_id),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "internet-gateway-id")},
    cfn=(
        CfnType(
            "AWS::EC2::InternetGateway",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"InternetGatewayId": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "InternetGateway",
            TYPE,
            external_name=_xp_external_name,
            refs={"vpcId": ("VPC", ("id",))},
            tagged=True,
            fields={"tags": ("map", ("tags",)), "vpc_id": ("scalar", ("vpcId",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "InternetGateway",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",)), "vpc_id": ("scalar", ("vpc",))}},
        ),
    ),
)
