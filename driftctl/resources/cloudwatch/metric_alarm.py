"""aws_cloudwatch_metric_alarm: a CloudWatch alarm on one metric: its metric, statistic,
threshold, evaluation, actions, dimensions and tags.

Live: DescribeAlarms pages (metric alarms, up to 100 a page), plus ListTagsForResource
per alarm. Alarms AWS creates for target-tracking scaling policies (`TargetTracking-…`,
made and deleted by Application/EC2 Auto Scaling) are never unmanaged. Alarms on metric
math (`metric_query`) are read but their queries are not compared. A revert puts the
whole alarm back with PutMetricAlarm (AWS has no partial update); an alarm cannot be
renamed: a revert says "replace needed".
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_bool, keep, reader, tag_items, tagger, xp_same_name
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
)
from driftctl.core.model import Resource

TYPE = "aws_cloudwatch_metric_alarm"
# canonical attribute -> PutMetricAlarm parameter (and DescribeAlarms field)
FIELDS = {
    "alarm_name": "AlarmName",
    "comparison_operator": "ComparisonOperator",
    "evaluation_periods": "EvaluationPeriods",
    "metric_name": "MetricName",
    "namespace": "Namespace",
    "period": "Period",
    "statistic": "Statistic",
    "extended_statistic": "ExtendedStatistic",
    "threshold": "Threshold",
    "alarm_description": "AlarmDescription",
    "actions_enabled": "ActionsEnabled",
    "alarm_actions": "AlarmActions",
    "ok_actions": "OKActions",
    "insufficient_data_actions": "InsufficientDataActions",
    "datapoints_to_alarm": "DatapointsToAlarm",
    "treat_missing_data": "TreatMissingData",
    "unit": "Unit",
}
SETS = frozenset({"alarm_actions", "ok_actions", "insufficient_data_actions"})
COMPARED = frozenset({*FIELDS, "dimensions", "tags"})
AWS_MADE = ("TargetTracking-",)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("Tags")
    attrs: dict[str, Any] = {attr: item.get(field) for attr, field in FIELDS.items()}
    for attr in SETS:
        attrs[attr] = sorted(attrs[attr] or [])
    attrs.update(
        {
            "alarm_description": item.get("AlarmDescription") or "",
            "actions_enabled": bool(item.get("ActionsEnabled", True)),
            "treat_missing_data": item.get("TreatMissingData") or "missing",
            "dimensions": {d["Name"]: d["Value"] for d in item.get("Dimensions") or ()},
            "tags": tag_items(tags),
            **cfn_identity(tags),
            "arn": item.get("AlarmArn"),
        }
    )
    return [Resource(TYPE, item["AlarmName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="cloudwatch_metric_alarms",
    service="cloudwatch",
    listing=ListCall("describe_alarms", "MetricAlarms", page_size=100),
    details=(
        DetailCall(
            "tags",
            "list_tags_for_resource",
            lambda item: {"ResourceARN": item["AlarmArn"]},
            frozenset({"ResourceNotFoundException"}),
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "alarm_description" in out and out["alarm_description"] is None:
        out["alarm_description"] = ""
    if "dimensions" in out and out["dimensions"] is None:
        out["dimensions"] = {}
    return out


def _aws_default(r: Resource) -> bool:
    return str(r.attrs.get("alarm_name", "")).startswith(AWS_MADE)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs: dict[str, Any] = {attr: p.get(field) for attr, field in FIELDS.items()}
    dims = p.get("Dimensions")
    if isinstance(dims, list):
        attrs["dimensions"] = {x.get("Name"): x.get("Value") for x in dims if isinstance(x, dict)}
    attrs["tags"] = d.tags()
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {field: a.get(attr) for attr, field in FIELDS.items()}
    for attr in SETS:
        props[FIELDS[attr]] = a.get(attr) or None
    props["AlarmDescription"] = a.get("alarm_description") or None
    dims = a.get("dimensions") or {}
    props["Dimensions"] = [{"Name": k, "Value": v} for k, v in sorted(dims.items())] or None
    props["Tags"] = cfn_tags(a)
    return props


# The external name is the alarm's name, its id too.
_xp_external_name = xp_same_name("alarm_name")


_ACK = {
    "comparison_operator": "comparisonOperator",
    "evaluation_periods": "evaluationPeriods",
    "metric_name": "metricName",
    "namespace": "namespace",
    "period": "period",
    "statistic": "statistic",
    "extended_statistic": "extendedStatistic",
    "threshold": "threshold",
    "alarm_description": "alarmDescription",
    "actions_enabled": "actionsEnabled",
    "alarm_actions": "alarmActions",
    "ok_actions": "oKActions",
    "insufficient_data_actions": "insufficientDataActions",
    "datapoints_to_alarm": "datapointsToAlarm",
    "treat_missing_data": "treatMissingData",
    "unit": "unit",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs: dict[str, Any] = {attr: s.get(field) for attr, field in _ACK.items()}
    attrs["alarm_name"] = c.name()
    dims = s.get("dimensions")
    if isinstance(dims, list):
        attrs["dimensions"] = {x.get("name"): x.get("value") for x in dims if isinstance(x, dict)}
    attrs["tags"] = c.tags(s.get("tags"))
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


# --- revert ---------------------------------------------------------------------------------


def _params(name: Any, attrs: Attrs) -> dict[str, Any]:
    params: dict[str, Any] = {"AlarmName": name}
    for attr, field in FIELDS.items():
        value = attrs.get(attr)
        if attr == "alarm_name" or value is None or value == "" or value == []:
            continue
        params[field] = sorted(value) if attr in SETS else value
    if "ActionsEnabled" in params:
        params["ActionsEnabled"] = as_bool(params["ActionsEnabled"])
    for field in ("EvaluationPeriods", "Period", "DatapointsToAlarm"):
        if field in params:
            params[field] = int(params[field])
    if "Threshold" in params:
        params["Threshold"] = float(params["Threshold"])
    dims = attrs.get("dimensions") or {}
    if dims:
        params["Dimensions"] = [{"Name": k, "Value": str(v)} for k, v in sorted(dims.items())]
    return params


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """The whole alarm again: what is declared over what is live."""
    return [ctx.call("cloudwatch", "put_metric_alarm", **_params(ctx.id, {**before, **after}))]


_TAGS = tagger(
    "cloudwatch",
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {"ResourceARN": attrs.get("arn") or str(ctx.id)},
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = _params(desired["alarm_name"], desired)
    tags = desired.get("tags") or {}
    if tags:
        params["Tags"] = [{"Key": k, "Value": str(v)} for k, v in sorted(tags.items())]
    return [ctx.call("cloudwatch", "put_metric_alarm", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["alarm_name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("cloudwatch", "delete_alarms", AlarmNames=[ctx.id])]


def _describe(answer: Any) -> Item | None:
    found = (answer or {}).get("MetricAlarms") or []
    return dict(found[0]) if found else None


EMITS = (TYPE,)
_UPDATED = (*(a for a in FIELDS if a != "alarm_name"), "dimensions")

EVENTS = Events(
    source="monitoring.amazonaws.com",
    service="cloudwatch",
    create=("PutMetricAlarm",),
    change=(
        "PutMetricAlarm",
        "EnableAlarmActions",
        "DisableAlarmActions",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteAlarms",),
    ids=(
        "requestParameters.alarmName",
        "requestParameters.alarmNames[]",
    ),
    touches={
        "EnableAlarmActions": frozenset({"actions_enabled"}),
        "DisableAlarmActions": frozenset({"actions_enabled"}),
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "dimensions"}),
            sets=SETS,
            natural_keys=(CFN_KEY, ("alarm_name",)),
            declared_id=lambda a: (
                a.get("alarm_name") if isinstance(a.get("alarm_name"), str) else None
            ),
            declared_defaults={
                "actions_enabled": True,
                "alarm_description": "",
                "alarm_actions": [],
                "ok_actions": [],
                "insufficient_data_actions": [],
                "dimensions": {},
                "treat_missing_data": "missing",
                "tags": {},
            },
            normalize=_normalize,
            is_aws_default=_aws_default,
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
            updaters=(Updater(_UPDATED, _put), Updater(("tags",), _TAGS)),
            fixed={"alarm_name": REPLACE},
            create=Create(
                _create,
                dict,
                _new_id,
                ("alarm_name", "comparison_operator", "evaluation_periods"),
            ),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            "cloudwatch",
            "describe_alarms",
            lambda rid: {"AlarmNames": [rid], "AlarmTypes": ["MetricAlarm"]},
            _describe,
            frozenset(),
        )
    },
    cfn=(
        CfnType(
            "AWS::CloudWatch::Alarm",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Arn": ("arn",)},
            name_attr="alarm_name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "threshold": ("scalar", ("Threshold",)),
                    "evaluation_periods": ("scalar", ("EvaluationPeriods",)),
                    "period": ("scalar", ("Period",)),
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
            "MetricAlarm",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "threshold": ("scalar", ("threshold",)),
                "evaluation_periods": ("scalar", ("evaluationPeriods",)),
                "period": ("scalar", ("period",)),
                "alarm_description": ("scalar", ("alarmDescription",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "cloudwatch",
            "MetricAlarm",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "threshold": ("scalar", ("threshold",)),
                    "evaluation_periods": ("scalar", ("evaluationPeriods",)),
                    "period": ("scalar", ("period",)),
                    "alarm_description": ("scalar", ("alarmDescription",)),
                }
            },
        ),
    ),
)
