"""aws_scheduler_schedule: an EventBridge Scheduler schedule: when it fires (expression,
time zone, start and end, flexible window), whether it is enabled, its KMS key, and what
it invokes (target ARN, role, input, retries, dead-letter queue, and the EventBridge,
Kinesis and SQS parameters).

Live: ListSchedules pages (100 a call, every group), plus GetSchedule per schedule (the
list call gives the target's ARN only). AWS makes no schedules of its own. A target's
ECS and SageMaker parameters are not compared yet (they are kept as read when a revert
puts the schedule back). Unset, AWS keeps time zone `UTC`, state `ENABLED` and retries
of 86,400 seconds and 185 attempts, as Terraform's defaults. Dates compare as instants
(UTC). A schedule is put back whole with UpdateSchedule (AWS resets what it is not
sent); it cannot be renamed nor moved to another group: "replace needed".
"""

from __future__ import annotations

import datetime
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, reader, xp_no_id
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource, is_known

TYPE = "aws_scheduler_schedule"
GONE = frozenset({"ResourceNotFoundException"})
COMPARED = frozenset(
    {
        "name",
        "group_name",
        "description",
        "schedule_expression",
        "schedule_expression_timezone",
        "state",
        "kms_key_arn",
        "start_date",
        "end_date",
        "flexible_time_window",
        "target",
    }
)
_UPDATED = tuple(sorted(COMPARED - {"name", "group_name"}))
_SCALARS = {
    "description": "Description",
    "schedule_expression": "ScheduleExpression",
    "schedule_expression_timezone": "ScheduleExpressionTimezone",
    "state": "State",
    "kms_key_arn": "KmsKeyArn",
}
RETRY = {"maximum_event_age_in_seconds": 86400, "maximum_retry_attempts": 185}
# a target's compared sub-blocks: Terraform's name -> (AWS's field, {attr: field})
_BLOCKS = {
    "retry_policy": (
        "RetryPolicy",
        {
            "maximum_event_age_in_seconds": "MaximumEventAgeInSeconds",
            "maximum_retry_attempts": "MaximumRetryAttempts",
        },
    ),
    "dead_letter_config": ("DeadLetterConfig", {"arn": "Arn"}),
    "eventbridge_parameters": (
        "EventBridgeParameters",
        {"detail_type": "DetailType", "source": "Source"},
    ),
    "kinesis_parameters": ("KinesisParameters", {"partition_key": "PartitionKey"}),
    "sqs_parameters": ("SqsParameters", {"message_group_id": "MessageGroupId"}),
}


def _instant(value: Any) -> Any:
    """A date (a datetime, or RFC 3339 text) as UTC text; anything else as it is."""
    if isinstance(value, str) and is_known(value) and value:
        try:
            value = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=datetime.timezone.utc)
        return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value


def _target(found: dict[str, Any]) -> list[dict[str, Any]]:
    out: dict[str, Any] = {
        "arn": found.get("Arn"),
        "role_arn": found.get("RoleArn"),
        "input": found.get("Input") or "",
    }
    for attr, (field, names) in _BLOCKS.items():
        block = found.get(field)
        out[attr] = [{a: block.get(f) for a, f in names.items()}] if block else []
    return [out]


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = details.get("schedule") or item
    window = found.get("FlexibleTimeWindow") or {}
    attrs = {
        "name": item["Name"],
        "group_name": item.get("GroupName") or "default",
        **{attr: found.get(field) for attr, field in _SCALARS.items()},
        "start_date": _instant(found.get("StartDate")),
        "end_date": _instant(found.get("EndDate")),
        "flexible_time_window": [
            {
                "mode": window.get("Mode"),
                "maximum_window_in_minutes": window.get("MaximumWindowInMinutes"),
            }
        ],
        "target": _target(found.get("Target") or {}),
        "arn": found.get("Arn"),
        # the target as AWS holds it (with what is not compared), for a revert to keep
        "target_read": found.get("Target"),
    }
    rid = f"{attrs['group_name']}/{item['Name']}"
    return [Resource(TYPE, rid, None, attrs, region=region)]


SCAN = ScanSpec(
    name="scheduler_schedules",
    service="scheduler",
    listing=ListCall("list_schedules", "Schedules", page_size=100),
    details=(
        DetailCall(
            "schedule",
            "get_schedule",
            lambda item: {"GroupName": item.get("GroupName") or "default", "Name": item["Name"]},
            GONE,
        ),
    ),
    build=build,
)


def _one(value: Any) -> Any:
    return [value] if isinstance(value, dict) else value


def _blocks(value: Any) -> list[dict[str, Any]] | None:
    value = _one(value)
    if isinstance(value, list) and all(isinstance(b, dict) for b in value):
        return value
    return None


def _or(value: Any, default: Any) -> Any:
    return default if value is None else value


def _target_of(value: Any) -> Any:
    """A target with AWS's values for what is unset (no input, Terraform's retries)."""
    blocks = _blocks(value)
    if not blocks:
        return value
    out = []
    for block in blocks:
        found = {k: block.get(k) for k in ("arn", "role_arn", "input")}
        found["input"] = found["input"] or ""
        for attr, (_, names) in _BLOCKS.items():
            sub = _blocks(block.get(attr) or [])  # unset: none
            if sub is None:
                found[attr] = block.get(attr)  # unknown: as it is
                continue
            if attr == "retry_policy":
                sub = sub or [{}]
                sub = [{a: _or(b.get(a), d) for a, d in RETRY.items()} for b in sub]
            found[attr] = [{a: b.get(a) for a in names} for b in sub]
        out.append(found)
    return out


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for attr in ("start_date", "end_date"):
        if attr in out:
            out[attr] = _instant(out[attr]) or None
    for attr in ("description", "kms_key_arn"):
        if out.get(attr) == "":
            out[attr] = None
    window = _blocks(out.get("flexible_time_window"))
    if window:
        out["flexible_time_window"] = [
            {
                "mode": w.get("mode"),
                "maximum_window_in_minutes": w.get("maximum_window_in_minutes") or None,
            }
            for w in window
        ]
    if "target" in out:
        out["target"] = _target_of(out["target"])
    return out


def _declared_id(attrs: dict[str, Any]) -> str | None:
    group, name = attrs.get("group_name") or "default", attrs.get("name")
    if isinstance(group, str) and is_known(group) and isinstance(name, str):
        return f"{group}/{name}"
    return None


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _aws_block(block: Any, names: dict[str, str]) -> list[dict[str, Any]] | None:
    if not isinstance(block, dict):
        return None
    return [{a: block.get(f) for a, f in names.items()}]


def _cfn(d: Declaring) -> None:
    p = d.props
    window = p.get("FlexibleTimeWindow") or {}
    target = p.get("Target") or {}
    found: dict[str, Any] = {
        "arn": target.get("Arn"),
        "role_arn": target.get("RoleArn"),
        "input": target.get("Input"),
    }
    for attr, (field, names) in _BLOCKS.items():
        found[attr] = _aws_block(target.get(field), names)
    attrs = {
        "name": p.get("Name"),
        "group_name": p.get("GroupName"),
        **{attr: p.get(field) for attr, field in _SCALARS.items()},
        "start_date": p.get("StartDate"),
        "end_date": p.get("EndDate"),
        "flexible_time_window": [
            {
                "mode": window.get("Mode"),
                "maximum_window_in_minutes": window.get("MaximumWindowInMinutes"),
            }
        ],
        "target": [found],
    }
    d.emit(TYPE, attrs)


# The external name is the schedule's name (its id is `group/name`).
_xp_external_name = xp_no_id("name")


# --- revert ---------------------------------------------------------------------------------


def _params(attrs: Attrs, read: Any) -> dict[str, Any]:
    """The whole schedule as UpdateSchedule and CreateSchedule take it: the target as AWS
    held it (`read`), its compared parts as `attrs` has them."""
    params: dict[str, Any] = {
        "Name": attrs["name"],
        "GroupName": attrs.get("group_name") or "default",
        **{f: attrs[a] for a, f in _SCALARS.items() if attrs.get(a) not in (None, "")},
    }
    for attr, field in (("start_date", "StartDate"), ("end_date", "EndDate")):
        if attrs.get(attr):
            params[field] = attrs[attr]
    window = (attrs.get("flexible_time_window") or [{}])[0]
    params["FlexibleTimeWindow"] = {"Mode": window.get("mode") or "OFF"}
    if window.get("maximum_window_in_minutes"):
        params["FlexibleTimeWindow"]["MaximumWindowInMinutes"] = window["maximum_window_in_minutes"]
    desired = (attrs.get("target") or [{}])[0]
    target = dict(read) if isinstance(read, dict) else {}
    target["Arn"], target["RoleArn"] = desired.get("arn"), desired.get("role_arn")
    target.pop("Input", None)
    if desired.get("input"):
        target["Input"] = desired["input"]
    for attr, (field, names) in _BLOCKS.items():
        target.pop(field, None)
        block = (desired.get(attr) or [None])[0]
        if block:
            target[field] = {f: block[a] for a, f in names.items() if block.get(a) is not None}
    params["Target"] = target
    return params


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    merged = {**before, **after}
    return [ctx.call("scheduler", "update_schedule", **_params(merged, before.get("target_read")))]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    return [ctx.call("scheduler", "create_schedule", **_params(desired, None))]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return f"{desired.get('group_name') or 'default'}/{desired['name']}"


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call(
            "scheduler", "delete_schedule", Name=live["name"],
            GroupName=live.get("group_name") or "default",
        )
    ]  # fmt: skip


def _listed(answer: Any) -> Item | None:
    if not answer:
        return None
    return {k: v for k, v in answer.items() if k != "ResponseMetadata"}


EVENTS = Events(
    source="scheduler.amazonaws.com",
    service="scheduler",
    create=("CreateSchedule",),
    change=("UpdateSchedule",),
    delete=("DeleteSchedule",),
    ids=("{requestParameters.groupName}/{requestParameters.name}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"target", "flexible_time_window"}),
            natural_keys=(("group_name", "name"),),
            name_prefix=("name", "name_prefix"),
            declared_id=_declared_id,
            declared_defaults={
                "group_name": "default",
                "schedule_expression_timezone": "UTC",
                "state": "ENABLED",
            },
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED | {"name_prefix"})},
            computed=frozenset({"arn", "name"}),
            id_doc="`group/name`",
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(_UPDATED, _update),),
            fixed={"name": REPLACE, "group_name": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "schedule_expression", "target")),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            "scheduler",
            "get_schedule",
            lambda rid: {"GroupName": rid.split("/", 1)[0], "Name": rid.split("/", 1)[-1]},
            _listed,
            GONE,
        )
    },
    cfn=(
        CfnType(
            "AWS::Scheduler::Schedule",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
            properties={
                TYPE: {
                    "description": ("scalar", ("Description",)),
                    "schedule_expression": ("scalar", ("ScheduleExpression",)),
                    "state": ("scalar", ("State",)),
                }
            },
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "scheduler",
            "Schedule",
            TYPE,
            external_name=_xp_external_name,
            fields={
                "description": ("scalar", ("description",)),
                "schedule_expression": ("scalar", ("scheduleExpression",)),
                "state": ("scalar", ("state",)),
            },
            importable=True,
        ),
    ),
)
