"""aws_cloudwatch_log_subscription_filter: a subscription filter of a log group: the
pattern, the destination its events are sent to (a Lambda function, a Kinesis or
Firehose stream, a destination), the role and the distribution.

Live: the DescribeLogGroups pages the log group scan makes (made once), plus
DescribeSubscriptionFilters per group (a group has at most two filters: one call). AWS
makes no subscription filters of its own. Its id is `log_group_name|name` (Terraform's
import id). An unset distribution is "ByLogStream", an unset role "". A filter is put back
whole with PutSubscriptionFilter; the name and the group cannot change: "replace needed".
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, reader, xp_same_name
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource, is_known

TYPE = "aws_cloudwatch_log_subscription_filter"
COMPARED = frozenset(
    {"name", "log_group_name", "filter_pattern", "destination_arn", "role_arn", "distribution"}
)
GONE = frozenset({"ResourceNotFoundException"})
# canonical attribute -> PutSubscriptionFilter parameter (and DescribeSubscriptionFilters')
FIELDS = {
    "name": "filterName",
    "log_group_name": "logGroupName",
    "filter_pattern": "filterPattern",
    "destination_arn": "destinationArn",
    "role_arn": "roleArn",
    "distribution": "distribution",
}
_CFN = {
    "name": "FilterName",
    "log_group_name": "LogGroupName",
    "filter_pattern": "FilterPattern",
    "destination_arn": "DestinationArn",
    "role_arn": "RoleArn",
    "distribution": "Distribution",
}


def filter_id(group: Any, name: Any) -> str:
    return f"{group}|{name}"


def resource(found: Item, region: str) -> Resource:
    attrs = {attr: found.get(field) for attr, field in FIELDS.items()}
    attrs["filter_pattern"] = attrs["filter_pattern"] or ""
    attrs["role_arn"] = attrs["role_arn"] or ""
    attrs["distribution"] = attrs["distribution"] or "ByLogStream"
    rid = filter_id(found["logGroupName"], found["filterName"])
    return Resource(TYPE, rid, None, attrs, region=region)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = (details.get("filters") or {}).get("subscriptionFilters") or ()
    return [resource(f, region) for f in found]


SCAN = ScanSpec(
    name="logs_subscription_filters",
    service="logs",
    # the log group scan's own listing (made once)
    listing=ListCall("describe_log_groups", "logGroups", page_size=50),
    details=(
        DetailCall(
            "filters",
            "describe_subscription_filters",
            lambda item: {"logGroupName": item["logGroupName"]},
            GONE,
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for attr in ("filter_pattern", "role_arn"):
        if attr in out and out[attr] is None:
            out[attr] = ""
    return out


def _declared_id(attrs: dict[str, Any]) -> str | None:
    group, name = attrs.get("log_group_name"), attrs.get("name")
    if isinstance(group, str) and isinstance(name, str) and is_known(group) and is_known(name):
        return filter_id(group, name)
    return None


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    d.emit(TYPE, {attr: d.props.get(field) for attr, field in _CFN.items()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {field: a.get(attr) or None for attr, field in _CFN.items()}


# The external name is the filter's name (its id adds the group).
_xp_name = xp_same_name("name")


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    _xp_name(external, name, attrs)
    return None


# --- revert ---------------------------------------------------------------------------------


def _put_params(attrs: Attrs) -> dict[str, Any]:
    params = {
        field: attrs[attr] for attr, field in FIELDS.items() if attrs.get(attr) not in (None, "")
    }
    params.setdefault("filterPattern", "")
    return params


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """The whole filter again: what is declared over what is live."""
    return [ctx.call("logs", "put_subscription_filter", **_put_params({**before, **after}))]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return filter_id(desired["log_group_name"], desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"logGroupName": live["log_group_name"], "filterName": live["name"]}
    return [ctx.call("logs", "delete_subscription_filter", **params)]


def _read(r: Any, unit: Any) -> list[Resource]:
    """One filter: its group's DescribeSubscriptionFilters, the exact name picked out."""
    group = str(unit.id).rpartition("|")[0]
    read = reader(
        SCAN,
        "logs",
        "describe_log_groups",
        lambda rid: {"logGroupNamePrefix": group},
        lambda answer: next(
            (dict(g) for g in (answer or {}).get("logGroups") or () if g["logGroupName"] == group),
            None,
        ),
        GONE,
    )
    return [x for x in read(r, unit) if x.id == unit.id]


EMITS = (TYPE,)

EVENTS = Events(
    source="logs.amazonaws.com",
    service="logs",
    create=("PutSubscriptionFilter",),
    change=("PutSubscriptionFilter",),
    delete=("DeleteSubscriptionFilter",),
    ids=("{requestParameters.logGroupName}|{requestParameters.filterName}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("log_group_name", "name"),),
            declared_id=_declared_id,
            declared_defaults={"distribution": "ByLogStream"},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"role_arn"}),
            id_doc="`log_group_name\\|name`",
            after=("aws_cloudwatch_log_group",),
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("filter_pattern", "destination_arn", "role_arn", "distribution"), _put),
            ),
            fixed={"name": REPLACE, "log_group_name": REPLACE},
            create=Create(
                lambda ctx, d: _put(ctx, {}, d),
                dict,
                _new_id,
                ("name", "log_group_name", "destination_arn"),
            ),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Logs::SubscriptionFilter",
            _cfn,
            emits=EMITS,
            ref=("name",),
            name_attr="name",
            properties={
                TYPE: {
                    "filter_pattern": ("scalar", ("FilterPattern",)),
                    "destination_arn": ("scalar", ("DestinationArn",)),
                    "role_arn": ("scalar", ("RoleArn",)),
                    "distribution": ("scalar", ("Distribution",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudwatchlogs",
            "SubscriptionFilter",
            TYPE,
            external_name=_xp_external_name,
            refs={"logGroupName": ("Group", ("name",)), "roleArn": ("Role", ("arn",))},
            fields={
                "filter_pattern": ("scalar", ("filterPattern",)),
                "destination_arn": ("scalar", ("destinationArn",)),
                "distribution": ("scalar", ("distribution",)),
            },
            importable=True,
        ),
    ),
)
