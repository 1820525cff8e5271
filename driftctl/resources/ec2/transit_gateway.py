"""aws_ec2_transit_gateway: a transit gateway (a regional router between VPCs, VPNs and
other gateways): its description, Amazon-side ASN, CIDR blocks, the options that decide
what it does with new attachments (accepting shared ones, associating and propagating to
its default route table), DNS, ECMP, multicast and security-group referencing support,
and tags.

Live: DescribeTransitGateways pages (1,000 a call), nothing per gateway; deleted and
deleting gateways are left out. AWS creates none of its own. The options AWS leaves out
are the AWS defaults (Terraform's too). Everything but multicast support is put back with
one ModifyTransitGateway (CIDR blocks added and removed one by one); multicast support is
fixed at creation (replace needed: a human decides).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_int, keep, new_id, pending, xp_prefixed
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

TYPE = "aws_ec2_transit_gateway"
# the enable/disable options: canonical attribute -> Options' key, AWS's (and Terraform's) default
SWITCHES = {
    "auto_accept_shared_attachments": ("AutoAcceptSharedAttachments", "disable"),
    "default_route_table_association": ("DefaultRouteTableAssociation", "enable"),
    "default_route_table_propagation": ("DefaultRouteTablePropagation", "enable"),
    "dns_support": ("DnsSupport", "enable"),
    "vpn_ecmp_support": ("VpnEcmpSupport", "enable"),
    "multicast_support": ("MulticastSupport", "disable"),
    "security_group_referencing_support": ("SecurityGroupReferencingSupport", "disable"),
}
# the switches ModifyTransitGateway changes (not multicast support)
MODIFIED = tuple(name for name in SWITCHES if name != "multicast_support")
CIDRS = "transit_gateway_cidr_blocks"
COMPARED = frozenset({*SWITCHES, "description", "amazon_side_asn", CIDRS, "tags"})
DEFAULTS: dict[str, Any] = {
    **{name: default for name, (_, default) in SWITCHES.items()},
    "amazon_side_asn": 64512,
    "description": "",
    CIDRS: [],
    "tags": {},
}
GONE = ("deleted", "deleting")


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("State") in GONE:
        return []
    options = item.get("Options") or {}
    attrs: dict[str, Any] = {
        name: options.get(key) or default for name, (key, default) in SWITCHES.items()
    }
    attrs.update(
        {
            "description": item.get("Description") or "",
            "amazon_side_asn": as_int(options.get("AmazonSideAsn")),
            CIDRS: sorted(options.get("TransitGatewayCidrBlocks") or []),
            "tags": tag_dict(item.get("Tags")),
            **cfn_identity(item.get("Tags")),
            "arn": item.get("TransitGatewayArn"),
            "owner_id": item.get("OwnerId"),
            "association_default_route_table_id": options.get("AssociationDefaultRouteTableId"),
            "propagation_default_route_table_id": options.get("PropagationDefaultRouteTableId"),
        }
    )
    return [Resource(TYPE, item["TransitGatewayId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_transit_gateways",
    service="ec2",
    listing=ListCall("describe_transit_gateways", "TransitGateways", page_size=1000),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The ASN as a number (CloudFormation's may be text), no description as ""."""
    out = dict(attrs)
    if out.get("amazon_side_asn") is not None:
        out["amazon_side_asn"] = as_int(out["amazon_side_asn"])
    if "description" in out and out["description"] is None:
        out["description"] = ""
    return out


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs: dict[str, Any] = {name: p.get(key) for name, (key, _) in SWITCHES.items()}
    attrs.update(
        {
            "description": p.get("Description"),
            "amazon_side_asn": p.get("AmazonSideAsn"),
            CIDRS: p.get("TransitGatewayCidrBlocks"),
            "tags": d.tags(),
        }
    )
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {key: a.get(name) for name, (key, _) in SWITCHES.items()}
    props.update(
        {
            "Description": a.get("description") or None,
            "AmazonSideAsn": as_int(a.get("amazon_side_asn")),
            "TransitGatewayCidrBlocks": list(a.get(CIDRS) or []) or None,
            "Tags": cfn_tags(a),
        }
    )
    return props


# ACK's spec.options field of each switch
ACK_OPTIONS = {
    "auto_accept_shared_attachments": "autoAcceptSharedAttachments",
    "default_route_table_association": "defaultRouteTableAssociation",
    "default_route_table_propagation": "defaultRouteTablePropagation",
    "dns_support": "dnsSupport",
    "vpn_ecmp_support": "vpnECMPSupport",
    "multicast_support": "multicastSupport",
    "security_group_referencing_support": "securityGroupReferencingSupport",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    found = s.get("options")
    options: dict[str, Any] = found if isinstance(found, dict) else {}
    attrs: dict[str, Any] = {name: options.get(key) for name, key in ACK_OPTIONS.items()}
    attrs.update(
        {
            "description": s.get("description"),
            "amazon_side_asn": options.get("amazonSideASN"),
            CIDRS: options.get("transitGatewayCIDRBlocks"),
            "tags": c.tags(s.get("tags")),
        }
    )
    return [c.raw(TYPE, attrs, c.adoption.get("transitGatewayID"))]


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    options: dict[str, Any] = {}
    for name in MODIFIED:
        if after.get(name) is not None and after.get(name) != before.get(name):
            options[SWITCHES[name][0]] = after[name]
    asn = as_int(after.get("amazon_side_asn"))
    if asn is not None and asn != as_int(before.get("amazon_side_asn")):
        options["AmazonSideAsn"] = asn
    old, new = set(before.get(CIDRS) or ()), set(after.get(CIDRS) or ())
    if new - old:
        options["AddTransitGatewayCidrBlocks"] = sorted(new - old)
    if old - new:
        options["RemoveTransitGatewayCidrBlocks"] = sorted(old - new)
    params: dict[str, Any] = {"TransitGatewayId": ctx.id}
    if options:
        params["Options"] = options
    if (after.get("description") or "") != (before.get("description") or ""):
        params["Description"] = after.get("description") or ""
    if len(params) == 1:
        return []
    return [ctx.call("ec2", "modify_transit_gateway", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    options: dict[str, Any] = {
        SWITCHES[name][0]: desired[name] for name in SWITCHES if desired.get(name)
    }
    if as_int(desired.get("amazon_side_asn")) is not None:
        options["AmazonSideAsn"] = as_int(desired["amazon_side_asn"])
    if desired.get(CIDRS):
        options["TransitGatewayCidrBlocks"] = sorted(desired[CIDRS])
    params: dict[str, Any] = {"Options": options, **tag_spec("transit-gateway", desired)}
    if desired.get("description"):
        params["Description"] = desired["description"]
    output = {pending(ctx).name: "TransitGateway.TransitGatewayId"}
    return [ctx.producing(output, "ec2", "create_transit_gateway", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "delete_transit_gateway", TransitGatewayId=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateTransitGateway",),
    change=("ModifyTransitGateway", "CreateTags", "DeleteTags"),
    delete=("DeleteTransitGateway",),
    ids=(
        "responseElements.CreateTransitGatewayResponse.transitGateway.transitGatewayId",
        "requestParameters.ModifyTransitGatewayRequest.TransitGatewayId",
        "requestParameters.DeleteTransitGatewayRequest.TransitGatewayId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "ModifyTransitGateway": frozenset({*MODIFIED, "amazon_side_asn", "description", CIDRS}),
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
            sets=frozenset({CIDRS}),
            natural_keys=(CFN_KEY, ("tags.Name",), ("description", "amazon_side_asn")),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset(
                {
                    "arn",
                    "owner_id",
                    "association_default_route_table_id",
                    "propagation_default_route_table_id",
                }
            ),
            id_doc="`tgw-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater((*MODIFIED, "amazon_side_asn", "description", CIDRS), _modify),
                TAGS,
            ),
            fixed={"multicast_support": REPLACE},
            create=Create(_create, dict, new_id),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "transit-gateway-id")},
    cfn=(
        CfnType(
            "AWS::EC2::TransitGateway",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Id": ("id",), "TransitGatewayArn": ("arn",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("Description",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "TransitGateway",
            TYPE,
            external_name=xp_prefixed("tgw-"),
            tagged=True,
            fields={"tags": ("map", ("tags",)), "description": ("scalar", ("description",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "TransitGateway",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "description": ("scalar", ("description",)),
                }
            },
        ),
    ),
)
