"""aws_route_table: a VPC's route table, its routes (`aws_route` folded in), propagating
virtual private gateways, and tags.

Live: DescribeRouteTables pages (100 tables a call), nothing per table. Each VPC's main
route table is AWS's own, never unmanaged. The `local` route AWS gives every table and
the routes a virtual private gateway propagates or a gateway VPC endpoint adds are never
drift (Terraform leaves them out of `route` as well). Routes left undeclared are not
compared: Terraform then manages them with separate `aws_route` resources, which fold
into their table's `route` set.
A table cannot move to another VPC: a revert says so.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, new_id, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Fold,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource, to_plain
from driftctl.resources.ec2.common import TAGS, arn, by_id, tag_spec

TYPE = "aws_route_table"
COMPARED = frozenset({"vpc_id", "route", "propagating_vgws", "tags"})

# Terraform's route block <-> DescribeRouteTables' Route (destinations, then targets)
DESTINATIONS = {
    "cidr_block": "DestinationCidrBlock",
    "ipv6_cidr_block": "DestinationIpv6CidrBlock",
    "destination_prefix_list_id": "DestinationPrefixListId",
}
TARGETS = {
    "carrier_gateway_id": "CarrierGatewayId",
    "core_network_arn": "CoreNetworkArn",
    "egress_only_gateway_id": "EgressOnlyInternetGatewayId",
    "gateway_id": "GatewayId",
    "local_gateway_id": "LocalGatewayId",
    "nat_gateway_id": "NatGatewayId",
    "network_interface_id": "NetworkInterfaceId",
    "transit_gateway_id": "TransitGatewayId",
    "vpc_peering_connection_id": "VpcPeeringConnectionId",
}
ROUTE_KEYS = (*DESTINATIONS, *TARGETS, "vpc_endpoint_id")
# aws_route names its destination differently from the table's route block
_ROUTE_RESOURCE = {
    "destination_cidr_block": "cidr_block",
    "destination_ipv6_cidr_block": "ipv6_cidr_block",
    "destination_prefix_list_id": "destination_prefix_list_id",
}


def live_route(route: Item) -> dict[str, Any] | None:
    """One live route as Terraform's route block; None for AWS's own (local, propagated)."""
    if route.get("GatewayId") == "local" or route.get("Origin") == "EnableVgwRoutePropagation":
        return None
    if route.get("DestinationPrefixListId") and str(route.get("GatewayId")).startswith("vpce-"):
        return None  # a gateway endpoint's route: its aws_vpc_endpoint's, as in Terraform
    out = {tf: route[api] for tf, api in {**DESTINATIONS, **TARGETS}.items() if route.get(api)}
    gateway = out.get("gateway_id", "")
    if isinstance(gateway, str) and gateway.startswith("vpce-"):
        out["vpc_endpoint_id"] = out.pop("gateway_id")  # Terraform's name for it
    if route.get("InstanceId") and not out.get("network_interface_id"):
        out["network_interface_id"] = route["InstanceId"]
    return out


def build(item: Item, details: Details, region: str) -> list[Resource]:
    routes = [r for r in map(live_route, item.get("Routes") or ()) if r is not None]
    attrs = {
        "vpc_id": item["VpcId"],
        "route": routes,
        "propagating_vgws": sorted(
            v["GatewayId"] for v in item.get("PropagatingVgws") or () if v.get("GatewayId")
        ),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": arn(region, item, "route-table", "RouteTableId"),
        "owner_id": item.get("OwnerId"),
        "main": any(a.get("Main") for a in item.get("Associations") or ()),
    }
    return [Resource(TYPE, item["RouteTableId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_route_tables",
    service="ec2",
    listing=ListCall("describe_route_tables", "RouteTables", page_size=100),
    build=build,
)


def _norm_route(route: Any) -> Any:
    if not isinstance(route, dict):
        return route
    return {k: v for k, v in route.items() if k in ROUTE_KEYS and v not in (None, "")}


def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Terraform's state holds every key of a route ("" where unset): only the set ones."""
    out = dict(attrs)
    if isinstance(out.get("route"), list):
        out["route"] = [_norm_route(r) for r in out["route"]]
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


def _route_from_tf(raw: RawResource) -> list[Resource]:
    """An aws_route: one route of the table it names."""
    a = raw.attrs
    route = {_ROUTE_RESOURCE.get(k, k): v for k, v in a.items() if k != "route_table_id"}
    route = {k: v for k, v in route.items() if k in ROUTE_KEYS and v not in (None, "")}
    attrs = {"route_table_id": a.get("route_table_id"), "route": [route]}
    return [Resource(TYPE, None, raw.address, attrs, raw.source)]


FOLDS = {"aws_route": Fold("route_table_id", _route_from_tf)}


# --- CloudFormation, Crossplane, ACK ----------------------------------------------------


def _cfn(d: Declaring) -> None:
    d.emit(TYPE, {"vpc_id": d.props.get("VpcId"), "tags": d.tags()})


_CFN_ROUTE = {
    "DestinationCidrBlock": "destination_cidr_block",
    "DestinationIpv6CidrBlock": "destination_ipv6_cidr_block",
    "DestinationPrefixListId": "destination_prefix_list_id",
    "CarrierGatewayId": "carrier_gateway_id",
    "CoreNetworkArn": "core_network_arn",
    "EgressOnlyInternetGatewayId": "egress_only_gateway_id",
    "GatewayId": "gateway_id",
    "LocalGatewayId": "local_gateway_id",
    "NatGatewayId": "nat_gateway_id",
    "NetworkInterfaceId": "network_interface_id",
    "TransitGatewayId": "transit_gateway_id",
    "VpcEndpointId": "vpc_endpoint_id",
    "VpcPeeringConnectionId": "vpc_peering_connection_id",
}


def _cfn_route(d: Declaring) -> None:
    attrs = {tf: d.props[cfn] for cfn, tf in _CFN_ROUTE.items() if cfn in d.props}
    d.emit("aws_route", {"route_table_id": d.props.get("RouteTableId"), **attrs})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"VpcId": a.get("vpc_id"), "Tags": cfn_tags(a)}


# The external name is the table id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("rtb-")


# ACK's RouteTable spec.routes items (ec2-controller's CreateRouteInput names)
_ACK_ROUTE = {
    "destinationCIDRBlock": "cidr_block",
    "destinationIPv6CIDRBlock": "ipv6_cidr_block",
    "destinationPrefixListID": "destination_prefix_list_id",
    "carrierGatewayID": "carrier_gateway_id",
    "coreNetworkARN": "core_network_arn",
    "egressOnlyInternetGatewayID": "egress_only_gateway_id",
    "gatewayID": "gateway_id",
    "localGatewayID": "local_gateway_id",
    "natGatewayID": "nat_gateway_id",
    "networkInterfaceID": "network_interface_id",
    "transitGatewayID": "transit_gateway_id",
    "vpcEndpointID": "vpc_endpoint_id",
    "vpcPeeringConnectionID": "vpc_peering_connection_id",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    routes = s.get("routes")
    attrs = {
        "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
        "route": [
            {tf: r[key] for key, tf in _ACK_ROUTE.items() if r.get(key)}
            for r in routes
            if isinstance(r, dict)
        ]
        if isinstance(routes, list)
        else None,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("routeTableID"))]


# --- revert -----------------------------------------------------------------------------


def _destination(route: dict[str, Any]) -> dict[str, Any]:
    return {DESTINATIONS[k]: route[k] for k in DESTINATIONS if route.get(k)}


def _target(route: dict[str, Any]) -> dict[str, Any]:
    out = {TARGETS[k]: route[k] for k in TARGETS if route.get(k)}
    if route.get("vpc_endpoint_id"):
        out["VpcEndpointId"] = route["vpc_endpoint_id"]
    return out


def _key(route: dict[str, Any]) -> str:
    return repr(sorted(to_plain(_destination(route)).items()))


def _routes(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """Each route by its destination: deleted, created, or its target replaced."""
    old = {_key(r): r for r in map(_norm_route, before.get("route") or ())}
    new = {_key(r): r for r in map(_norm_route, after.get("route") or ())}
    calls = []
    for key in sorted(old.keys() - new.keys()):
        dest = _destination(old[key])
        calls.append(ctx.call("ec2", "delete_route", RouteTableId=ctx.id, **dest))
    for key in sorted(new):
        route = new[key]
        params = {"RouteTableId": ctx.id, **_destination(route), **_target(route)}
        if key not in old:
            calls.append(ctx.call("ec2", "create_route", **params))
        elif _norm_route(old[key]) != route:
            calls.append(ctx.call("ec2", "replace_route", **params))
    return calls


def _vgws(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    old = set(before.get("propagating_vgws") or ())
    new = set(after.get("propagating_vgws") or ())
    calls = [
        ctx.call("ec2", "disable_vgw_route_propagation", RouteTableId=ctx.id, GatewayId=g)
        for g in sorted(old - new)
    ]
    calls += [
        ctx.call("ec2", "enable_vgw_route_propagation", RouteTableId=ctx.id, GatewayId=g)
        for g in sorted(new - old)
    ]
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"VpcId": desired["vpc_id"], **tag_spec("route-table", desired)}
    output = {pending(ctx).name: "RouteTable.RouteTableId"}
    return [ctx.producing(output, "ec2", "create_route_table", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "route": [], "propagating_vgws": []}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "delete_route_table", RouteTableId=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """A VPC's main route table is AWS's own: never deleted."""
    if live.get("main"):
        return f"{ctx.label}: a VPC's main route table is AWS's own"
    return None


EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateRouteTable",),
    change=(
        "CreateRoute",
        "ReplaceRoute",
        "DeleteRoute",
        "EnableVgwRoutePropagation",
        "DisableVgwRoutePropagation",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteRouteTable",),
    ids=(
        "responseElements.routeTable.routeTableId",
        "requestParameters.routeTableId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "CreateRoute": frozenset({"route"}),
        "ReplaceRoute": frozenset({"route"}),
        "DeleteRoute": frozenset({"route"}),
        "EnableVgwRoutePropagation": frozenset({"propagating_vgws"}),
        "DisableVgwRoutePropagation": frozenset({"propagating_vgws"}),
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
            sets=frozenset({"route", "propagating_vgws"}),
            natural_keys=(CFN_KEY, ("vpc_id", "tags.Name")),
            declared_defaults={"tags": {}},
            normalize=normalize,
            is_aws_default=lambda r: bool(r.attrs.get("main")),
            from_terraform={TYPE: _from_tf},
            folds=FOLDS,
            tags=True,
            computed=frozenset({"arn", "owner_id"}),
            id_doc="`rtb-…`",
            after=("aws_vpc", "aws_internet_gateway"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("route",), _routes),
                Updater(("propagating_vgws",), _vgws),
                TAGS,
            ),
            fixed={"vpc_id": REPLACE},
            create=Create(_create, _fresh, new_id, ("vpc_id",)),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "route-table-id")},
    cfn=(
        CfnType(
            "AWS::EC2::RouteTable",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"RouteTableId": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
        CfnType("AWS::EC2::Route", _cfn_route, emits=(TYPE,)),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "RouteTable",
            TYPE,
            external_name=_xp_external_name,
            refs={"vpcId": ("VPC", ("id",))},
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
        CrossplaneKind(
            "ec2",
            "Route",
            "aws_route",
            refs={
                "routeTableId": ("RouteTable", ("id",)),
                "gatewayId": ("InternetGateway", ("id",)),
            },
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "RouteTable",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
