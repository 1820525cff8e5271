"""aws_vpc_endpoint: a VPC endpoint: its service, type, route tables, subnets, security
groups, private DNS, policy and tags.

Live: DescribeVpcEndpoints pages (1,000 a call), nothing per endpoint; deleted, deleting
and failed endpoints are left out. An endpoint's type is Gateway unless declared
otherwise; private DNS and the policy are compared only where declared (Terraform
computes them). ModifyVpcEndpoint puts back its route tables,
subnets, security groups, private DNS and policy; its VPC, service and type are fixed
at creation (replace needed: a human decides).
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_bool, new_id, pending, xp_prefixed
from driftctl.base.policy import canonical_policy
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, document
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
from driftctl.resources.ec2.common import TAGS, arn, by_id, tag_spec

TYPE = "aws_vpc_endpoint"
COMPARED = frozenset(
    {
        "vpc_id",
        "service_name",
        "vpc_endpoint_type",
        "route_table_ids",
        "subnet_ids",
        "security_group_ids",
        "private_dns_enabled",
        "policy",
        "tags",
    }
)
GONE = ("deleted", "deleting", "failed", "rejected")
_SETS = ("route_table_ids", "subnet_ids", "security_group_ids")


def _policy(text: Any) -> Any:
    if isinstance(text, str) and text.strip():
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if str(item.get("State", "")).lower() in GONE:
        return []
    attrs = {
        "vpc_id": item["VpcId"],
        "service_name": item.get("ServiceName"),
        "vpc_endpoint_type": item.get("VpcEndpointType", "Gateway"),
        "route_table_ids": sorted(item.get("RouteTableIds") or ()),
        "subnet_ids": sorted(item.get("SubnetIds") or ()),
        "security_group_ids": sorted(g["GroupId"] for g in item.get("Groups") or ()),
        "private_dns_enabled": bool(item.get("PrivateDnsEnabled", False)),
        "policy": _policy(item.get("PolicyDocument")),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": arn(region, item, "vpc-endpoint", "VpcEndpointId"),
        "owner_id": item.get("OwnerId"),
    }
    return [Resource(TYPE, item["VpcEndpointId"], None, normalize(attrs), region=region)]


SCAN = ScanSpec(
    name="ec2_vpc_endpoints",
    service="ec2",
    listing=ListCall("describe_vpc_endpoints", "VpcEndpoints", page_size=1000),
    build=build,
)


def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "policy" in out:
        out["policy"] = canonical_policy(_policy(out["policy"]))
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK ----------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "vpc_id": p.get("VpcId"),
        "service_name": p.get("ServiceName"),
        "vpc_endpoint_type": p.get("VpcEndpointType"),
        "route_table_ids": p.get("RouteTableIds"),
        "subnet_ids": p.get("SubnetIds"),
        "security_group_ids": p.get("SecurityGroupIds"),
        "private_dns_enabled": p.get("PrivateDnsEnabled"),
        "policy": p.get("PolicyDocument"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "VpcId": a.get("vpc_id"),
        "ServiceName": a.get("service_name"),
        "VpcEndpointType": a.get("vpc_endpoint_type"),
        "RouteTableIds": a.get("route_table_ids") or None,
        "SubnetIds": a.get("subnet_ids") or None,
        "SecurityGroupIds": a.get("security_group_ids") or None,
        "PrivateDnsEnabled": a.get("private_dns_enabled"),
        "PolicyDocument": a.get("policy"),
        "Tags": cfn_tags(a),
    }


# The external name is the endpoint id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("vpce-")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
        "service_name": s.get("serviceName"),
        "vpc_endpoint_type": s.get("vpcEndpointType"),
        "route_table_ids": s.get("routeTableIDs"),
        "subnet_ids": s.get("subnetIDs"),
        "security_group_ids": s.get("securityGroupIDs"),
        "private_dns_enabled": s.get("privateDNSEnabled"),
        "policy": s.get("policyDocument"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("vpcEndpointID"))]


# --- revert -----------------------------------------------------------------------------

_MODIFY = {
    "route_table_ids": "RouteTableIds",
    "subnet_ids": "SubnetIds",
    "security_group_ids": "SecurityGroupIds",
}


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {}
    for attr, name in _MODIFY.items():
        if attr not in after:
            continue
        old, new = set(before.get(attr) or ()), set(after.get(attr) or ())
        if new - old:
            params[f"Add{name}"] = sorted(new - old)
        if old - new:
            params[f"Remove{name}"] = sorted(old - new)
    if "private_dns_enabled" in after and as_bool(before.get("private_dns_enabled")) != as_bool(
        after["private_dns_enabled"]
    ):
        params["PrivateDnsEnabled"] = as_bool(after["private_dns_enabled"])
    if "policy" in after and after["policy"] != before.get("policy"):
        if after["policy"] in (None, "", {}):
            params["ResetPolicy"] = True
        else:
            params["PolicyDocument"] = document(after["policy"])
    if not params:
        return []
    return [ctx.call("ec2", "modify_vpc_endpoint", VpcEndpointId=ctx.id, **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "VpcId": desired["vpc_id"],
        "ServiceName": desired["service_name"],
        "VpcEndpointType": desired.get("vpc_endpoint_type") or "Gateway",
        **tag_spec("vpc-endpoint", desired),
    }
    output = {pending(ctx).name: "VpcEndpoint.VpcEndpointId"}
    return [ctx.producing(output, "ec2", "create_vpc_endpoint", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {
        **desired,
        "route_table_ids": [],
        "subnet_ids": [],
        "security_group_ids": [],
        "private_dns_enabled": False,
        "policy": None,
    }


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "delete_vpc_endpoints", VpcEndpointIds=[ctx.id])]


EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateVpcEndpoint",),
    change=(
        "ModifyVpcEndpoint",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteVpcEndpoints",),
    ids=(
        "responseElements.CreateVpcEndpointResponse.vpcEndpoint.vpcEndpointId",
        "requestParameters.ModifyVpcEndpointRequest.VpcEndpointId",
        "requestParameters.DeleteVpcEndpointsRequest.VpcEndpointId.content",
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
            sets=frozenset(_SETS),
            natural_keys=(CFN_KEY, ("vpc_id", "service_name", "vpc_endpoint_type")),
            declared_defaults={
                "vpc_endpoint_type": "Gateway",
                "tags": {},
            },
            normalize=normalize,
            from_terraform={TYPE: _from_tf},
            tags=True,
            documents=frozenset({"policy"}),
            computed=frozenset({"arn", "owner_id"}),
            id_doc="`vpce-…`",
            after=("aws_vpc", "aws_subnet", "aws_route_table", "aws_security_group"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(
                    (*_SETS, "private_dns_enabled", "policy"),
                    _modify,
                ),
                TAGS,
            ),
            fixed={
                "vpc_id": REPLACE,
                "service_name": REPLACE,
                "vpc_endpoint_type": REPLACE,
            },
            create=Create(_create, _fresh, new_id, ("vpc_id", "service_name")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "vpc-endpoint-id")},
    cfn=(
        CfnType(
            "AWS::EC2::VPCEndpoint",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"Id": ("id",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "policy": ("document", ("PolicyDocument",)),
                    "private_dns_enabled": ("scalar", ("PrivateDnsEnabled",)),
                    "route_table_ids": ("scalar", ("RouteTableIds",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "VPCEndpoint",
            TYPE,
            external_name=_xp_external_name,
            refs={"vpcId": ("VPC", ("id",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "private_dns_enabled": ("scalar", ("privateDnsEnabled",)),
                "policy": ("scalar", ("policy",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "VPCEndpoint",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "private_dns_enabled": ("scalar", ("privateDNSEnabled",)),
                }
            },
        ),
    ),
)
