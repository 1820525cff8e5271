"""aws_cloudwatch_composite_alarm: a CloudWatch alarm whose state is a rule over other
alarms: its rule, description, actions, actions suppressor and tags.

Live: DescribeAlarms pages of composite alarms only (`AlarmTypes`, up to 100 a page; the
metric alarm scan's call leaves them out), plus ListTagsForResource per alarm. AWS makes
no composite alarms of its own. The rule is compared without surrounding whitespace (as
Terraform keeps it), actions as sets; unset, actions are enabled and none is set. A
revert puts the whole alarm back with PutCompositeAlarm (AWS has no partial update),
its tags with TagResource / UntagResource; an alarm cannot be renamed: "replace
needed". (moto has no PutCompositeAlarm and keeps no suppressor: its in-process tests
and Terraform's run have moto's PutMetricAlarm answer it: tests/tf/moto_gaps.py.)
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    keep,
    pairs,
    reader,
    sorted_known,
    tag_items,
    tagger,
    xp_same_name,
)
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
)
from driftctl.core.model import Resource, is_known

TYPE = "aws_cloudwatch_composite_alarm"
GONE = frozenset({"ResourceNotFoundException"})
ACTIONS = ("alarm_actions", "ok_actions", "insufficient_data_actions")
COMPARED = frozenset(
    {
        "alarm_name",
        "alarm_rule",
        "alarm_description",
        "actions_enabled",
        "actions_suppressor",
        "tags",
        *ACTIONS,
    }
)
_PUT = tuple(sorted(COMPARED - {"alarm_name", "tags"}))
_FIELDS = {
    "alarm_actions": "AlarmActions",
    "ok_actions": "OKActions",
    "insufficient_data_actions": "InsufficientDataActions",
}


def _suppressor(alarm: Any, extension: Any, wait: Any) -> list[dict[str, Any]]:
    if not alarm:
        return []
    return [{"alarm": alarm, "extension_period": extension, "wait_period": wait}]


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("Tags")
    attrs = {
        "alarm_name": item["AlarmName"],
        "alarm_rule": item.get("AlarmRule"),
        "alarm_description": item.get("AlarmDescription") or "",
        "actions_enabled": item.get("ActionsEnabled", True),
        **{attr: list(item.get(field) or ()) for attr, field in _FIELDS.items()},
        "actions_suppressor": _suppressor(
            item.get("ActionsSuppressor"),
            item.get("ActionsSuppressorExtensionPeriod"),
            item.get("ActionsSuppressorWaitPeriod"),
        ),
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": item.get("AlarmArn"),
    }
    return [Resource(TYPE, item["AlarmName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="cloudwatch_composite_alarms",
    service="cloudwatch",
    listing=ListCall(
        "describe_alarms",
        "CompositeAlarms",
        params={"AlarmTypes": ["CompositeAlarm"]},
        page_size=100,
    ),
    details=(
        DetailCall(
            "tags",
            "list_tags_for_resource",
            lambda item: {"ResourceARN": item["AlarmArn"]},
            GONE,
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    rule = out.get("alarm_rule")
    if isinstance(rule, str) and is_known(rule):
        out["alarm_rule"] = rule.strip()  # as Terraform keeps it (a heredoc ends a line)
    if "alarm_description" in out and out["alarm_description"] is None:
        out["alarm_description"] = ""
    for attr in ACTIONS:
        if attr in out:
            out[attr] = sorted_known(out[attr] if out[attr] is not None else [])
    found = out.get("actions_suppressor")
    if isinstance(found, dict):
        out["actions_suppressor"] = [found]
    return out


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "alarm_name": p.get("AlarmName"),
        "alarm_rule": p.get("AlarmRule"),
        "alarm_description": p.get("AlarmDescription"),
        "actions_enabled": p.get("ActionsEnabled"),
        **{attr: p.get(field) for attr, field in _FIELDS.items()},
        "actions_suppressor": _suppressor(
            p.get("ActionsSuppressor"),
            p.get("ActionsSuppressorExtensionPeriod"),
            p.get("ActionsSuppressorWaitPeriod"),
        ),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    suppressor = (a.get("actions_suppressor") or [{}])[0]
    return {
        "AlarmName": a.get("alarm_name"),
        "AlarmRule": a.get("alarm_rule"),
        "AlarmDescription": a.get("alarm_description") or None,
        "ActionsEnabled": a.get("actions_enabled"),
        **{field: a.get(attr) or None for attr, field in _FIELDS.items()},
        "ActionsSuppressor": suppressor.get("alarm"),
        "ActionsSuppressorExtensionPeriod": suppressor.get("extension_period"),
        "ActionsSuppressorWaitPeriod": suppressor.get("wait_period"),
        "Tags": cfn_tags(a),
    }


# The external name is the alarm's name, its id too.
_xp_external_name = xp_same_name("alarm_name")


# --- revert ---------------------------------------------------------------------------------


def _params(name: Any, attrs: Attrs) -> dict[str, Any]:
    params: dict[str, Any] = {
        "AlarmName": name,
        "AlarmRule": attrs.get("alarm_rule"),
        "AlarmDescription": attrs.get("alarm_description") or "",
        "ActionsEnabled": attrs.get("actions_enabled") is not False,
        **{field: list(attrs.get(attr) or ()) for attr, field in _FIELDS.items()},
    }
    suppressor = (attrs.get("actions_suppressor") or [None])[0]
    if suppressor:
        params["ActionsSuppressor"] = suppressor.get("alarm")
        params["ActionsSuppressorExtensionPeriod"] = suppressor.get("extension_period")
        params["ActionsSuppressorWaitPeriod"] = suppressor.get("wait_period")
    return params


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [ctx.call("cloudwatch", "put_composite_alarm", **_params(ctx.id, {**before, **after}))]


_TAGS = tagger(
    "cloudwatch",
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {
        "ResourceARN": attrs.get("arn")
        or f"arn:aws:cloudwatch:{ctx.region}:{ctx.account}:alarm:{ctx.id}"
    },
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = _params(desired["alarm_name"], desired)
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.call("cloudwatch", "put_composite_alarm", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["alarm_name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("cloudwatch", "delete_alarms", AlarmNames=[ctx.id])]


def _one(answer: Any) -> Item | None:
    found = (answer or {}).get("CompositeAlarms") or ()
    return dict(found[0]) if found else None


EVENTS = Events(
    source="monitoring.amazonaws.com",
    service="cloudwatch",
    create=("PutCompositeAlarm",),
    change=("PutCompositeAlarm", "TagResource", "UntagResource"),
    delete=("DeleteAlarms",),
    ids=("requestParameters.alarmName", "requestParameters.alarmNames[]"),
    touches={"TagResource": frozenset({"tags"}), "UntagResource": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "actions_suppressor"}),
            sets=frozenset(ACTIONS),
            natural_keys=(CFN_KEY, ("alarm_name",)),
            declared_id=lambda a: (
                a.get("alarm_name") if isinstance(a.get("alarm_name"), str) else None
            ),
            declared_defaults={
                "alarm_description": "",
                "actions_enabled": True,
                "alarm_actions": [],
                "ok_actions": [],
                "insufficient_data_actions": [],
                "actions_suppressor": [],
                "tags": {},
            },
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="alarm name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(_PUT, _put), Updater(("tags",), _TAGS)),
            fixed={"alarm_name": REPLACE},
            create=Create(_create, dict, _new_id, ("alarm_name", "alarm_rule")),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            "cloudwatch",
            "describe_alarms",
            lambda rid: {"AlarmNames": [rid], "AlarmTypes": ["CompositeAlarm"]},
            _one,
            GONE,
        )
    },
    cfn=(
        CfnType(
            "AWS::CloudWatch::CompositeAlarm",
            _cfn,
            emits=(TYPE,),
            ref=("alarm_name",),
            getatt={"Arn": ("arn",)},
            name_attr="alarm_name",
            properties={
                TYPE: {
                    "alarm_rule": ("scalar", ("AlarmRule",)),
                    "alarm_description": ("scalar", ("AlarmDescription",)),
                    "actions_enabled": ("scalar", ("ActionsEnabled",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudwatch",
            "CompositeAlarm",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "alarm_rule": ("scalar", ("alarmRule",)),
                "alarm_description": ("scalar", ("alarmDescription",)),
                "tags": ("map", ("tags",)),
            },
            importable=True,
        ),
    ),
)
