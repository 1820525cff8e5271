"""aws_customer_gateway: the customer's side of a Site-to-Site VPN: its type, BGP ASN,
public IP address, certificate, device name, and tags.

Live: one DescribeCustomerGateways call per region (AWS pages it not), nothing per
gateway; deleted and deleting gateways are left out. AWS creates none of its own.
Everything but the tags is fixed at creation: a revert says "replace needed" and a
human decides.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_int, keep, new_id, pending, xp_prefixed
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

TYPE = "aws_customer_gateway"
SETTINGS = ("bgp_asn", "bgp_asn_extended", "certificate_arn", "device_name", "ip_address")
COMPARED = frozenset({*SETTINGS, "type", "tags"})
GONE = ("deleted", "deleting")
# canonical attribute -> the API's field
FIELDS = {
    "bgp_asn": "BgpAsn",
    "bgp_asn_extended": "BgpAsnExtended",
    "certificate_arn": "CertificateArn",
    "device_name": "DeviceName",
    "ip_address": "IpAddress",
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("State") in GONE:
        return []
    attrs = {
        **{name: item.get(key) or "" for name, key in FIELDS.items()},
        "type": item.get("Type"),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": f"arn:aws:ec2:{region}::customer-gateway/{item['CustomerGatewayId']}",
    }
    return [Resource(TYPE, item["CustomerGatewayId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_customer_gateways",
    service="ec2",
    listing=ListCall("describe_customer_gateways", "CustomerGateways", paginated=False),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """An ASN as text (Terraform's bgp_asn is a string, CloudFormation's a number)."""
    out = dict(attrs)
    for name in ("bgp_asn", "bgp_asn_extended"):
        if isinstance(out.get(name), int) and not isinstance(out[name], bool):
            out[name] = str(out[name])
    return out


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {name: p.get(key) for name, key in FIELDS.items()}
    d.emit(TYPE, {**attrs, "type": p.get("Type"), "tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {key: a.get(name) or None for name, key in FIELDS.items()}
    for key in ("BgpAsn", "BgpAsnExtended"):
        props[key] = as_int(props[key])
    return {**props, "Type": a.get("type"), "Tags": cfn_tags(a)}


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Type": desired["type"], **tag_spec("customer-gateway", desired)}
    for name, key in FIELDS.items():
        value = desired.get(name)
        if value not in (None, ""):
            params[key] = as_int(value) if key == "BgpAsn" else str(value)
    output = {pending(ctx).name: "CustomerGateway.CustomerGatewayId"}
    return [ctx.producing(output, "ec2", "create_customer_gateway", **params)]


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateCustomerGateway",),
    change=("CreateTags", "DeleteTags"),
    delete=("DeleteCustomerGateway",),
    ids=(
        "responseElements.customerGateway.customerGatewayId",
        "requestParameters.customerGatewayId",
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
            natural_keys=(CFN_KEY, ("tags.Name",), ("ip_address", "bgp_asn")),
            declared_defaults={"tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="`cgw-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(TAGS,),
            fixed={**{name: REPLACE for name in SETTINGS}, "type": REPLACE},
            create=Create(_create, dict, new_id, ("type",)),
            delete=Delete(deleter("delete_customer_gateway", "CustomerGatewayId")),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "customer-gateway-id")},
    cfn=(
        CfnType(
            "AWS::EC2::CustomerGateway",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"CustomerGatewayId": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "CustomerGateway",
            TYPE,
            external_name=xp_prefixed("cgw-"),
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
)
