"""aws_autoscaling_group: a scaling group's name, sizes, cooldown, health check, subnets
(`vpc_zone_identifier`, a set), launch template or configuration, target groups and
classic load balancers, termination policies, instance lifetime, scale-in protection,
capacity rebalancing and tags (`tag` blocks, with `propagate_at_launch`).

Live: DescribeAutoScalingGroups pages (100 a call) carry everything, tags included:
nothing per group. Every group is the account's own (groups that EKS or Elastic
Beanstalk create for themselves carry their own tags and are reported as unmanaged like
any other). AWS defaults (Terraform's): health check grace period 300 s, cooldown 300 s,
EC2 health checks, no scale-in protection, no capacity rebalancing, no tags;
`desired_capacity` is compared where it is declared. The name is fixed at creation: a
revert says "replace needed"; the rest is put back by UpdateAutoScalingGroup, the
target-group and load-balancer attach/detach calls and CreateOrUpdateTags/DeleteTags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, as_int, xp_no_id
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, same
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    first_block,
)
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_autoscaling_group"
SERVICE = "autoscaling"
# Terraform attribute -> UpdateAutoScalingGroup / DescribeAutoScalingGroups field
NUMBERS = {
    "min_size": "MinSize",
    "max_size": "MaxSize",
    "desired_capacity": "DesiredCapacity",
    "default_cooldown": "DefaultCooldown",
    "health_check_grace_period": "HealthCheckGracePeriod",
    "max_instance_lifetime": "MaxInstanceLifetime",
}
FLAGS = {
    "protect_from_scale_in": "NewInstancesProtectedFromScaleIn",
    "capacity_rebalance": "CapacityRebalance",
}
TEXTS = {"health_check_type": "HealthCheckType", "launch_configuration": "LaunchConfigurationName"}
UPDATED = (
    *NUMBERS, *FLAGS, *TEXTS, "vpc_zone_identifier", "launch_template", "termination_policies"
)  # fmt: skip
SETS = frozenset({"vpc_zone_identifier", "target_group_arns", "load_balancers", "tag"})
COMPARED = frozenset({"name", *UPDATED, "target_group_arns", "load_balancers", "tag"})
DEFAULTS: dict[str, Any] = {
    "health_check_grace_period": 300,
    "default_cooldown": 300,
    "health_check_type": "EC2",
    "protect_from_scale_in": False,
    "capacity_rebalance": False,
    "max_instance_lifetime": 0,
    "tag": [],
}
TEMPLATE = {"id": "LaunchTemplateId", "name": "LaunchTemplateName", "version": "Version"}


def _template(found: Any) -> dict[str, Any] | None:
    if not isinstance(found, dict):
        return None
    return {k: found.get(f) for k, f in TEMPLATE.items() if found.get(f) is not None}


def _tags(found: Any) -> list[dict[str, Any]]:
    return [
        {
            "key": t.get("Key"),
            "value": t.get("Value", ""),
            "propagate_at_launch": bool(t.get("PropagateAtLaunch")),
        }
        for t in found or ()
        if not str(t.get("Key", "")).startswith("aws:")
    ]


def build(item: Item, details: Details, region: str) -> list[Resource]:
    subnets = [s for s in str(item.get("VPCZoneIdentifier") or "").split(",") if s]
    attrs = {
        "name": item["AutoScalingGroupName"],
        **{attr: item.get(field) for attr, field in NUMBERS.items()},
        **{attr: bool(item.get(field)) for attr, field in FLAGS.items()},
        **{attr: item.get(field) for attr, field in TEXTS.items()},
        "vpc_zone_identifier": sorted(subnets),
        "launch_template": _template(item.get("LaunchTemplate")),
        "termination_policies": list(item.get("TerminationPolicies") or ()),
        "target_group_arns": sorted(item.get("TargetGroupARNs") or ()),
        "load_balancers": sorted(item.get("LoadBalancerNames") or ()),
        "tag": _tags(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": item.get("AutoScalingGroupARN"),
        "availability_zones": sorted(item.get("AvailabilityZones") or ()),
    }
    if attrs["max_instance_lifetime"] is None:
        attrs["max_instance_lifetime"] = 0
    return [Resource(TYPE, item["AutoScalingGroupName"], None, _normalize(attrs), region=region)]


SCAN = ScanSpec(
    name="autoscaling_groups",
    service=SERVICE,
    listing=ListCall("describe_auto_scaling_groups", "AutoScalingGroups", page_size=100),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    params = {"AutoScalingGroupNames": [unit.id]}
    answer = reader.call(SERVICE, unit.region, "describe_auto_scaling_groups", params)
    out: list[Resource] = []
    for item in (answer or {}).get("AutoScalingGroups") or ():
        out.extend(build(item, {}, unit.region))
    return out


# --- both sides -------------------------------------------------------------------------------


def _tag(t: Any) -> Any:
    if not isinstance(t, dict):
        return t
    return {
        "key": t.get("key"),
        "value": "" if t.get("value") is None else str(t.get("value")),
        "propagate_at_launch": as_bool(t.get("propagate_at_launch")),
    }


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for name in NUMBERS:
        if isinstance(out.get(name), str):
            number = as_int(out[name])
            out[name] = number if number is not None else out[name]
    for name in FLAGS:
        if isinstance(out.get(name), str):
            out[name] = as_bool(out[name])
    if "launch_template" in out:
        block = first_block(out["launch_template"]) if out["launch_template"] else None
        out["launch_template"] = (
            {k: v for k, v in block.items() if v not in (None, "")} or None if block else None
        )
    if isinstance(out.get("tag"), list):
        out["tag"] = [_tag(t) for t in out["tag"]]
    for name in ("launch_configuration", "health_check_type"):
        if out.get(name) == "":
            out[name] = None
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED | {"name_prefix"}}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane -------------------------------------------------------------

_CFN_NUMBERS = {
    "min_size": "MinSize",
    "max_size": "MaxSize",
    "desired_capacity": "DesiredCapacity",
    "default_cooldown": "Cooldown",
    "health_check_grace_period": "HealthCheckGracePeriod",
    "max_instance_lifetime": "MaxInstanceLifetime",
}


def _cfn(d: Declaring) -> None:
    p = d.props
    template = p.get("LaunchTemplate")
    tags = [
        {
            "key": t.get("Key"),
            "value": t.get("Value"),
            "propagate_at_launch": t.get("PropagateAtLaunch"),
        }
        for t in p.get("Tags") or ()
        if isinstance(t, dict)
    ]
    attrs = {
        "name": p.get("AutoScalingGroupName"),
        **{attr: p.get(prop) for attr, prop in _CFN_NUMBERS.items()},
        "health_check_type": p.get("HealthCheckType"),
        "launch_configuration": p.get("LaunchConfigurationName"),
        "launch_template": _template(template),
        "vpc_zone_identifier": p.get("VPCZoneIdentifier"),
        "target_group_arns": p.get("TargetGroupARNs"),
        "load_balancers": p.get("LoadBalancerNames"),
        "termination_policies": p.get("TerminationPolicies"),
        "protect_from_scale_in": p.get("NewInstancesProtectedFromScaleIn"),
        "capacity_rebalance": p.get("CapacityRebalance"),
        "tag": tags,
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    template = a.get("launch_template") or {}
    return {
        "AutoScalingGroupName": a.get("name"),
        **{prop: _text(a.get(attr)) for attr, prop in _CFN_NUMBERS.items()},
        "HealthCheckType": a.get("health_check_type"),
        "LaunchConfigurationName": a.get("launch_configuration"),
        "LaunchTemplate": {f: template[k] for k, f in TEMPLATE.items() if template.get(k)} or None,
        "VPCZoneIdentifier": a.get("vpc_zone_identifier") or None,
        "TargetGroupARNs": a.get("target_group_arns") or None,
        "LoadBalancerNames": a.get("load_balancers") or None,
        "TerminationPolicies": a.get("termination_policies") or None,
        "NewInstancesProtectedFromScaleIn": a.get("protect_from_scale_in"),
        "CapacityRebalance": a.get("capacity_rebalance"),
        "Tags": _tag_list(a) or None,
    }


def _text(value: Any) -> Any:
    return None if value is None else str(value)


# The external name is the group's name.
_xp_external_name = xp_no_id("name", overwrite=True)


# --- revert ---------------------------------------------------------------------------------


def _tag_list(a: Attrs) -> list[dict[str, Any]]:
    return [
        {
            "Key": t["key"],
            "Value": str(t.get("value") or ""),
            "PropagateAtLaunch": as_bool(t.get("propagate_at_launch")),
        }
        for t in sorted(a.get("tag") or (), key=lambda t: str(t.get("key")))
        if isinstance(t, dict)
    ]


def _update_params(a: Attrs, names: tuple[str, ...]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for attr in names:
        value = a.get(attr)
        if value is None:
            continue
        if attr in NUMBERS:
            params[NUMBERS[attr]] = int(value)
        elif attr in FLAGS:
            params[FLAGS[attr]] = as_bool(value)
        elif attr in TEXTS:
            params[TEXTS[attr]] = value
        elif attr == "vpc_zone_identifier":
            params["VPCZoneIdentifier"] = ",".join(sorted(value))
        elif attr == "termination_policies":
            params["TerminationPolicies"] = list(value)
        elif attr == "launch_template" and isinstance(value, dict):
            spec = {f: value[k] for k, f in TEMPLATE.items() if value.get(k)}
            if "LaunchTemplateId" in spec:
                spec.pop("LaunchTemplateName", None)  # one of the two
            params["LaunchTemplate"] = spec
    return params


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = tuple(a for a in UPDATED if a in after and not same(before.get(a), after.get(a)))
    params = _update_params(after, changed)
    return [ctx.call(SERVICE, "update_auto_scaling_group", AutoScalingGroupName=ctx.id, **params)]


def _delta(before: Attrs, after: Attrs, name: str) -> tuple[list[str], list[str]]:
    old, new = set(before.get(name) or ()), set(after.get(name) or ())
    return sorted(new - old), sorted(old - new)


def _target_groups(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    add, remove = _delta(before, after, "target_group_arns")
    calls = []
    if add:
        calls.append(ctx.call(SERVICE, "attach_load_balancer_target_groups",
                              AutoScalingGroupName=ctx.id, TargetGroupARNs=add))  # fmt: skip
    if remove:
        calls.append(ctx.call(SERVICE, "detach_load_balancer_target_groups",
                              AutoScalingGroupName=ctx.id, TargetGroupARNs=remove))  # fmt: skip
    return calls


def _load_balancers(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    add, remove = _delta(before, after, "load_balancers")
    calls = []
    if add:
        calls.append(ctx.call(SERVICE, "attach_load_balancers",
                              AutoScalingGroupName=ctx.id, LoadBalancerNames=add))  # fmt: skip
    if remove:
        calls.append(ctx.call(SERVICE, "detach_load_balancers",
                              AutoScalingGroupName=ctx.id, LoadBalancerNames=remove))  # fmt: skip
    return calls


def _where(ctx: Ctx) -> dict[str, Any]:
    return {"ResourceId": ctx.id, "ResourceType": "auto-scaling-group"}


def _tag_update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    old = {t["Key"]: t for t in _tag_list(before)}
    new = {t["Key"]: t for t in _tag_list(after)}
    to_set = [{**_where(ctx), **t} for k, t in sorted(new.items()) if old.get(k) != t]
    to_remove = [{**_where(ctx), "Key": k} for k in sorted(old) if k not in new]
    calls = []
    if to_set:
        calls.append(ctx.call(SERVICE, "create_or_update_tags", Tags=to_set))
    if to_remove:
        calls.append(ctx.call(SERVICE, "delete_tags", Tags=to_remove))
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    names = tuple(a for a in UPDATED if a in desired)
    params: dict[str, Any] = {"AutoScalingGroupName": desired["name"]}
    params.update(_update_params(desired, names))
    if desired.get("target_group_arns"):
        params["TargetGroupARNs"] = sorted(desired["target_group_arns"])
    if desired.get("load_balancers"):
        params["LoadBalancerNames"] = sorted(desired["load_balancers"])
    tags = [{**t, "ResourceId": desired["name"], "ResourceType": "auto-scaling-group"}
            for t in _tag_list(desired)]  # fmt: skip
    if tags:
        params["Tags"] = tags
    return [ctx.call(SERVICE, "create_auto_scaling_group", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call(
            SERVICE, "delete_auto_scaling_group", AutoScalingGroupName=ctx.id, ForceDelete=True
        )
    ]


EMITS = (TYPE,)

EVENTS = Events(
    source="autoscaling.amazonaws.com",
    service="autoscaling",
    create=("CreateAutoScalingGroup",),
    change=(
        "UpdateAutoScalingGroup",
        "SetDesiredCapacity",
        "AttachLoadBalancerTargetGroups",
        "DetachLoadBalancerTargetGroups",
        "CreateOrUpdateTags",
        "DeleteTags",
    ),
    delete=("DeleteAutoScalingGroup",),
    ids=(
        "requestParameters.autoScalingGroupName",
        "requestParameters.tags[].resourceId",
    ),
    touches={
        "SetDesiredCapacity": frozenset({"desired_capacity"}),
        "AttachLoadBalancerTargetGroups": frozenset({"target_group_arns"}),
        "DetachLoadBalancerTargetGroups": frozenset({"target_group_arns"}),
        "CreateOrUpdateTags": frozenset({"tag"}),
        "DeleteTags": frozenset({"tag"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            sets=SETS,
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: _from_tf},
            shape={"launch_template": "single"},
            computed=frozenset({"arn", "name", "availability_zones"}),
            id_doc="group name",
            after=("aws_launch_template", "aws_subnet", "aws_lb_target_group"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(UPDATED, _update),
                Updater(("target_group_arns",), _target_groups),
                Updater(("load_balancers",), _load_balancers),
                Updater(("tag",), _tag_update),
            ),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "min_size", "max_size")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::AutoScaling::AutoScalingGroup",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={},
            name_attr="name",
            properties={
                TYPE: {
                    "min_size": ("scalar", ("MinSize",)),
                    "max_size": ("scalar", ("MaxSize",)),
                    "desired_capacity": ("scalar", ("DesiredCapacity",)),
                    "health_check_type": ("scalar", ("HealthCheckType",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "autoscaling",
            "AutoscalingGroup",
            TYPE,
            external_name=_xp_external_name,
            fields={
                "min_size": ("scalar", ("minSize",)),
                "max_size": ("scalar", ("maxSize",)),
                "desired_capacity": ("scalar", ("desiredCapacity",)),
                "health_check_type": ("scalar", ("healthCheckType",)),
            },
            importable=True,
        ),
    ),
)
