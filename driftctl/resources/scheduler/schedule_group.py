"""aws_scheduler_schedule_group: an EventBridge Scheduler group that schedules belong to:
its name and tags.

Live: ListScheduleGroups pages (100 a call), plus ListTagsForResource per custom group.
Each region's `default` group is AWS's own: it is listed, never unmanaged, and read no
further. A group has nothing to change but its tags: they are put back with TagResource
/ UntagResource; it cannot be renamed: "replace needed". Deleting a group deletes the
schedules in it (AWS's DeleteScheduleGroup).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, pairs, reader, tag_items, tagger, xp_same_name
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

TYPE = "aws_scheduler_schedule_group"
DEFAULT_GROUP = "default"
COMPARED = frozenset({"name", "tags"})
GONE = frozenset({"ResourceNotFoundException"})


def _custom(item: Item) -> bool:
    return bool(item.get("Name") != DEFAULT_GROUP)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("Tags")
    attrs = {
        "name": item["Name"],
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": item.get("Arn"),
    }
    return [Resource(TYPE, item["Name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="scheduler_schedule_groups",
    service="scheduler",
    listing=ListCall("list_schedule_groups", "ScheduleGroups", page_size=100),
    details=(
        DetailCall(
            "tags",
            "list_tags_for_resource",
            lambda item: {"ResourceArn": item["Arn"]},
            GONE,
            _custom,
        ),
    ),
    build=build,
)


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    d.emit(TYPE, {"name": d.props.get("Name"), "tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"Name": a.get("name"), "Tags": cfn_tags(a)}


# The external name is the group's name, its id too.
_xp_external_name = xp_same_name("name")


# --- revert ---------------------------------------------------------------------------------


def _arn(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
    found = attrs.get("arn") or (
        f"arn:aws:scheduler:{ctx.region}:{ctx.account}:schedule-group/{ctx.id}"
    )
    return {"ResourceArn": found}


_TAGS = tagger("scheduler", ("tag_resource", "Tags"), ("untag_resource", "TagKeys"), _arn)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Name": desired["name"]}
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.call("scheduler", "create_schedule_group", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("scheduler", "delete_schedule_group", Name=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """the default group (AWS's own)"""
    if ctx.id == DEFAULT_GROUP:
        return f"cannot delete {ctx.label}: the default group is AWS's"
    return None


def _listed(answer: Any) -> Item | None:
    """GetScheduleGroup's answer as the listed item the scan builds from."""
    if not answer:
        return None
    return {"Name": answer["Name"], "Arn": answer["Arn"]}


EVENTS = Events(
    source="scheduler.amazonaws.com",
    service="scheduler",
    create=("CreateScheduleGroup",),
    change=("TagResource", "UntagResource"),
    delete=("DeleteScheduleGroup",),
    ids=("requestParameters.name",),
    touches={"TagResource": frozenset({"tags"}), "UntagResource": frozenset({"tags"})},
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
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={"tags": {}},
            is_aws_default=lambda r: r.id == DEFAULT_GROUP,
            from_terraform={TYPE: keep(TYPE, COMPARED | {"name_prefix"})},
            tags=True,
            computed=frozenset({"arn", "name"}),
            id_doc="group name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("tags",), _TAGS),),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name",)),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN, "scheduler", "get_schedule_group", lambda rid: {"Name": rid}, _listed, GONE
        )
    },
    cfn=(
        CfnType(
            "AWS::Scheduler::ScheduleGroup",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "scheduler",
            "ScheduleGroup",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
)
