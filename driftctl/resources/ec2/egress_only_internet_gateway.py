"""aws_egress_only_internet_gateway: an egress-only internet gateway (outbound IPv6), the
VPC it belongs to, and its tags.

Live: DescribeEgressOnlyInternetGateways pages (255 a call), nothing per gateway. AWS
creates none of its own. The VPC is fixed at creation: a revert says "replace needed"
and a human decides; the tags are put back.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, new_id, pending, reader, xp_prefixed
from driftctl.base.revert import Create, Delete, RevertSpec
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
from driftctl.resources.ec2.common import TAGS, deleter, tag_spec

TYPE = "aws_egress_only_internet_gateway"
COMPARED = frozenset({"vpc_id", "tags"})
KEY = "EgressOnlyInternetGatewayId"
# moto answers an unknown id with an empty list, AWS with one of these
GONE = frozenset({"InvalidEgressOnlyInternetGatewayId.NotFound", "InvalidGatewayID.NotFound"})


def _vpc(item: Item) -> str | None:
    for attachment in item.get("Attachments") or ():
        if attachment.get("State") in (None, "attached", "attaching"):
            return str(attachment["VpcId"])
    return None


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {
        "vpc_id": _vpc(item),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
    }
    return [Resource(TYPE, item[KEY], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_egress_only_internet_gateways",
    service="ec2",
    listing=ListCall(
        "describe_egress_only_internet_gateways", "EgressOnlyInternetGateways", page_size=255
    ),
    build=build,
)


def _first(answer: Any) -> Item | None:
    found = (answer or {}).get(SCAN.listing.result_key) or ()
    return dict(found[0]) if found else None


_read = reader(
    SCAN,
    "ec2",
    "describe_egress_only_internet_gateways",
    lambda rid: {"EgressOnlyInternetGatewayIds": [rid]},
    _first,
    GONE,
)


def _cfn(d: Declaring) -> None:
    d.emit(TYPE, {"vpc_id": d.props.get("VpcId"), "tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"VpcId": a.get("vpc_id"), "Tags": cfn_tags(a)}


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"VpcId": desired["vpc_id"], **tag_spec("egress-only-internet-gateway", desired)}
    output = {pending(ctx).name: f"EgressOnlyInternetGateway.{KEY}"}
    return [ctx.producing(output, "ec2", "create_egress_only_internet_gateway", **params)]


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateEgressOnlyInternetGateway",),
    change=("CreateTags", "DeleteTags"),
    delete=("DeleteEgressOnlyInternetGateway",),
    ids=(
        "responseElements.CreateEgressOnlyInternetGatewayResponse"
        ".egressOnlyInternetGateway.egressOnlyInternetGatewayId",
        "requestParameters.DeleteEgressOnlyInternetGatewayRequest.EgressOnlyInternetGatewayId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={"CreateTags": frozenset({"tags"}), "DeleteTags": frozenset({"tags"})},
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
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            id_doc="`eigw-…`",
            after=("aws_vpc",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(TAGS,),
            fixed={"vpc_id": REPLACE},
            create=Create(_create, dict, new_id, ("vpc_id",)),
            delete=Delete(deleter("delete_egress_only_internet_gateway", KEY)),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::EC2::EgressOnlyInternetGateway",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Id": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "EgressOnlyInternetGateway",
            TYPE,
            external_name=xp_prefixed("eigw-"),
            refs={"vpcId": ("VPC", ("id",))},
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
)
