"""aws_lb_target_group (and its alias aws_alb_target_group): a target group's name, port,
protocol, VPC, target type, health check, stickiness, deregistration delay, slow start,
load-balancing algorithm and tags.

Live: DescribeTargetGroups pages (400 a call), then per group DescribeTargetGroupAttributes
and DescribeTags (for its ARN). Every target group is the account's own: AWS creates
none by itself. AWS defaults (Terraform's): deregistration delay 300 s, slow start 0 s,
round-robin, instance targets; in a declared health check: enabled, 3 healthy and 3
unhealthy checks 30 s apart on the traffic port. `health_check` and `stickiness` are
compared on the keys the configuration sets. Name, port, protocol, protocol version,
VPC and target type are fixed at creation: a revert says "replace needed".
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
    first_block,
)
from driftctl.core.model import Resource
from driftctl.resources.elbv2.common import (
    SERVICE,
    TAGS,
    attribute_map,
    by_arn,
    deleter,
    live_tags,
    tags_call,
)

TYPE = "aws_lb_target_group"
ALIAS = "aws_alb_target_group"
FIXED = ("name", "port", "protocol", "protocol_version", "vpc_id", "target_type")
# Terraform attribute -> target group attribute (DescribeTargetGroupAttributes)
NUMBERS = {
    "deregistration_delay": "deregistration_delay.timeout_seconds",
    "slow_start": "slow_start.duration_seconds",
}
ALGORITHM = "load_balancing.algorithm.type"
SETTINGS = (*NUMBERS, "load_balancing_algorithm_type", "stickiness")
COMPARED = frozenset({*FIXED, *SETTINGS, "health_check", "tags"})
DEFAULTS: dict[str, Any] = {
    "deregistration_delay": "300",
    "slow_start": 0,
    "load_balancing_algorithm_type": "round_robin",
    "target_type": "instance",
    "tags": {},
}
# Terraform's defaults inside a declared health_check block
CHECK_DEFAULTS: dict[str, Any] = {
    "enabled": True,
    "healthy_threshold": 3,
    "unhealthy_threshold": 3,
    "interval": 30,
    "port": "traffic-port",
}
# health_check key -> DescribeTargetGroups / ModifyTargetGroup field
CHECK = {
    "enabled": "HealthCheckEnabled",
    "path": "HealthCheckPath",
    "port": "HealthCheckPort",
    "protocol": "HealthCheckProtocol",
    "interval": "HealthCheckIntervalSeconds",
    "timeout": "HealthCheckTimeoutSeconds",
    "healthy_threshold": "HealthyThresholdCount",
    "unhealthy_threshold": "UnhealthyThresholdCount",
}
CHECK_NUMBERS = frozenset({"interval", "timeout", "healthy_threshold", "unhealthy_threshold"})


def _health_check(item: Item) -> dict[str, Any]:
    block: dict[str, Any] = {key: item.get(field) for key, field in CHECK.items()}
    matcher = item.get("Matcher") or {}
    block["matcher"] = matcher.get("HttpCode") or matcher.get("GrpcCode")
    return _check_block(block)


def _stickiness(found: dict[str, str]) -> dict[str, Any]:
    kind = found.get("stickiness.type")
    block: dict[str, Any] = {"enabled": as_bool(found.get("stickiness.enabled", "false"))}
    if kind:
        block["type"] = kind
    duration = as_int(found.get("stickiness.lb_cookie.duration_seconds"))
    if duration is not None:
        block["cookie_duration"] = duration
    if found.get("stickiness.app_cookie.cookie_name"):
        block["cookie_name"] = found["stickiness.app_cookie.cookie_name"]
    return block


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if details.get("attributes") is None:
        return []  # deleted between the listing and the read
    found = attribute_map(details)
    tags, identity = live_tags(details)
    arn = item["TargetGroupArn"]
    attrs = {
        "name": item.get("TargetGroupName"),
        "port": item.get("Port"),
        "protocol": item.get("Protocol"),
        "protocol_version": item.get("ProtocolVersion"),
        "vpc_id": item.get("VpcId"),
        "target_type": item.get("TargetType") or "instance",
        "deregistration_delay": _delay(found.get(NUMBERS["deregistration_delay"])),
        "slow_start": as_int(found.get(NUMBERS["slow_start"])),
        "load_balancing_algorithm_type": found.get(ALGORITHM) or "round_robin",
        "stickiness": _stickiness(found),
        "health_check": _health_check(item),
        "tags": tags,
        **identity,
        "arn": arn,
        "arn_suffix": arn.split(":", 5)[-1],
        "load_balancer_arns": sorted(item.get("LoadBalancerArns") or ()),
    }
    return [Resource(TYPE, arn, None, attrs, region=region)]


SCAN = ScanSpec(
    name="elbv2_target_groups",
    service=SERVICE,
    listing=ListCall("describe_target_groups", "TargetGroups", page_size=400),
    details=(
        DetailCall(
            "attributes",
            "describe_target_group_attributes",
            lambda i: {"TargetGroupArn": i["TargetGroupArn"]},
            frozenset({"TargetGroupNotFound"}),
        ),
        tags_call("TargetGroupArn"),
    ),
    build=build,
)


# --- both sides: numbers as numbers, blocks as one dict ----------------------------------


def _check_block(block: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in block.items() if v is not None and v != ""}
    for key in CHECK_NUMBERS & set(out):
        number = as_int(out[key])
        out[key] = number if number is not None else out[key]
    if "enabled" in out and isinstance(out["enabled"], str):
        out["enabled"] = as_bool(out["enabled"])
    if "port" in out and not isinstance(out["port"], str):
        out["port"] = str(out["port"])
    return out


def _delay(value: Any) -> Any:
    """Terraform holds the delay as text ("300"); AWS answers a number or text."""
    number = as_int(value)
    return str(number) if number is not None else value


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "deregistration_delay" in out:
        out["deregistration_delay"] = _delay(out["deregistration_delay"])
    for name in ("slow_start", "port"):
        if isinstance(out.get(name), str):
            number = as_int(out[name])
            out[name] = number if number is not None else out[name]
    if isinstance(out.get("health_check"), dict):
        out["health_check"] = _check_block(out["health_check"])
    sticky = out.get("stickiness")
    if isinstance(sticky, dict):
        sticky = {k: v for k, v in sticky.items() if v is not None and v != ""}
        if "cookie_duration" in sticky:
            sticky["cookie_duration"] = as_int(sticky["cookie_duration"])
        if isinstance(sticky.get("enabled"), str):
            sticky["enabled"] = as_bool(sticky["enabled"])
        out["stickiness"] = sticky
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    keys = COMPARED | {"name_prefix"}
    attrs = {k: v for k, v in raw.attrs.items() if k in keys}
    if "health_check" in attrs:
        attrs["health_check"] = {**CHECK_DEFAULTS, **first_block(attrs["health_check"])}
    if "stickiness" in attrs:
        attrs["stickiness"] = dict(first_block(attrs["stickiness"]))
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------

_CFN = {"port": "Port", "protocol": "Protocol", "protocol_version": "ProtocolVersion"}
_CFN_TOP = {**_CFN, "vpc_id": "VpcId", "target_type": "TargetType"}


def _cfn(d: Declaring) -> None:
    p = d.props
    found = {
        str(a.get("Key")): a.get("Value")
        for a in p.get("TargetGroupAttributes") or ()
        if isinstance(a, dict)
    }
    check = {key: p.get(field) for key, field in CHECK.items()}
    matcher = p.get("Matcher")
    if isinstance(matcher, dict):
        check["matcher"] = matcher.get("HttpCode") or matcher.get("GrpcCode")
    check = {k: v for k, v in check.items() if v is not None}
    attrs: dict[str, Any] = {
        "name": p.get("Name"),
        **{attr: p.get(prop) for attr, prop in _CFN_TOP.items()},
        **{attr: found.get(key) for attr, key in NUMBERS.items()},
        "load_balancing_algorithm_type": found.get(ALGORITHM),
        "health_check": check or None,
        "tags": d.tags(),
    }
    if "stickiness.enabled" in found:
        attrs["stickiness"] = {
            k: v
            for k, v in _stickiness({k: str(v) for k, v in found.items()}).items()
            if v is not None
        }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    check = a.get("health_check") or {}
    return {
        "Name": a.get("name"),
        **{prop: a.get(attr) for attr, prop in _CFN_TOP.items()},
        **{field: check.get(key) for key, field in CHECK.items()},
        "Matcher": {"HttpCode": check["matcher"]} if check.get("matcher") else None,
        "TargetGroupAttributes": [
            {"Key": key, "Value": str(value)} for key, value in sorted(_settings(a).items())
        ]
        or None,
        "Tags": cfn_tags(a),
    }


# The external name is the target group's ARN once AWS assigned it.
_xp_external_name = xp_prefixed("arn:")


_ACK = {
    "port": "port",
    "protocol": "protocol",
    "protocolVersion": "protocol_version",
    "targetType": "target_type",
}
_ACK_CHECK = {
    "healthCheckEnabled": "enabled",
    "healthCheckPath": "path",
    "healthCheckPort": "port",
    "healthCheckProtocol": "protocol",
    "healthCheckIntervalSeconds": "interval",
    "healthCheckTimeoutSeconds": "timeout",
    "healthyThresholdCount": "healthy_threshold",
    "unhealthyThresholdCount": "unhealthy_threshold",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    check = {key: s.get(field) for field, key in _ACK_CHECK.items() if s.get(field) is not None}
    matcher = s.get("matcher")
    if isinstance(matcher, dict) and matcher.get("httpCode"):
        check["matcher"] = matcher["httpCode"]
    attrs = {
        "name": s.get("name") or c.name(),
        **{attr: s.get(field) for field, attr in _ACK.items()},
        "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
        "health_check": check or None,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _settings(a: Attrs) -> dict[str, str]:
    """The target group attributes a revert sets, as AWS's key -> text."""
    out: dict[str, str] = {}
    for attr, key in NUMBERS.items():
        if a.get(attr) is not None:
            out[key] = str(a[attr])
    if a.get("load_balancing_algorithm_type"):
        out[ALGORITHM] = str(a["load_balancing_algorithm_type"])
    sticky = a.get("stickiness")
    if isinstance(sticky, dict) and sticky:
        if "enabled" in sticky:
            out["stickiness.enabled"] = "true" if as_bool(sticky["enabled"]) else "false"
        if sticky.get("type"):
            out["stickiness.type"] = str(sticky["type"])
        if sticky.get("cookie_duration") is not None:
            out["stickiness.lb_cookie.duration_seconds"] = str(sticky["cookie_duration"])
        if sticky.get("cookie_name"):
            out["stickiness.app_cookie.cookie_name"] = str(sticky["cookie_name"])
    return out


def _set_attributes(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    wanted = _settings(after)
    had = _settings(before)
    changed = {k: v for k, v in wanted.items() if had.get(k) != v} or wanted
    attributes = [{"Key": k, "Value": v} for k, v in sorted(changed.items())]
    return [
        ctx.call(
            SERVICE, "modify_target_group_attributes", TargetGroupArn=ctx.id, Attributes=attributes
        )
    ]


def _check_params(check: dict[str, Any]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for key, field in CHECK.items():
        if check.get(key) is None:
            continue
        value = check[key]
        if key in CHECK_NUMBERS:
            value = int(value)
        elif key == "enabled":
            value = as_bool(value)
        else:
            value = str(value)
        params[field] = value
    if check.get("matcher"):
        params["Matcher"] = {"HttpCode": str(check["matcher"])}
    return params


def _health_check_update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params = _check_params(after.get("health_check") or {})
    return [ctx.call(SERVICE, "modify_target_group", TargetGroupArn=ctx.id, **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Name": desired["name"]}
    for attr, field in (("port", "Port"), ("protocol", "Protocol"), ("vpc_id", "VpcId")):
        if desired.get(attr) is not None:
            params[field] = int(desired[attr]) if attr == "port" else desired[attr]
    if desired.get("protocol_version"):
        params["ProtocolVersion"] = desired["protocol_version"]
    params["TargetType"] = desired.get("target_type") or "instance"
    params.update(_check_params(desired.get("health_check") or {}))
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    output = {pending(ctx).name: "TargetGroups.0.TargetGroupArn"}
    return [ctx.producing(output, SERVICE, "create_target_group", **params)]


def _fresh(desired: Attrs) -> Attrs:
    """Right after CreateTargetGroup: AWS's attribute defaults, the updaters set the rest."""
    return {
        **desired,
        **{k: v for k, v in DEFAULTS.items() if k in ("deregistration_delay", "slow_start")},
        "load_balancing_algorithm_type": "round_robin",
        "stickiness": {},
    }


EMITS = (TYPE,)
_FIELDS = {attr: ("scalar", (prop,)) for attr, prop in _CFN.items()}

EVENTS = Events(
    source="elasticloadbalancing.amazonaws.com",
    service="elbv2",
    create=("CreateTargetGroup",),
    change=(
        "ModifyTargetGroup",
        "ModifyTargetGroupAttributes",
        "AddTags",
        "RemoveTags",
    ),
    delete=("DeleteTargetGroup",),
    ids=(
        "responseElements.targetGroups[].targetGroupArn",
        "requestParameters.targetGroupArn",
        "requestParameters.resourceArns[]",
    ),
    touches={
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
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: _from_tf, ALIAS: _from_tf},
            tags=True,
            shape={"health_check": "single", "stickiness": "single"},
            computed=frozenset({"arn", "arn_suffix", "name", "load_balancer_arns"}),
            id_doc="target group ARN",
            after=("aws_vpc",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(SETTINGS, _set_attributes),
                Updater(("health_check",), _health_check_update),
                Updater(("tags",), TAGS),
            ),
            fixed={attr: REPLACE for attr in FIXED},
            create=Create(_create, _fresh, new_id, ("name",)),
            delete=Delete(deleter("delete_target_group", "TargetGroupArn")),
        ),
    ),
    readers={SCAN.name: by_arn(SCAN, "describe_target_groups", "TargetGroupArns", "TargetGroups")},
    cfn=(
        CfnType(
            "AWS::ElasticLoadBalancingV2::TargetGroup",
            _cfn,
            emits=EMITS,
            ref=("arn",),
            getatt={
                "TargetGroupArn": ("arn",),
                "TargetGroupName": ("name",),
                "LoadBalancerArns": ("load_balancer_arns",),
            },
            name_attr="name",
            properties={TYPE: {"tags": ("tags", ("Tags",)), **_FIELDS}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "elbv2",
            "LBTargetGroup",
            TYPE,
            external_name=_xp_external_name,
            refs={"vpcId": ("VPC", ("id",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "deregistration_delay": ("scalar", ("deregistrationDelay",)),
                "slow_start": ("scalar", ("slowStart",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "elbv2",
            "TargetGroup",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
