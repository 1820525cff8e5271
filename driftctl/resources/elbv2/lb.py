"""aws_lb (and its alias aws_alb): a load balancer's name, scheme, type, subnets,
security groups, IP address type, idle timeout, deletion protection, HTTP/2, invalid
header dropping, cross-zone balancing and tags; read with its listeners
(aws_lb_listener, listener.py) and their rules (aws_lb_listener_rule, listener_rule.py).

Live: DescribeLoadBalancers pages (400 a call), then per load balancer
DescribeLoadBalancerAttributes, DescribeListeners and one DescribeTags for the load
balancer and its first 19 listeners together (the API takes 20 ARNs; one more for each
further 20 listeners, up to AWS's 50 a load balancer); its listeners' rules as
listener_rule.py says. Every load balancer is the account's own. AWS defaults
(Terraform's): application type, internet facing, idle timeout 60 s, HTTP/2 on, deletion
protection off, invalid headers kept; cross-zone balancing off for network and gateway
load balancers. The idle timeout, HTTP/2 and header settings are compared on application
load balancers only, cross-zone balancing on the others (an application load balancer
always balances across zones).
Name, scheme and type are fixed at creation: a revert says "replace needed".
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_bool, as_int, new_id, pairs, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.elbv2 import listener, listener_rule
from driftctl.resources.elbv2.common import GONE, SERVICE, TAGS, attribute_map, by_arn, deleter

TYPE = "aws_lb"
ALIAS = "aws_alb"
NOT_FOUND = frozenset({"LoadBalancerNotFound"})
FIXED = ("name", "internal", "load_balancer_type")
# Terraform attribute -> load balancer attribute (DescribeLoadBalancerAttributes)
BOOLS = {
    "enable_deletion_protection": "deletion_protection.enabled",
    "enable_http2": "routing.http2.enabled",
    "drop_invalid_header_fields": "routing.http.drop_invalid_header_fields.enabled",
    "enable_cross_zone_load_balancing": "load_balancing.cross_zone.enabled",
}
IDLE = "idle_timeout.timeout_seconds"
SETTINGS = ("idle_timeout", *BOOLS)
# compared on application load balancers only, and on the others only
APPLICATION_ONLY = ("idle_timeout", "enable_http2", "drop_invalid_header_fields")
OTHERS_ONLY = ("enable_cross_zone_load_balancing",)
# AWS's answer where moto (or an older API) leaves an attribute out
LIVE_DEFAULTS = {IDLE: "60", "routing.http2.enabled": "true"}
COMPARED = frozenset({*FIXED, "subnets", "security_groups", "ip_address_type", *SETTINGS, "tags"})
DEFAULTS: dict[str, Any] = {
    "internal": False,
    "load_balancer_type": "application",
    "idle_timeout": 60,
    "enable_deletion_protection": False,
    "enable_http2": True,
    "drop_invalid_header_fields": False,
    "enable_cross_zone_load_balancing": False,
    "tags": {},
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if details.get("attributes") is None:
        return []  # deleted between the listing and the read
    found = {**LIVE_DEFAULTS, **attribute_map(details)}
    arn = item["LoadBalancerArn"]
    described = [
        d for key in TAG_KEYS for d in (details.get(key) or {}).get("TagDescriptions") or ()
    ]
    tags = {str(d.get("ResourceArn")): d.get("Tags") for d in described}
    kind = item.get("Type") or "application"
    attrs = {
        "name": item.get("LoadBalancerName"),
        "internal": item.get("Scheme") == "internal",
        "load_balancer_type": kind,
        "subnets": sorted(z["SubnetId"] for z in item.get("AvailabilityZones") or ()),
        "security_groups": sorted(item.get("SecurityGroups") or ()),
        "ip_address_type": item.get("IpAddressType"),
        "idle_timeout": as_int(found.get(IDLE)),
        **{attr: as_bool(found.get(key, "false")) for attr, key in BOOLS.items()},
        "tags": tag_dict(tags.get(arn)),
        **cfn_identity(tags.get(arn)),
        "arn": arn,
        "arn_suffix": arn.split(":loadbalancer/", 1)[-1],
        "dns_name": item.get("DNSName"),
        "zone_id": item.get("CanonicalHostedZoneId"),
        "vpc_id": item.get("VpcId"),
    }
    out = [Resource(TYPE, arn, None, _normalize(attrs), region=region)]
    for found_listener in (details.get("listeners") or {}).get("Listeners") or ():
        out.append(listener.live(found_listener, tags, region))
    return [*out, *listener_rule.live(details, region)]


TAGGED_PER_CALL = 20  # DescribeTags takes 20 ARNs
# the most listeners a load balancer can have (AWS's quota): the tag calls cover them all
MOST_LISTENERS = 50
TAG_KEYS = tuple(
    "tags" if n == 0 else f"tags_{n}"
    for n in range((MOST_LISTENERS + 1 + TAGGED_PER_CALL - 1) // TAGGED_PER_CALL)
)


def _tagged(item: Item) -> list[str]:
    """The load balancer's ARN, then its listeners'."""
    listeners = (item.get("listeners") or {}).get("Listeners") or ()
    return [item["LoadBalancerArn"], *(str(x["ListenerArn"]) for x in listeners)]


def _tag_call(n: int) -> DetailCall:
    """DescribeTags for the n-th 20 of the load balancer's and its listeners' ARNs (one
    call unless it has more than 19 listeners)."""

    def params(item: Item) -> dict[str, Any]:
        return {"ResourceArns": _tagged(item)[n * TAGGED_PER_CALL : (n + 1) * TAGGED_PER_CALL]}

    def more_than(item: Item) -> bool:
        return len(_tagged(item)) > n * TAGGED_PER_CALL

    more_than.__doc__ = f"with more than {n * TAGGED_PER_CALL - 1} listeners"

    return DetailCall(
        TAG_KEYS[n],
        "describe_tags",
        params,
        GONE,
        when=more_than if n else None,
        needs="listeners",
    )


SCAN = ScanSpec(
    name="elbv2_load_balancers",
    service=SERVICE,
    listing=ListCall("describe_load_balancers", "LoadBalancers", page_size=400),
    details=(
        DetailCall(
            "attributes",
            "describe_load_balancer_attributes",
            lambda i: {"LoadBalancerArn": i["LoadBalancerArn"]},
            NOT_FOUND,
        ),
        DetailCall(
            "listeners",
            "describe_listeners",
            lambda i: {"LoadBalancerArn": i["LoadBalancerArn"], "PageSize": 400},
            NOT_FOUND,
        ),
        *(_tag_call(n) for n in range(len(TAG_KEYS))),
        *listener_rule.DETAILS,
    ),
    build=build,
)


# --- both sides -------------------------------------------------------------------------------


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    kind = out.get("load_balancer_type") or "application"
    for name in APPLICATION_ONLY if kind != "application" else OTHERS_ONLY:
        out.pop(name, None)
    if isinstance(out.get("idle_timeout"), str):
        number = as_int(out["idle_timeout"])
        out["idle_timeout"] = number if number is not None else out["idle_timeout"]
    for name in BOOLS:
        if isinstance(out.get(name), str):
            out[name] = as_bool(out[name])
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    keys = COMPARED | {"name_prefix"}
    attrs = {k: v for k, v in raw.attrs.items() if k in keys}
    if "subnets" not in attrs and isinstance(raw.attrs.get("subnet_mapping"), list):
        attrs["subnets"] = [
            m.get("subnet_id") for m in raw.attrs["subnet_mapping"] if isinstance(m, dict)
        ]
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    found = {
        str(a.get("Key")): a.get("Value")
        for a in p.get("LoadBalancerAttributes") or ()
        if isinstance(a, dict)
    }
    scheme = p.get("Scheme")
    attrs: dict[str, Any] = {
        "name": p.get("Name"),
        "internal": None if scheme is None else scheme == "internal",
        "load_balancer_type": p.get("Type"),
        "subnets": p.get("Subnets"),
        "security_groups": p.get("SecurityGroups"),
        "ip_address_type": p.get("IpAddressType"),
        "idle_timeout": found.get(IDLE),
        **{attr: found.get(key) for attr, key in BOOLS.items()},
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "Scheme": "internal" if a.get("internal") else "internet-facing",
        "Type": a.get("load_balancer_type"),
        "Subnets": a.get("subnets") or None,
        "SecurityGroups": a.get("security_groups") or None,
        "IpAddressType": a.get("ip_address_type"),
        "LoadBalancerAttributes": [{"Key": k, "Value": v} for k, v in sorted(_settings(a).items())]
        or None,
        "Tags": cfn_tags(a),
    }


# The external name is the load balancer's ARN once AWS assigned it.
_xp_external_name = xp_prefixed("arn:")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    scheme = s.get("scheme")
    attrs = {
        "name": s.get("name") or c.name(),
        "internal": None if scheme is None else scheme == "internal",
        "load_balancer_type": s.get("type"),
        "subnets": s.get("subnets"),
        "security_groups": s.get("securityGroups"),
        "ip_address_type": s.get("ipAddressType"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _settings(a: Attrs) -> dict[str, str]:
    out: dict[str, str] = {}
    if a.get("idle_timeout") is not None:
        out[IDLE] = str(a["idle_timeout"])
    for attr, key in BOOLS.items():
        if a.get(attr) is not None:
            out[key] = "true" if as_bool(a[attr]) else "false"
    return out


def _set_attributes(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    wanted, had = _settings(after), _settings(before)
    changed = {k: v for k, v in wanted.items() if had.get(k) != v} or wanted
    attributes = [{"Key": k, "Value": v} for k, v in sorted(changed.items())]
    return [
        ctx.call(
            SERVICE,
            "modify_load_balancer_attributes",
            LoadBalancerArn=ctx.id,
            Attributes=attributes,
        )
    ]


def _subnets(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    subnets = sorted(after.get("subnets") or ())
    return [ctx.call(SERVICE, "set_subnets", LoadBalancerArn=ctx.id, Subnets=subnets)]


def _security_groups(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    groups = sorted(after.get("security_groups") or ())
    return [ctx.call(SERVICE, "set_security_groups", LoadBalancerArn=ctx.id, SecurityGroups=groups)]


def _ip_address_type(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    kind = after.get("ip_address_type") or "ipv4"
    return [ctx.call(SERVICE, "set_ip_address_type", LoadBalancerArn=ctx.id, IpAddressType=kind)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "Name": desired["name"],
        "Scheme": "internal" if desired.get("internal") else "internet-facing",
        "Type": desired.get("load_balancer_type") or "application",
        "Subnets": sorted(desired.get("subnets") or ()),
    }
    if desired.get("security_groups"):
        params["SecurityGroups"] = sorted(desired["security_groups"])
    if desired.get("ip_address_type"):
        params["IpAddressType"] = desired["ip_address_type"]
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    output = {pending(ctx).name: "LoadBalancers.0.LoadBalancerArn"}
    return [ctx.producing(output, SERVICE, "create_load_balancer", **params)]


def _fresh(desired: Attrs) -> Attrs:
    """Right after CreateLoadBalancer: AWS's attribute defaults, the updaters set the rest."""
    kind = desired.get("load_balancer_type") or "application"
    defaults = {k: DEFAULTS[k] for k in SETTINGS}
    return _normalize({**desired, **defaults, "load_balancer_type": kind})


EMITS = (TYPE,)

EVENTS = Events(
    source="elasticloadbalancing.amazonaws.com",
    service="elbv2",
    create=("CreateLoadBalancer",),
    change=(
        "ModifyLoadBalancerAttributes",
        "SetSecurityGroups",
        "SetSubnets",
        "SetIpAddressType",
        "AddTags",
        "RemoveTags",
    ),
    delete=("DeleteLoadBalancer",),
    ids=(
        "responseElements.loadBalancers[].loadBalancerArn",
        "requestParameters.loadBalancerArn",
        "requestParameters.resourceArns[]",
    ),
    touches={
        "SetSecurityGroups": frozenset({"security_groups"}),
        "SetSubnets": frozenset({"subnets"}),
        "SetIpAddressType": frozenset({"ip_address_type"}),
        "AddTags": frozenset({"tags"}),
        "RemoveTags": frozenset({"tags"}),
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
            sets=frozenset({"subnets", "security_groups"}),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: _from_tf, ALIAS: _from_tf},
            tags=True,
            computed=frozenset({"arn", "arn_suffix", "name", "dns_name", "zone_id", "vpc_id"}),
            id_doc="load balancer ARN",
            after=("aws_subnet", "aws_security_group"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(SETTINGS, _set_attributes),
                Updater(("subnets",), _subnets),
                Updater(("security_groups",), _security_groups),
                Updater(("ip_address_type",), _ip_address_type),
                Updater(("tags",), TAGS),
            ),
            fixed={attr: REPLACE for attr in FIXED},
            create=Create(_create, _fresh, new_id, ("name", "subnets")),
            delete=Delete(deleter("delete_load_balancer", "LoadBalancerArn")),
        ),
    ),
    readers={
        SCAN.name: by_arn(SCAN, "describe_load_balancers", "LoadBalancerArns", "LoadBalancers")
    },
    cfn=(
        CfnType(
            "AWS::ElasticLoadBalancingV2::LoadBalancer",
            _cfn,
            emits=EMITS,
            ref=("arn",),
            getatt={
                "LoadBalancerArn": ("arn",),
                "LoadBalancerName": ("name",),
                "DNSName": ("dns_name",),
                "CanonicalHostedZoneID": ("zone_id",),
                "SecurityGroups": ("security_groups",),
            },
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "subnets": ("set", ("Subnets",)),
                    "security_groups": ("set", ("SecurityGroups",)),
                    "ip_address_type": ("scalar", ("IpAddressType",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "elbv2",
            "LB",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "idle_timeout": ("scalar", ("idleTimeout",)),
                "enable_deletion_protection": ("scalar", ("enableDeletionProtection",)),
                "enable_http2": ("scalar", ("enableHttp2",)),
                "drop_invalid_header_fields": ("scalar", ("dropInvalidHeaderFields",)),
                "ip_address_type": ("scalar", ("ipAddressType",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "elbv2",
            "LoadBalancer",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "ip_address_type": ("scalar", ("ipAddressType",)),
                }
            },
        ),
    ),
)
