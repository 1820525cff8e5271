"""aws_route53_zone: a hosted zone's name, comment, tags and, for a private zone, its
VPCs; and the scan that reads each zone with its record sets (aws_route53_record,
record.py).

Live: Route53 is global, scanned once (in the global region, as IAM is):
ListHostedZones pages (100 a page), then per zone ListTagsForResource (the batch call,
ListTagsForResources, takes 10 zones of one call's making: the scanner makes detail
calls per zone) and ListResourceRecordSets pages (300 a page), and GetHostedZone for
private zones only (their VPCs). The id is the zone id without its `/hostedzone/`
prefix. Zones another service created and manages (Cloud Map's, marked by AWS's
`LinkedService`) are never unmanaged. Names are compared lower case without the
trailing dot. Terraform's comment defaults to "Managed by Terraform"; `force_destroy` and
`delegation_set_id` have no live counterpart compared. A zone cannot be renamed: a revert
says "replace needed"; the comment, tags and VPC associations are put back in place.
(moto makes a zone private only when HostedZoneConfig.PrivateZone is sent, where AWS makes
any zone created with a VPC private: tests/tf/moto_gaps.py makes it private as AWS does.)
"""

from __future__ import annotations

import hashlib
from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, pending, reader, tag_items, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, tag_delta
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    detail_items,
)
from driftctl.core.model import Resource
from driftctl.resources.route53 import record
from driftctl.resources.route53.common import SERVICE, across_scopes, dns_name, zone_id

TYPE = "aws_route53_zone"
COMPARED = frozenset({"name", "comment", "tags", "vpc"})
GONE = frozenset({"NoSuchHostedZone"})
COMMENT = "Managed by Terraform"  # Terraform's default comment


def _private(item: Item) -> bool:
    """private zones only"""
    return bool((item.get("Config") or {}).get("PrivateZone"))


def _vpcs(found: Any) -> list[dict[str, Any]]:
    """VPC associations, compared by VPC id (the region is the provider's by default)."""
    ids = {}
    for v in found or ():
        if isinstance(v, dict):
            vpc = v.get("vpc_id", v.get("VPCId"))
            ids[repr(vpc)] = vpc  # a Ref until its VPC is matched
    return [{"vpc_id": ids[key]} for key in sorted(ids)]


def build(item: Item, details: Details, region: str) -> list[Resource]:
    zid = zone_id(item["Id"])
    tags = ((details.get("tags") or {}).get("ResourceTagSet") or {}).get("Tags")
    name = dns_name(item["Name"])
    attrs: dict[str, Any] = {
        "name": name,
        "comment": (item.get("Config") or {}).get("Comment") or "",
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "zone_id": zid,
        "arn": f"arn:aws:route53:::hostedzone/{zid}",
        "private": _private(item),
        "linked_service": (item.get("LinkedService") or {}).get("ServicePrincipal"),
    }
    if _private(item):
        attrs["vpc"] = _vpcs((details.get("zone") or {}).get("VPCs"))
    out = [Resource(TYPE, zid, None, attrs, region=region)]
    for found in detail_items(details.get("records"), "ResourceRecordSets"):
        out.append(record.live(zid, name, found, region))
    return out


SCAN = ScanSpec(
    name="route53_zones",
    service=SERVICE,
    listing=ListCall("list_hosted_zones", "HostedZones", page_size=100),
    details=(
        DetailCall(
            "tags",
            "list_tags_for_resource",
            lambda item: {"ResourceType": "hostedzone", "ResourceId": zone_id(item["Id"])},
            GONE,
        ),
        DetailCall(
            "records",
            "list_resource_record_sets",
            lambda item: {"HostedZoneId": zone_id(item["Id"])},
            GONE,
            paged=True,
            page_size=300,
        ),
        DetailCall(
            "zone", "get_hosted_zone", lambda item: {"Id": zone_id(item["Id"])}, GONE, _private
        ),
    ),
    build=build,
    global_service=True,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if isinstance(out.get("name"), str):
        out["name"] = dns_name(out["name"])
    if "vpc" in out and isinstance(out["vpc"], list):
        out["vpc"] = _vpcs(out["vpc"])
    if out.get("comment") is None and "comment" in out:
        out["comment"] = ""
    return out


def _aws_default(r: Resource) -> bool:
    """A zone another AWS service created and manages (Cloud Map's namespaces)."""
    return bool(r.attrs.get("linked_service"))


def _declared(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    if "vpc" in attrs:
        attrs["vpc"] = across_scopes(attrs["vpc"])
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::Route53::HostedZone: tags as `HostedZoneTags`, the comment in its config."""
    p = d.props
    config = p.get("HostedZoneConfig")
    vpcs = p.get("VPCs")
    attrs = {
        "name": p.get("Name"),
        "comment": config.get("Comment", "") if isinstance(config, dict) else "",
        "tags": d.tags("HostedZoneTags"),
        "vpc": [{"vpc_id": v.get("VPCId")} for v in vpcs if isinstance(v, dict)]
        if isinstance(vpcs, list)
        else None,
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "HostedZoneConfig": {"Comment": a["comment"]} if a.get("comment") else None,
        "HostedZoneTags": cfn_tags(a),
        "VPCs": [{"VPCId": v["vpc_id"], "VPCRegion": {"Ref": "AWS::Region"}} for v in a["vpc"]]
        if a.get("vpc")
        else None,
    }


# The external name is the zone id AWS assigned.
_xp_external_name = xp_prefixed()


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's HostedZone: `hostedZoneConfig.comment`, `vpc` (one) and `tags`."""
    s = c.spec
    config = s.get("hostedZoneConfig")
    vpc = s.get("vpc")
    attrs = {
        "name": c.name(),
        "comment": config.get("comment", "") if isinstance(config, dict) else "",
        "vpc": [{"vpc_id": vpc.get("vpcID")}] if isinstance(vpc, dict) else None,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


# --- revert ---------------------------------------------------------------------------------


def _comment(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [
        ctx.call(
            SERVICE, "update_hosted_zone_comment", Id=ctx.id, Comment=after.get("comment") or ""
        )
    ]


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    if not (to_set or to_remove):
        return []
    params: dict[str, Any] = {"ResourceType": "hostedzone", "ResourceId": ctx.id}
    if to_set:
        params["AddTags"] = [{"Key": k, "Value": v} for k, v in to_set.items()]
    if to_remove:
        params["RemoveTagKeys"] = to_remove
    return [ctx.call(SERVICE, "change_tags_for_resource", **params)]


def _vpc(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """Associate the declared VPCs first: a private zone keeps at least one."""
    old = {v["vpc_id"] for v in _vpcs(before.get("vpc"))}
    new = {v["vpc_id"] for v in _vpcs(after.get("vpc"))}
    calls = [
        ctx.call(
            SERVICE,
            "associate_vpc_with_hosted_zone",
            HostedZoneId=ctx.id,
            VPC={"VPCRegion": ctx.region, "VPCId": vpc},
        )
        for vpc in sorted(new - old)
    ]
    calls += [
        ctx.call(
            SERVICE,
            "disassociate_vpc_from_hosted_zone",
            HostedZoneId=ctx.id,
            VPC={"VPCRegion": ctx.region, "VPCId": vpc},
        )
        for vpc in sorted(old - new)
    ]
    return calls


def caller_reference(label: str, name: str) -> str:
    """CreateHostedZone's request token: the same plan makes the same request (a retry
    of it creates no second zone)."""
    digest = hashlib.sha256(f"{label}\n{name}".encode()).hexdigest()[:16]
    return f"driftctl-{digest}"


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "Name": desired["name"],
        "CallerReference": caller_reference(ctx.label, str(desired["name"])),
        "HostedZoneConfig": {"Comment": desired.get("comment") or ""},
    }
    vpcs = _vpcs(desired.get("vpc"))
    if vpcs:
        params["HostedZoneConfig"]["PrivateZone"] = True
        params["VPC"] = {"VPCRegion": ctx.region, "VPCId": vpcs[0]["vpc_id"]}
    output = {pending(ctx).name: "HostedZone.Id|basename"}  # without /hostedzone/
    return [ctx.producing(output, SERVICE, "create_hosted_zone", **params)]


def _fresh(desired: Attrs) -> Attrs:
    vpcs = _vpcs(desired.get("vpc"))
    return {**desired, "tags": {}, "vpc": vpcs[:1]}


def _new_id(ctx: Ctx, desired: Attrs) -> Any:
    return pending(ctx)


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """After its record sets (Delete.children_first: AWS refuses while any but the apex
    NS and SOA remain, and deletes those two with the zone)."""
    return [ctx.call(SERVICE, "delete_hosted_zone", Id=ctx.id)]


def _hosted_zone(answer: Any) -> Item | None:
    found = (answer or {}).get("HostedZone")
    return dict(found) if found else None


EMITS = (TYPE,)

EVENTS = Events(
    source="route53.amazonaws.com",
    service="route53",
    create=("CreateHostedZone",),
    change=(
        "UpdateHostedZoneComment",
        "AssociateVPCWithHostedZone",
        "DisassociateVPCFromHostedZone",
        "ChangeTagsForResource",
    ),
    delete=("DeleteHostedZone",),
    ids=(
        "responseElements.hostedZone.id",
        "requestParameters.id",
        "requestParameters.hostedZoneId",
        "requestParameters.resourceId",
    ),
    touches={
        "UpdateHostedZoneComment": frozenset({"comment"}),
        "AssociateVPCWithHostedZone": frozenset({"vpc"}),
        "DisassociateVPCFromHostedZone": frozenset({"vpc"}),
        "ChangeTagsForResource": frozenset({"tags"}),
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
            sets=frozenset({"vpc"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_defaults={"comment": COMMENT, "tags": {}},
            normalize=_normalize,
            is_aws_default=_aws_default,
            from_terraform={TYPE: _declared},
            tags=True,
            computed=frozenset({"zone_id", "arn"}),
            id_doc="zone id (without `/hostedzone/`)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("comment",), _comment),
                Updater(("tags",), _tags),
                Updater(("vpc",), _vpc),
            ),
            fixed={"name": REPLACE},
            create=Create(_create, _fresh, _new_id, ("name",)),
            delete=Delete(_delete, children_first=True),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN, SERVICE, "get_hosted_zone", lambda rid: {"Id": rid}, _hosted_zone, GONE
        )
    },
    cfn=(
        CfnType(
            "AWS::Route53::HostedZone",
            _cfn,
            emits=EMITS,
            ref=("zone_id",),
            getatt={"Id": ("zone_id",)},
            name_attr=None,
            properties={
                TYPE: {
                    "tags": ("tags", ("HostedZoneTags",)),
                    "comment": ("scalar", ("HostedZoneConfig", "Comment")),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "route53",
            "Zone",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            regional=True,
            fields={
                "tags": ("map", ("tags",)),
                "comment": ("scalar", ("comment",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "route53",
            "HostedZone",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "comment": ("scalar", ("hostedZoneConfig", "comment")),
                }
            },
        ),
    ),
)
