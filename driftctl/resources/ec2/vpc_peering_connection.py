"""aws_vpc_peering_connection: a peering connection requested from one of the account's
VPCs to another VPC (of this account or another, in this region or another): the two
VPCs, the peer's account and region, whether each side resolves the other's private DNS
names (`requester`, `accepter`), and tags.

Live: one DescribeVpcPeeringConnections call per region (pages of 1,000), nothing per
connection. Deleted, rejected, failed and expired connections are left out, and so is a
connection requested from another region (it is listed in both: it is the requester
region's). AWS creates none of its own. A connection another account requested to one of
this account's VPCs is listed here too (its accepter side, `aws_vpc_peering_connection_accepter`,
is not compared yet). The DNS options exist once the connection is active; each is put
back with ModifyVpcPeeringConnectionOptions. The VPCs, the peer's account and region are
fixed at creation (replace needed: a human decides); a deleted connection is requested
again, and accepted where the peer VPC is the account's own in the same region (as
Terraform's `auto_accept` does; `auto_accept` itself is not compared).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
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
    first_block,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.ec2.common import TAGS, tag_spec

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_vpc_peering_connection"
SIDES = {"requester": "RequesterVpcInfo", "accepter": "AccepterVpcInfo"}
OPTIONS = {
    "requester": "RequesterPeeringConnectionOptions",
    "accepter": "AccepterPeeringConnectionOptions",
}
FIXED = ("vpc_id", "peer_vpc_id", "peer_owner_id", "peer_region")
COMPARED = frozenset({*FIXED, *SIDES, "tags"})
GONE = ("deleted", "deleting", "rejected", "failed", "expired")
DNS = "allow_remote_vpc_dns_resolution"


def _options(info: Item) -> dict[str, Any] | None:
    options = info.get("PeeringOptions")
    if not options:
        return None
    return {DNS: bool(options.get("AllowDnsResolutionFromRemoteVpc"))}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if (item.get("Status") or {}).get("Code") in GONE:
        return []
    requester = item.get("RequesterVpcInfo") or {}
    accepter = item.get("AccepterVpcInfo") or {}
    if requester.get("Region") not in (None, region):
        return []
    attrs = {
        "vpc_id": requester.get("VpcId"),
        "peer_vpc_id": accepter.get("VpcId"),
        "peer_owner_id": accepter.get("OwnerId"),
        "peer_region": accepter.get("Region") or region,
        "requester": _options(requester),
        "accepter": _options(accepter),
        "accept_status": (item.get("Status") or {}).get("Code"),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
    }
    return [Resource(TYPE, item["VpcPeeringConnectionId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_vpc_peering_connections",
    service="ec2",
    listing=ListCall("describe_vpc_peering_connections", "VpcPeeringConnections", page_size=1000),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    filters = [{"Name": "vpc-peering-connection-id", "Values": [unit.id]}]
    found = reader.call("ec2", unit.region, SCAN.listing.operation, {"Filters": filters})
    out: list[Resource] = []
    for item in found.get(SCAN.listing.result_key) or []:
        if item.get("VpcPeeringConnectionId") == unit.id:
            out.extend(build(item, {}, unit.region))
    return out


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Each side's options as one block, its DNS flag a bool (false when unset)."""
    out = dict(attrs)
    for side in SIDES:
        if out.get(side) is not None:
            block = first_block(out[side])
            out[side] = {DNS: as_bool(block.get(DNS)) is True}
    return out


def _cfn(d: Declaring) -> None:
    p = d.props
    d.emit(
        TYPE,
        {
            "vpc_id": p.get("VpcId"),
            "peer_vpc_id": p.get("PeerVpcId"),
            "peer_owner_id": p.get("PeerOwnerId"),
            "peer_region": p.get("PeerRegion"),
            "tags": d.tags(),
        },
    )


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "VpcId": a.get("vpc_id"),
        "PeerVpcId": a.get("peer_vpc_id"),
        "PeerOwnerId": a.get("peer_owner_id"),
        "PeerRegion": a.get("peer_region"),
        "Tags": cfn_tags(a),
    }


def _ack_options(value: Any) -> dict[str, Any] | None:
    if not isinstance(value, dict):
        return None
    return {DNS: value.get("allowDNSResolutionFromRemoteVPC")}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
        "peer_vpc_id": c.ref(s.get("peerVPCID"), s.get("peerVPCRef"), "VPC"),
        "peer_owner_id": s.get("peerOwnerID"),
        "peer_region": s.get("peerRegion"),
        "requester": _ack_options(s.get("requesterPeeringConnectionOptions")),
        "accepter": _ack_options(s.get("accepterPeeringConnectionOptions")),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("vpcPeeringConnectionID"))]


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {}
    for side, key in OPTIONS.items():
        block = after.get(side)
        if block is not None and block != before.get(side):
            params[key] = {"AllowDnsResolutionFromRemoteVpc": bool(block.get(DNS))}
    if not params:
        return []
    return [
        ctx.call(
            "ec2", "modify_vpc_peering_connection_options", VpcPeeringConnectionId=ctx.id, **params
        )
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "VpcId": desired["vpc_id"],
        "PeerVpcId": desired["peer_vpc_id"],
        **tag_spec("vpc-peering-connection", desired),
    }
    if desired.get("peer_owner_id"):
        params["PeerOwnerId"] = desired["peer_owner_id"]
    if desired.get("peer_region"):
        params["PeerRegion"] = desired["peer_region"]
    output = {pending(ctx).name: "VpcPeeringConnection.VpcPeeringConnectionId"}
    calls = [ctx.producing(output, "ec2", "create_vpc_peering_connection", **params)]
    same_account = desired.get("peer_owner_id") in (None, "", ctx.account)
    if same_account and desired.get("peer_region") in (None, "", ctx.region):
        calls.append(
            ctx.call("ec2", "accept_vpc_peering_connection", VpcPeeringConnectionId=pending(ctx))
        )
    return calls


def _fresh(desired: Attrs) -> Attrs:
    off = {DNS: False}
    return {**desired, "requester": off, "accepter": off}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "delete_vpc_peering_connection", VpcPeeringConnectionId=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateVpcPeeringConnection",),
    change=(
        "AcceptVpcPeeringConnection",
        "ModifyVpcPeeringConnectionOptions",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteVpcPeeringConnection",),
    ids=(
        "responseElements.vpcPeeringConnection.vpcPeeringConnectionId",
        "requestParameters.vpcPeeringConnectionId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "ModifyVpcPeeringConnectionOptions": frozenset(SIDES),
        "AcceptVpcPeeringConnection": frozenset(SIDES),
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
            natural_keys=(CFN_KEY, ("tags.Name",), ("vpc_id", "peer_vpc_id")),
            declared_defaults={"tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            shape={"requester": "single", "accepter": "single"},
            computed=frozenset({"accept_status"}),
            id_doc="`pcx-…`",
            after=("aws_vpc",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(SIDES), _modify), TAGS),
            fixed={name: REPLACE for name in FIXED},
            create=Create(_create, _fresh, new_id),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::EC2::VPCPeeringConnection",
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
            "VPCPeeringConnection",
            TYPE,
            external_name=xp_prefixed("pcx-"),
            refs={"vpcId": ("VPC", ("id",)), "peerVpcId": ("VPC", ("id",))},
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "VPCPeeringConnection",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
