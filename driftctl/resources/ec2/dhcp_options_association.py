"""aws_vpc_dhcp_options_association: the DHCP option set a VPC uses.

Live: one association per VPC, read from the DescribeVpcs pages the VPC scan already
makes, joined with the DescribeDhcpOptions pages of the DHCP option set scan (both made
once): no call of its own. A VPC that uses the region's default set (or none) is AWS's
doing, never unmanaged. Its id is Terraform's, `dopt-…-vpc-…`: a VPC moved to another
set by hand is a missing association (and an unmanaged one for the set it uses now), as
Terraform sees it. A revert associates the set again; a delete puts the VPC back on
AWS's default set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import keep, pending
from driftctl.base.revert import Create, Delete, RevertSpec
from driftctl.base.spec import Details, Item, Join, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource
from driftctl.resources.ec2 import dhcp_options

if TYPE_CHECKING:
    from driftctl.base.calls import Unit
    from driftctl.base.reader import Reader

TYPE = dhcp_options.ASSOCIATION
COMPARED = frozenset({"dhcp_options_id", "vpc_id"})
# why neither attribute changes in place: each is part of the id
IN_ID = "part of the association's id: another set or VPC is another association"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    options = item.get("DhcpOptionsId")
    if not options or options == "default":
        return []
    attrs = {
        "dhcp_options_id": options,
        "vpc_id": item["VpcId"],
        "aws_default": dhcp_options.is_default_set(details.get("options"), region),
    }
    return [Resource(TYPE, f"{options}-{item['VpcId']}", None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_vpc_dhcp_options_associations",
    service="ec2",
    # the VPC scan's own listing, joined with the DHCP option set scan's (each made once)
    listing=ListCall("describe_vpcs", "Vpcs", page_size=1000),
    joins=(Join("options", dhcp_options.LISTING, "DhcpOptionsId", "DhcpOptionsId"),),
    build=build,
)


def _vpc_of(association_id: str) -> str:
    return "vpc-" + association_id.rsplit("-vpc-", 1)[-1]


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """The VPC of the association, with the set it uses now."""
    assert unit.id is not None
    filters = [{"Name": "vpc-id", "Values": [_vpc_of(unit.id)]}]
    found = reader.call("ec2", unit.region, "describe_vpcs", {"Filters": filters})
    out: list[Resource] = []
    for item in found.get("Vpcs") or ():
        options = item.get("DhcpOptionsId")
        joined = None
        if options and options != "default":
            by_id = [{"Name": "dhcp-options-id", "Values": [options]}]
            sets = reader.call("ec2", unit.region, "describe_dhcp_options", {"Filters": by_id})
            joined = next(iter(sets.get("DhcpOptions") or ()), None)
        out.extend(r for r in build(item, {"options": joined}, unit.region) if r.id == unit.id)
    return out


def _declared_id(attrs: dict[str, Any]) -> str | None:
    """Terraform's id, `DHCP-OPTIONS-ID-VPC-ID`, once both are known."""
    options, vpc = attrs.get("dhcp_options_id"), attrs.get("vpc_id")
    return f"{options}-{vpc}" if isinstance(options, str) and isinstance(vpc, str) else None


def _cfn(d: Declaring) -> None:
    d.emit(TYPE, {"dhcp_options_id": d.props.get("DhcpOptionsId"), "vpc_id": d.props.get("VpcId")})


def _associate(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"DhcpOptionsId": desired["dhcp_options_id"], "VpcId": desired["vpc_id"]}
    return [ctx.call("ec2", "associate_dhcp_options", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str | Pending:
    return _declared_id(desired) or pending(ctx)


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """The VPC back on AWS's default set (what Terraform's destroy does)."""
    return [
        ctx.call("ec2", "associate_dhcp_options", DhcpOptionsId="default", VpcId=live["vpc_id"])
    ]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """A VPC's use of the region's default set is AWS's doing: never changed."""
    if live.get("aws_default"):
        return f"{ctx.label}: a VPC on the region's default DHCP option set is AWS's doing"
    return None


EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    # the record names the set the VPC uses now: the association it made, not the one it
    # replaced
    create=("AssociateDhcpOptions",),
    ids=("{requestParameters.dhcpOptionsId}-{requestParameters.vpcId}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("dhcp_options_id", "vpc_id"),),
            declared_id=_declared_id,
            is_aws_default=lambda r: bool(r.attrs.get("aws_default")),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="`dopt-…-vpc-…` (Terraform's id)",
            after=(dhcp_options.TYPE, "aws_vpc"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            fixed={"dhcp_options_id": IN_ID, "vpc_id": IN_ID},
            create=Create(_associate, dict, _new_id, ("dhcp_options_id", "vpc_id")),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::EC2::VPCDHCPOptionsAssociation",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "VPCDHCPOptionsAssociation",
            TYPE,
            refs={"dhcpOptionsId": ("VPCDHCPOptions", ("id",)), "vpcId": ("VPC", ("id",))},
        ),
    ),
)
