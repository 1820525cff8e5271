"""aws_cloudwatch_dashboard: a CloudWatch dashboard and its body (the widgets, as JSON).

Live: ListDashboards pages, plus GetDashboard per dashboard (the body is read by no list
call). AWS makes no dashboards of its own in an account. The body is compared as a JSON
document, as Terraform compares it: spacing and key order are not drift. A dashboard
is put back whole with PutDashboard; it cannot be renamed: "replace needed".
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, documents, json_text, keep, reader, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource

TYPE = "aws_cloudwatch_dashboard"
COMPARED = frozenset({"dashboard_name", "dashboard_body"})
GONE = frozenset({"ResourceNotFound"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    body = (details.get("body") or {}).get("DashboardBody")
    attrs = {
        "dashboard_name": item["DashboardName"],
        "dashboard_body": body,
        "dashboard_arn": item.get("DashboardArn"),
    }
    return [Resource(TYPE, item["DashboardName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="cloudwatch_dashboards",
    service="cloudwatch",
    listing=ListCall("list_dashboards", "DashboardEntries"),
    details=(
        DetailCall(
            "body",
            "get_dashboard",
            lambda item: {"DashboardName": item["DashboardName"]},
            GONE,
        ),
    ),
    build=build,
)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    d.emit(
        TYPE, {"dashboard_name": p.get("DashboardName"), "dashboard_body": p.get("DashboardBody")}
    )


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "DashboardName": a.get("dashboard_name"),
        "DashboardBody": json_text(a.get("dashboard_body")),
    }


# The external name is the dashboard's name, its id too.
_xp_external_name = xp_same_name("dashboard_name")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    name = s.get("dashboardName") or c.adoption.get("dashboardName") or c.m.name
    attrs = {"dashboard_name": name, "dashboard_body": s.get("dashboardBody")}
    return [c.raw(TYPE, attrs, c.adoption.get("dashboardName"))]


# --- revert ---------------------------------------------------------------------------------


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    body = json_text(after.get("dashboard_body"))
    name = after.get("dashboard_name") or ctx.id
    return [ctx.call("cloudwatch", "put_dashboard", DashboardName=name, DashboardBody=body)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["dashboard_name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("cloudwatch", "delete_dashboards", DashboardNames=[ctx.id])]


def _read(r: Any, unit: Any) -> list[Resource]:
    """One dashboard: ListDashboards by its name as prefix, the exact name picked out."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get("DashboardEntries") or ()
        return next((dict(d) for d in found if d["DashboardName"] == unit.id), None)

    read = reader(
        SCAN,
        "cloudwatch",
        "list_dashboards",
        lambda rid: {"DashboardNamePrefix": rid},
        pick,
        GONE,
    )
    return read(r, unit)


EMITS = (TYPE,)

EVENTS = Events(
    source="monitoring.amazonaws.com",
    service="cloudwatch",
    create=("PutDashboard",),
    change=("PutDashboard",),
    delete=("DeleteDashboards",),
    ids=("requestParameters.dashboardName", "requestParameters.dashboardNames[]"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"dashboard_body"}),
            natural_keys=(("dashboard_name",),),
            declared_id=lambda a: (
                a.get("dashboard_name") if isinstance(a.get("dashboard_name"), str) else None
            ),
            normalize=documents("dashboard_body"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            documents=frozenset({"dashboard_body"}),
            computed=frozenset({"dashboard_arn"}),
            id_doc="dashboard name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("dashboard_body",), _put),),
            fixed={"dashboard_name": REPLACE},
            create=Create(
                lambda ctx, d: _put(ctx, {}, d), dict, _new_id, ("dashboard_name", "dashboard_body")
            ),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::CloudWatch::Dashboard",
            _cfn,
            emits=EMITS,
            ref=("dashboard_name",),
            name_attr="dashboard_name",
            properties={TYPE: {"dashboard_body": ("scalar", ("DashboardBody",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudwatch",
            "Dashboard",
            TYPE,
            external_name=_xp_external_name,
            fields={"dashboard_body": ("scalar", ("dashboardBody",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "cloudwatch",
            "Dashboard",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"dashboard_body": ("scalar", ("dashboardBody",))}},
        ),
    ),
)
