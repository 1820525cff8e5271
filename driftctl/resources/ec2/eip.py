"""aws_eip: an Elastic IP address: its domain, the instance or network interface it is
associated with, its public IPv4 pool, and tags.

Live: one DescribeAddresses call per region (AWS does not page it), nothing per address.
The id is the allocation id (`eipalloc-…`). An association is put back with
AssociateAddress (or DisassociateAddress); the domain and pool cannot change.
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
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.ec2.common import TAGS, by_id, tag_spec

TYPE = "aws_eip"
COMPARED = frozenset({"domain", "instance", "network_interface", "public_ipv4_pool", "tags"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if not item.get("AllocationId"):
        return []  # an EC2-Classic address: gone from AWS
    attrs = {
        "domain": item.get("Domain", "vpc"),
        "instance": item.get("InstanceId") or "",
        "network_interface": item.get("NetworkInterfaceId") or "",
        "public_ipv4_pool": item.get("PublicIpv4Pool") or "amazon",
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "public_ip": item.get("PublicIp"),
        "private_ip": item.get("PrivateIpAddress") or "",
        "association_id": item.get("AssociationId") or "",
        "allocation_id": item["AllocationId"],
        "arn": f"arn:aws:ec2:{region}:{item.get('NetworkInterfaceOwnerId', '')}:elastic-ip/"
        + item["AllocationId"],
    }
    return [Resource(TYPE, item["AllocationId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_addresses",
    service="ec2",
    listing=ListCall("describe_addresses", "Addresses", paginated=False),
    build=build,
)


def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if out.get("vpc") is True and "domain" not in out:
        out["domain"] = "vpc"
    out.pop("vpc", None)
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED or k == "vpc"}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "domain": p.get("Domain"),
        "instance": p.get("InstanceId"),
        "public_ipv4_pool": p.get("PublicIpv4Pool"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Domain": a.get("domain"),
        "InstanceId": a.get("instance") or None,
        "Tags": cfn_tags(a),
    }


# The external name is the allocation id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("eipalloc-")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {"public_ipv4_pool": s.get("publicIPv4Pool"), "tags": c.tags(s.get("tags"))}
    return [c.raw(TYPE, attrs, c.adoption.get("allocationID"))]


def _associate(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    if after.get("instance"):
        target = {"InstanceId": after["instance"]}
    elif after.get("network_interface"):
        target = {"NetworkInterfaceId": after["network_interface"]}
    else:
        if not before.get("association_id"):
            return []
        return [ctx.call("ec2", "disassociate_address", AssociationId=before["association_id"])]
    return [
        ctx.call("ec2", "associate_address", AllocationId=ctx.id, AllowReassociation=True, **target)
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Domain": "vpc", **tag_spec("elastic-ip", desired)}
    if desired.get("public_ipv4_pool") not in (None, "", "amazon"):
        params["PublicIpv4Pool"] = desired["public_ipv4_pool"]
    return [ctx.producing({pending(ctx).name: "AllocationId"}, "ec2", "allocate_address", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "instance": "", "network_interface": ""}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    calls = []
    if live.get("association_id"):
        calls.append(ctx.call("ec2", "disassociate_address", AssociationId=live["association_id"]))
    return [*calls, ctx.call("ec2", "release_address", AllocationId=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("AllocateAddress",),
    change=(
        "AssociateAddress",
        "DisassociateAddress",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("ReleaseAddress",),
    ids=(
        "responseElements.allocationId",
        "requestParameters.allocationId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "AssociateAddress": frozenset({"instance", "network_interface"}),
        "DisassociateAddress": frozenset({"instance", "network_interface"}),
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
            natural_keys=(CFN_KEY, ("tags.Name",), ("instance",)),
            declared_defaults={"tags": {}},
            normalize=normalize,
            from_terraform={TYPE: _from_tf},
            tags=True,
            computed=frozenset(
                {"arn", "public_ip", "private_ip", "association_id", "allocation_id"}
            ),
            id_doc="allocation id, `eipalloc-…`",
            after=("aws_internet_gateway",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("instance", "network_interface"), _associate), TAGS),
            fixed={"domain": REPLACE, "public_ipv4_pool": REPLACE},
            create=Create(_create, _fresh, new_id),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "allocation-id")},
    cfn=(
        CfnType(
            "AWS::EC2::EIP",
            _cfn,
            emits=EMITS,
            ref=("public_ip",),
            getatt={"AllocationId": ("id",), "PublicIp": ("public_ip",)},
            properties={
                TYPE: {"tags": ("tags", ("Tags",)), "instance": ("scalar", ("InstanceId",))}
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "EIP",
            TYPE,
            external_name=_xp_external_name,
            refs={
                "instance": ("Instance", ("id",)),
                "networkInterface": ("NetworkInterface", ("id",)),
            },
            tagged=True,
            fields={"tags": ("map", ("tags",)), "instance": ("scalar", ("instance",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "ElasticIPAddress",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
