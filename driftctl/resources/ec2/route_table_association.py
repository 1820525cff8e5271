"""aws_route_table_association: a subnet's (or an edge gateway's) route table.

Live: read from the DescribeRouteTables pages the route table scan already makes (made
once): no call of its own. A VPC's main association is AWS's own, never unmanaged (a
subnet without an association of its own uses the main table). Another table is put
back with ReplaceRouteTableAssociation; the subnet or gateway cannot change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, new_id, pending
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.calls import Unit
    from driftctl.base.reader import Reader

TYPE = "aws_route_table_association"
COMPARED = frozenset({"route_table_id", "subnet_id", "gateway_id"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    out = []
    for assoc in item.get("Associations") or ():
        if not assoc.get("RouteTableAssociationId"):
            continue
        state = (assoc.get("AssociationState") or {}).get("State", "associated")
        if state not in ("associated", "associating"):
            continue
        attrs = {
            "route_table_id": assoc.get("RouteTableId") or item["RouteTableId"],
            "subnet_id": assoc.get("SubnetId"),
            "gateway_id": assoc.get("GatewayId"),
            "main": bool(assoc.get("Main")),
        }
        out.append(Resource(TYPE, assoc["RouteTableAssociationId"], None, attrs, region=region))
    return out


SCAN = ScanSpec(
    name="ec2_route_table_associations",
    service="ec2",
    # the route table scan's own listing: made once, read by both
    listing=ListCall("describe_route_tables", "RouteTables", page_size=100),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    filters = [{"Name": "association.route-table-association-id", "Values": [unit.id]}]
    found = reader.call("ec2", unit.region, "describe_route_tables", {"Filters": filters})
    return [
        r
        for item in found.get("RouteTables") or []
        for r in build(item, {}, unit.region)
        if r.id == unit.id
    ]


def _cfn(kind: str, prop: str) -> Callable[[Declaring], None]:
    def convert(d: Declaring) -> None:
        d.emit(TYPE, {"route_table_id": d.props.get("RouteTableId"), kind: d.props.get(prop)})

    return convert


def _replace(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [
        ctx.call(
            "ec2",
            "replace_route_table_association",
            AssociationId=ctx.id,
            RouteTableId=after["route_table_id"],
        )
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"RouteTableId": desired["route_table_id"]}
    if desired.get("subnet_id"):
        params["SubnetId"] = desired["subnet_id"]
    if desired.get("gateway_id"):
        params["GatewayId"] = desired["gateway_id"]
    output = {pending(ctx).name: "AssociationId"}
    return [ctx.producing(output, "ec2", "associate_route_table", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return dict(desired)


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "disassociate_route_table", AssociationId=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """A VPC's main association is AWS's own: never deleted."""
    return f"{ctx.label}: a VPC's main association is AWS's own" if live.get("main") else None


EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("AssociateRouteTable",),
    change=("ReplaceRouteTableAssociation",),
    delete=("DisassociateRouteTable",),
    ids=(
        "responseElements.associationId",
        "requestParameters.associationId",
        "responseElements.newAssociationId",
    ),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("subnet_id",), ("gateway_id",)),
            is_aws_default=lambda r: bool(r.attrs.get("main")),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="`rtbassoc-…`",
            after=("aws_route_table", "aws_subnet", "aws_internet_gateway"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("route_table_id",), _replace),),
            fixed={"subnet_id": REPLACE, "gateway_id": REPLACE},
            create=Create(_create, _fresh, new_id, ("route_table_id",)),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::EC2::SubnetRouteTableAssociation",
            _cfn("subnet_id", "SubnetId"),
            emits=(TYPE,),
            ref=("id",),
            getatt={"Id": ("id",)},
        ),
        CfnType(
            "AWS::EC2::GatewayRouteTableAssociation",
            _cfn("gateway_id", "GatewayId"),
            emits=(TYPE,),
            getatt={"AssociationId": ("id",)},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "RouteTableAssociation",
            TYPE,
            refs={
                "routeTableId": ("RouteTable", ("id",)),
                "subnetId": ("Subnet", ("id",)),
                "gatewayId": ("InternetGateway", ("id",)),
            },
        ),
    ),
)
