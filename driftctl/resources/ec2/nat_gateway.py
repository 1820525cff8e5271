"""aws_nat_gateway: a NAT gateway: its subnet, Elastic IP allocation, connectivity type,
and tags.

Live: DescribeNatGateways pages (1,000 a call), nothing per gateway; deleted, deleting
and failed gateways are left out. Everything but the tags is fixed at creation: a revert
says "replace needed" and a human decides.
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
from driftctl.resources.ec2.common import TAGS, by_id, deleter, tag_spec

TYPE = "aws_nat_gateway"
COMPARED = frozenset({"subnet_id", "allocation_id", "connectivity_type", "tags"})
GONE = ("deleted", "deleting", "failed")


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("State") in GONE:
        return []
    addresses = item.get("NatGatewayAddresses") or [{}]
    first = addresses[0]
    attrs = {
        "subnet_id": item.get("SubnetId"),
        "allocation_id": first.get("AllocationId") or "",
        "connectivity_type": item.get("ConnectivityType", "public"),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "public_ip": first.get("PublicIp") or "",
        "private_ip": first.get("PrivateIp") or "",
        "network_interface_id": first.get("NetworkInterfaceId") or "",
        "association_id": first.get("AssociationId") or "",
    }
    return [Resource(TYPE, item["NatGatewayId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_nat_gateways",
    service="ec2",
    listing=ListCall("describe_nat_gateways", "NatGateways", page_size=1000),
    build=build,
)


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "subnet_id": p.get("SubnetId"),
        "allocation_id": p.get("AllocationId"),
        "connectivity_type": p.get("ConnectivityType"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "SubnetId": a.get("subnet_id"),
        "AllocationId": a.get("allocation_id") or None,
        "ConnectivityType": a.get("connectivity_type"),
        "Tags": cfn_tags(a),
    }


# The external name is the gateway id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("nat-")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "subnet_id": c.ref(s.get("subnetID"), s.get("subnetRef"), "Subnet"),
        "allocation_id": c.ref(s.get("allocationID"), s.get("allocationRef"), "ElasticIPAddress"),
        "connectivity_type": s.get("connectivityType"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("natGatewayID"))]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "SubnetId": desired["subnet_id"],
        "ConnectivityType": desired.get("connectivity_type") or "public",
        **tag_spec("natgateway", desired),
    }
    if desired.get("allocation_id"):
        params["AllocationId"] = desired["allocation_id"]
    output = {pending(ctx).name: "NatGateway.NatGatewayId"}
    return [ctx.producing(output, "ec2", "create_nat_gateway", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return dict(desired)


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateNatGateway",),
    change=(
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteNatGateway",),
    ids=(
        "responseElements.CreateNatGatewayResponse.natGateway.natGatewayId",
        "requestParameters.DeleteNatGatewayRequest.NatGatewayId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
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
            natural_keys=(CFN_KEY, ("tags.Name",), ("subnet_id", "allocation_id")),
            declared_defaults={"connectivity_type": "public", "tags": {}},
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset(
                {"public_ip", "private_ip", "network_interface_id", "association_id"}
            ),
            id_doc="`nat-…`",
            after=("aws_subnet", "aws_eip", "aws_internet_gateway"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(TAGS,),
            fixed={
                "subnet_id": REPLACE,
                "allocation_id": REPLACE,
                "connectivity_type": REPLACE,
            },
            create=Create(_create, _fresh, new_id, ("subnet_id",)),
            delete=Delete(deleter("delete_nat_gateway", "NatGatewayId")),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "nat-gateway-id")},
    cfn=(
        CfnType(
            "AWS::EC2::NatGateway",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"NatGatewayId": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "NATGateway",
            TYPE,
            external_name=_xp_external_name,
            refs={"subnetId": ("Subnet", ("id",)), "allocationId": ("EIP", ("id",))},
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "NATGateway",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
