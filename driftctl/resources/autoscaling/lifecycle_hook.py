"""aws_autoscaling_lifecycle_hook: a lifecycle hook of an Auto Scaling group: its name,
group, transition, default result, heartbeat timeout, notification target, role and
notification metadata.

Live: per group (DescribeAutoScalingGroups pages, the listing aws_autoscaling_group's scan
makes too, made once), one DescribeLifecycleHooks (AWS answers every hook of the group,
unpaged). The id is Terraform's import id, `GROUP/HOOK`. Hooks of a group no declaration
names are reported with the group (EKS's managed node groups add their own to theirs).
AWS defaults (Terraform's): ABANDON as the default result. The name and group are fixed
("replace needed"); the rest is put back by PutLifecycleHook, which writes the whole hook.
A template's hook is found by its LifecycleHookName (the type has no tags: one whose name
CloudFormation generates is not found).

moto (5.x) answers every hook with the same made-up role and notification target and
keeps no metadata: the tf group's hook sets neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_int, keep, xp_no_id
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec
from driftctl.core.model import Resource
from driftctl.resources.autoscaling import group

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_autoscaling_lifecycle_hook"
SERVICE = "autoscaling"
FIXED = ("name", "autoscaling_group_name")
# Terraform attribute -> PutLifecycleHook's (and DescribeLifecycleHooks') field
FIELDS = {
    "lifecycle_transition": "LifecycleTransition",
    "default_result": "DefaultResult",
    "heartbeat_timeout": "HeartbeatTimeout",
    "notification_target_arn": "NotificationTargetARN",
    "role_arn": "RoleARN",
    "notification_metadata": "NotificationMetadata",
}
COMPARED = frozenset({*FIXED, *FIELDS})
DEFAULTS: dict[str, Any] = {"default_result": "ABANDON"}


def hook_id(group_name: Any, name: Any) -> str:
    return f"{group_name}/{name}"


def _hook(found: Mapping[str, Any], region: str) -> Resource:
    attrs = {
        "name": found.get("LifecycleHookName"),
        "autoscaling_group_name": found.get("AutoScalingGroupName"),
        **{attr: found.get(field) for attr, field in FIELDS.items()},
    }
    rid = hook_id(attrs["autoscaling_group_name"], attrs["name"])
    return Resource(TYPE, rid, None, _normalize(attrs), region=region)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    hooks = (details.get("hooks") or {}).get("LifecycleHooks") or ()
    return [_hook(h, region) for h in hooks]


SCAN = ScanSpec(
    name="autoscaling_lifecycle_hooks",
    service=SERVICE,
    listing=group.SCAN.listing,
    details=(
        DetailCall(
            "hooks",
            "describe_lifecycle_hooks",
            lambda i: {"AutoScalingGroupName": i["AutoScalingGroupName"]},
        ),
    ),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    group_name, _, name = str(unit.id).partition("/")
    params = {"AutoScalingGroupName": group_name, "LifecycleHookNames": [name]}
    answer = reader.call(SERVICE, unit.region, "describe_lifecycle_hooks", params)
    return build({}, {"hooks": answer}, unit.region)


# --- both sides -------------------------------------------------------------------------------


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if isinstance(out.get("heartbeat_timeout"), str):
        number = as_int(out["heartbeat_timeout"])
        out["heartbeat_timeout"] = number if number is not None else out["heartbeat_timeout"]
    for name in FIELDS:
        if out.get(name) == "":
            out[name] = None
    return out


# --- CloudFormation, Crossplane -----------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("LifecycleHookName"),
        "autoscaling_group_name": p.get("AutoScalingGroupName"),
        **{attr: p.get(field) for attr, field in FIELDS.items()},
    }
    d.emit(TYPE, {k: v for k, v in attrs.items() if v is not None})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    out = {
        "LifecycleHookName": a.get("name"),
        "AutoScalingGroupName": a.get("autoscaling_group_name"),
    }
    out.update({field: a[attr] for attr, field in FIELDS.items() if a.get(attr) is not None})
    return out


# --- revert ---------------------------------------------------------------------------------


def _put(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "AutoScalingGroupName": desired["autoscaling_group_name"],
        "LifecycleHookName": desired["name"],
    }
    for attr, field in FIELDS.items():
        if desired.get(attr) not in (None, ""):
            value = desired[attr]
            params[field] = int(value) if attr == "heartbeat_timeout" else value
    return [ctx.call(SERVICE, "put_lifecycle_hook", **params)]


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return _put(ctx, after)


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return hook_id(desired["autoscaling_group_name"], desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call(
            SERVICE,
            "delete_lifecycle_hook",
            AutoScalingGroupName=live["autoscaling_group_name"],
            LifecycleHookName=live["name"],
        )
    ]


EVENTS = Events(
    source="autoscaling.amazonaws.com",
    service="autoscaling",
    create=("PutLifecycleHook",),
    change=("PutLifecycleHook",),
    delete=("DeleteLifecycleHook",),
    ids=("requestParameters.lifecycleHookName", "requestParameters.autoScalingGroupName"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("autoscaling_group_name", "name"),),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            parent=("aws_autoscaling_group", "autoscaling_group_name"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="`GROUP/HOOK` (Terraform's import id)",
            after=("aws_autoscaling_group",),
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(FIELDS), _update),),
            fixed={attr: REPLACE for attr in FIXED},
            create=Create(_put, dict, _new_id, ("name", "autoscaling_group_name")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::AutoScaling::LifecycleHook",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            name_attr="name",
            properties={
                TYPE: {
                    "default_result": ("scalar", ("DefaultResult",)),
                    "heartbeat_timeout": ("scalar", ("HeartbeatTimeout",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "autoscaling",
            "LifecycleHook",
            TYPE,
            external_name=xp_no_id("name"),
            refs={"autoscalingGroupName": ("AutoscalingGroup", ("name",))},
            fields={
                "default_result": ("scalar", ("defaultResult",)),
                "heartbeat_timeout": ("scalar", ("heartbeatTimeout",)),
            },
            importable=True,
        ),
    ),
)
