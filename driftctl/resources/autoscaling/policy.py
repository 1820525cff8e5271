"""aws_autoscaling_policy: a scaling policy of an Auto Scaling group: its name, group,
type, adjustment (type, amount, minimum magnitude), cooldown, instance warmup, whether it
is enabled, and a target-tracking policy's target (value, scale-in, predefined metric).

Live: DescribePolicies pages (50 a call, the most AWS gives) across every group of the
region: nothing per policy or group. The id is Terraform's import id, `GROUP/POLICY`.
Policies ECS managed scaling makes for a capacity provider's group
(`ECSManagedAutoScalingPolicy-…`) are AWS's own: never unmanaged. AWS defaults
(Terraform's): a simple scaling policy, enabled. A template's policy is found with
--stack-name by the name CloudFormation gives it (`STACK-LOGICALID-SUFFIX`: the type has
neither a name property nor tags). Step adjustments, customized metrics and
predictive scaling are not compared. The name and group are fixed ("replace needed");
the rest is put back by PutScalingPolicy, which writes the whole policy.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, as_int, keep, xp_no_id
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import CFN_KEY, Details, Item, ListCall, ResourceType, ScanSpec, first_block
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_autoscaling_policy"
SERVICE = "autoscaling"
FIXED = ("name", "autoscaling_group_name")
# Terraform attribute -> PutScalingPolicy's field
SCALARS = {
    "policy_type": "PolicyType",
    "adjustment_type": "AdjustmentType",
    "scaling_adjustment": "ScalingAdjustment",
    "cooldown": "Cooldown",
    "min_adjustment_magnitude": "MinAdjustmentMagnitude",
    "estimated_instance_warmup": "EstimatedInstanceWarmup",
    "enabled": "Enabled",
}
NUMBERS = (
    "scaling_adjustment",
    "cooldown",
    "min_adjustment_magnitude",
    "estimated_instance_warmup",
)
SETTABLE = (*SCALARS, "target_tracking_configuration")
COMPARED = frozenset({*FIXED, *SETTABLE})
DEFAULTS: dict[str, Any] = {"policy_type": "SimpleScaling", "enabled": True}
ECS_MANAGED = "ECSManagedAutoScalingPolicy-"
# the name CloudFormation gives a policy (its type has no name property and no tags):
# STACK-LOGICALID-SUFFIX, a logical id being alphanumeric and the suffix 12 or 13 capitals
CFN_NAME = re.compile(r"^(?P<stack>.+)-(?P<logical>[A-Za-z0-9]+)-[A-Z0-9]{12,13}$")


def _cfn_identity(name: Any) -> dict[str, str]:
    """The stack and logical id a CloudFormation-generated name holds (else none)."""
    found = CFN_NAME.match(name) if isinstance(name, str) else None
    if found is None:
        return {}
    return {"cfn_stack": found["stack"], "cfn_logical_id": found["logical"]}


def policy_id(group: Any, name: Any) -> str:
    return f"{group}/{name}"


def _tracking(found: Mapping[str, Any] | None) -> list[dict[str, Any]] | None:
    """A TargetTrackingConfiguration in Terraform's shape (one block)."""
    if not found:
        return None
    metric = found.get("PredefinedMetricSpecification") or {}
    block: dict[str, Any] = {
        "target_value": found.get("TargetValue"),
        "disable_scale_in": bool(found.get("DisableScaleIn", False)),
    }
    if metric:
        block["predefined_metric_specification"] = [
            {
                "predefined_metric_type": metric.get("PredefinedMetricType"),
                "resource_label": metric.get("ResourceLabel"),
            }
        ]
    return [block]


def _attrs(found: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "name": found.get("PolicyName"),
        "autoscaling_group_name": found.get("AutoScalingGroupName"),
        "policy_type": found.get("PolicyType") or "SimpleScaling",
        "adjustment_type": found.get("AdjustmentType"),
        "scaling_adjustment": found.get("ScalingAdjustment"),
        "cooldown": found.get("Cooldown"),
        "min_adjustment_magnitude": found.get("MinAdjustmentMagnitude"),
        "estimated_instance_warmup": found.get("EstimatedInstanceWarmup"),
        "enabled": found.get("Enabled", True),
        "target_tracking_configuration": _tracking(found.get("TargetTrackingConfiguration")),
    }


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {**_attrs(item), **_cfn_identity(item.get("PolicyName")), "arn": item.get("PolicyARN")}
    rid = policy_id(attrs["autoscaling_group_name"], attrs["name"])
    return [Resource(TYPE, rid, None, _normalize(attrs), region=region)]


SCAN = ScanSpec(
    name="autoscaling_policies",
    service=SERVICE,
    listing=ListCall("describe_policies", "ScalingPolicies", page_size=50),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    group, _, name = str(unit.id).partition("/")
    params = {"AutoScalingGroupName": group, "PolicyNames": [name]}
    answer = reader.call(SERVICE, unit.region, "describe_policies", params)
    out: list[Resource] = []
    for item in (answer or {}).get("ScalingPolicies") or ():
        out.extend(build(item, {}, unit.region))
    return out


# --- both sides -------------------------------------------------------------------------------


def _norm_tracking(value: Any) -> Any:
    block = first_block(value)
    if not block:
        return None if value in (None, []) else value
    out: dict[str, Any] = {
        "target_value": float(block["target_value"])
        if isinstance(block.get("target_value"), (int, float, str))
        else block.get("target_value"),
        "disable_scale_in": as_bool(block.get("disable_scale_in", False)),
    }
    metric = first_block(block.get("predefined_metric_specification"))
    if metric:
        found = {k: v for k, v in metric.items() if v not in (None, "")}
        out["predefined_metric_specification"] = [found]
    return [out]


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for name in NUMBERS:
        if isinstance(out.get(name), str):
            number = as_int(out[name])
            out[name] = number if number is not None else out[name]
    if isinstance(out.get("enabled"), str):
        out["enabled"] = as_bool(out["enabled"])
    if "target_tracking_configuration" in out:
        out["target_tracking_configuration"] = _norm_tracking(out["target_tracking_configuration"])
    for name in ("adjustment_type",):
        if out.get(name) == "":
            out[name] = None
    return out


def _is_aws_default(r: Resource) -> bool:
    return str(r.attrs.get("name") or "").startswith(ECS_MANAGED)


# --- CloudFormation, Crossplane -----------------------------------------------------------


def _cfn_tracking(found: Any) -> Any:
    return _tracking(found) if isinstance(found, dict) else found


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "autoscaling_group_name": p.get("AutoScalingGroupName"),
        "policy_type": p.get("PolicyType"),
        "adjustment_type": p.get("AdjustmentType"),
        "scaling_adjustment": p.get("ScalingAdjustment"),
        "cooldown": p.get("Cooldown"),
        "min_adjustment_magnitude": p.get("MinAdjustmentMagnitude"),
        "estimated_instance_warmup": p.get("EstimatedInstanceWarmup"),
        "target_tracking_configuration": _cfn_tracking(p.get("TargetTrackingConfiguration")),
    }
    d.emit(TYPE, {k: v for k, v in attrs.items() if v is not None})


def _aws_tracking(value: Any) -> dict[str, Any] | None:
    block = first_block(value)
    if not block:
        return None
    out: dict[str, Any] = {"TargetValue": float(block["target_value"])}
    if block.get("disable_scale_in") is not None:
        out["DisableScaleIn"] = as_bool(block["disable_scale_in"])
    metric = first_block(block.get("predefined_metric_specification"))
    if metric:
        spec = {"PredefinedMetricType": metric.get("predefined_metric_type")}
        if metric.get("resource_label"):
            spec["ResourceLabel"] = metric["resource_label"]
        out["PredefinedMetricSpecification"] = spec
    return out


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"AutoScalingGroupName": a.get("autoscaling_group_name")}
    for attr, field in SCALARS.items():
        if attr != "enabled" and a.get(attr) is not None:
            out[field] = str(a[attr]) if attr == "cooldown" else a[attr]
    tracking = _aws_tracking(a.get("target_tracking_configuration"))
    if tracking:
        out["TargetTrackingConfiguration"] = tracking
    return out


# --- revert ---------------------------------------------------------------------------------


def _put(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "AutoScalingGroupName": desired["autoscaling_group_name"],
        "PolicyName": desired["name"],
    }
    kind = desired.get("policy_type") or "SimpleScaling"
    for attr, field in SCALARS.items():
        value = desired.get(attr)
        if value is None or (attr == "cooldown" and kind != "SimpleScaling"):
            continue
        params[field] = as_bool(value) if attr == "enabled" else value
        if attr in NUMBERS:
            params[field] = int(value)
    tracking = _aws_tracking(desired.get("target_tracking_configuration"))
    if tracking:
        params["TargetTrackingConfiguration"] = tracking
    return [ctx.call(SERVICE, "put_scaling_policy", **params)]


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return _put(ctx, after)


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return policy_id(desired["autoscaling_group_name"], desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    group = live["autoscaling_group_name"]
    return [ctx.call(SERVICE, "delete_policy", AutoScalingGroupName=group, PolicyName=live["name"])]


EVENTS = Events(
    source="autoscaling.amazonaws.com",
    service="autoscaling",
    create=("PutScalingPolicy",),
    change=("PutScalingPolicy",),
    delete=("DeletePolicy",),
    ids=(
        "requestParameters.policyName",
        "requestParameters.autoScalingGroupName",
    ),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(CFN_KEY, ("autoscaling_group_name", "name")),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            parent=("aws_autoscaling_group", "autoscaling_group_name"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"arn"}),
            id_doc="`GROUP/POLICY` (Terraform's import id)",
            after=("aws_autoscaling_group",),
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(SETTABLE, _update),),
            fixed={attr: REPLACE for attr in FIXED},
            create=Create(_put, dict, _new_id, ("name", "autoscaling_group_name")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::AutoScaling::ScalingPolicy",
            _cfn,
            emits=(TYPE,),
            ref=("arn",),
            getatt={"Arn": ("arn",), "PolicyName": ("name",)},
            name_attr="name",
            properties={
                TYPE: {
                    "adjustment_type": ("scalar", ("AdjustmentType",)),
                    "scaling_adjustment": ("scalar", ("ScalingAdjustment",)),
                    "estimated_instance_warmup": ("scalar", ("EstimatedInstanceWarmup",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "autoscaling",
            "Policy",
            TYPE,
            external_name=xp_no_id("name"),
            refs={"autoscalingGroupName": ("AutoscalingGroup", ("name",))},
            fields={
                "adjustment_type": ("scalar", ("adjustmentType",)),
                "scaling_adjustment": ("scalar", ("scalingAdjustment",)),
                "estimated_instance_warmup": ("scalar", ("estimatedInstanceWarmup",)),
            },
            importable=True,
        ),
    ),
)
