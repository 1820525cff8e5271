"""aws_cloudwatch_log_metric_filter: a metric filter of a log group: its pattern and the
metric it publishes (name, namespace, value, default value, dimensions, unit).

Live: DescribeMetricFilters pages (every filter of the region, 50 a page), nothing per
filter. AWS makes no metric filters of its own. Its id is `log_group_name:name`
(Terraform's import id; Terraform's own id is the name alone, which two groups may share).
Terraform's unset unit is "None" (a filter put without one has none: drift, as Terraform's
refresh shows it); the default value is compared as a number ("0" and 0.0 agree). A
filter is put back whole with PutMetricFilter; the name and the group cannot change:
"replace needed".
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, reader, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec, first_block
from driftctl.core.model import Resource, is_known

TYPE = "aws_cloudwatch_log_metric_filter"
COMPARED = frozenset({"name", "log_group_name", "pattern", "metric_transformation"})
# canonical metric_transformation key -> the API's MetricTransformation field
METRIC = {
    "name": "metricName",
    "namespace": "metricNamespace",
    "value": "metricValue",
    "default_value": "defaultValue",
    "dimensions": "dimensions",
    "unit": "unit",
}
_CFN_METRIC = {
    "name": "MetricName",
    "namespace": "MetricNamespace",
    "value": "MetricValue",
    "default_value": "DefaultValue",
    "unit": "Unit",
}


def filter_id(group: Any, name: Any) -> str:
    return f"{group}:{name}"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = first_block(item.get("metricTransformations"))
    metric = {attr: found.get(field) for attr, field in METRIC.items()}
    attrs = {
        "name": item["filterName"],
        "log_group_name": item["logGroupName"],
        "pattern": item.get("filterPattern") or "",
        "metric_transformation": metric,
    }
    rid = filter_id(item["logGroupName"], item["filterName"])
    return [Resource(TYPE, rid, None, attrs, region=region)]


SCAN = ScanSpec(
    name="logs_metric_filters",
    service="logs",
    listing=ListCall("describe_metric_filters", "metricFilters", page_size=50),
    build=build,
)


def _number(value: Any) -> Any:
    """A default value as Terraform holds it: "0" for 0.0, "1.5" for 1.5."""
    if isinstance(value, bool) or not is_known(value) or value in (None, ""):
        return None if value == "" else value
    try:
        number = float(value)
    except (TypeError, ValueError):
        return value
    return str(int(number)) if number.is_integer() else repr(number)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    metric = out.get("metric_transformation")
    if isinstance(metric, dict):
        metric = dict(metric)
        metric["default_value"] = _number(metric.get("default_value"))
        if metric.get("unit") == "":
            metric["unit"] = None
        if metric.get("dimensions") is None:
            metric["dimensions"] = {}
        out["metric_transformation"] = metric
    return out


def _declared(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    if "metric_transformation" in attrs:
        block = first_block(attrs["metric_transformation"])
        attrs["metric_transformation"] = {k: block.get(k) for k in METRIC}
        if attrs["metric_transformation"]["unit"] is None:
            attrs["metric_transformation"]["unit"] = "None"  # Terraform's default
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


def _declared_id(attrs: dict[str, Any]) -> str | None:
    group, name = attrs.get("log_group_name"), attrs.get("name")
    if isinstance(group, str) and isinstance(name, str) and is_known(group) and is_known(name):
        return filter_id(group, name)
    return None


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    found = first_block(p.get("MetricTransformations"))
    metric: dict[str, Any] = {attr: found.get(field) for attr, field in _CFN_METRIC.items()}
    dims = found.get("Dimensions")
    if isinstance(dims, list):
        metric["dimensions"] = {x.get("Key"): x.get("Value") for x in dims if isinstance(x, dict)}
    attrs = {
        "name": p.get("FilterName"),
        "log_group_name": p.get("LogGroupName"),
        "pattern": p.get("FilterPattern"),
        "metric_transformation": [metric] if found else None,
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    metric = a.get("metric_transformation") or {}
    entry: dict[str, Any] = {
        field: metric.get(attr) for attr, field in _CFN_METRIC.items() if metric.get(attr)
    }
    dims = metric.get("dimensions") or {}
    if dims:
        entry["Dimensions"] = [{"Key": k, "Value": v} for k, v in sorted(dims.items())]
    return {
        "FilterName": a.get("name"),
        "LogGroupName": a.get("log_group_name"),
        "FilterPattern": a.get("pattern"),
        "MetricTransformations": [entry],
    }


# The external name is the filter's name (its id adds the group).
_xp_name = xp_same_name("name")


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    _xp_name(external, name, attrs)
    return None


# --- revert ---------------------------------------------------------------------------------


def _put_params(attrs: Attrs) -> dict[str, Any]:
    metric = attrs.get("metric_transformation") or {}
    transformation: dict[str, Any] = {
        field: metric[attr]
        for attr, field in METRIC.items()
        if attr not in ("default_value", "dimensions") and metric.get(attr) not in (None, "")
    }
    default = _number(metric.get("default_value"))
    if default is not None:
        transformation["defaultValue"] = float(default)
    if metric.get("dimensions"):
        transformation["dimensions"] = {k: str(v) for k, v in sorted(metric["dimensions"].items())}
    return {
        "logGroupName": attrs["log_group_name"],
        "filterName": attrs["name"],
        "filterPattern": attrs.get("pattern") or "",
        "metricTransformations": [transformation],
    }


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """The whole filter again: what is declared over what is live."""
    return [ctx.call("logs", "put_metric_filter", **_put_params({**before, **after}))]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return filter_id(desired["log_group_name"], desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"logGroupName": live["log_group_name"], "filterName": live["name"]}
    return [ctx.call("logs", "delete_metric_filter", **params)]


def _params(rid: str) -> dict[str, Any]:
    group, _, name = rid.rpartition(":")
    return {"logGroupName": group, "filterNamePrefix": name}


def _read(r: Any, unit: Any) -> list[Resource]:
    """One filter: DescribeMetricFilters of its group by its name as prefix, the exact
    name picked out."""
    name = str(unit.id).rpartition(":")[2]

    def pick(answer: Any) -> Item | None:
        found = [f for f in (answer or {}).get("metricFilters") or () if f["filterName"] == name]
        return dict(found[0]) if found else None

    read = reader(
        SCAN,
        "logs",
        "describe_metric_filters",
        _params,
        pick,
        frozenset({"ResourceNotFoundException"}),
    )
    return read(r, unit)


EMITS = (TYPE,)

EVENTS = Events(
    source="logs.amazonaws.com",
    service="logs",
    create=("PutMetricFilter",),
    change=("PutMetricFilter",),
    delete=("DeleteMetricFilter",),
    ids=("{requestParameters.logGroupName}:{requestParameters.filterName}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"metric_transformation"}),
            natural_keys=(("log_group_name", "name"),),
            declared_id=_declared_id,
            normalize=_normalize,
            from_terraform={TYPE: _declared},
            shape={"metric_transformation": "single"},
            id_doc="`log_group_name:name`",
            after=("aws_cloudwatch_log_group",),
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("pattern", "metric_transformation"), _put),),
            fixed={"name": REPLACE, "log_group_name": REPLACE},
            create=Create(
                lambda ctx, d: _put(ctx, {}, d),
                dict,
                _new_id,
                ("name", "log_group_name", "metric_transformation"),
            ),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Logs::MetricFilter",
            _cfn,
            emits=EMITS,
            ref=("name",),
            name_attr="name",
            properties={TYPE: {"pattern": ("scalar", ("FilterPattern",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudwatchlogs",
            "MetricFilter",
            TYPE,
            external_name=_xp_external_name,
            refs={"logGroupName": ("Group", ("name",))},
            fields={"pattern": ("scalar", ("pattern",))},
            importable=True,
        ),
    ),
)
