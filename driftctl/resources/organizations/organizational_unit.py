"""aws_organizations_organizational_unit: an organizational unit (OU) of the organization:
its name, parent (the root or another unit) and tags.

Live: ListRoots (one page), then the tree one level at a time: ListOrganizationalUnits-
ForParent for the root, then for every unit of the level above (AWS nests units five
deep, so five levels at most), and ListTagsForResource per unit. Only the management
account (or a delegated administrator) can list them: an account in no organization, or
a member account, holds none ("nothing here", not a failed scan; organizations/common.py).
AWS makes no units of its own. The name is put back with UpdateOrganizationalUnit, tags
with TagResource/UntagResource; a unit cannot move to another parent ("replace needed");
a deleted unit is created again (empty: its accounts and units are not moved back).
CloudFormation's AWS::Organizations::OrganizationalUnit and Crossplane's
OrganizationalUnit declare it; ACK's Organizations controller is not mapped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Pending, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, pairs, xp_prefixed
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    cfn_identity,
)
from driftctl.core.model import Resource
from driftctl.resources.organizations.common import ROOTS, items, org_tagger, tags_detail, tags_of

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_organizations_organizational_unit"
COMPARED = frozenset({"name", "parent_id", "tags"})
GONE = frozenset({"OrganizationalUnitNotFoundException"})
LEVELS = 5  # AWS nests organizational units five deep under the root
_UNITS = "OrganizationalUnits"


# a parent deleted between its listing and this call holds no units (and moto answers
# a member account's ListRoots with the organization's root, whose units it cannot list)
GONE_PARENT = frozenset({"ParentNotFoundException"})


def _units(item: Item, level: int) -> list[dict[str, Any]]:
    """The units of one level of the tree, in the order their parents were asked."""
    return items(item.get(f"level{level}"), _UNITS)


def _children(level: int) -> DetailCall:
    if level == 1:
        return DetailCall(
            "level1",
            "list_organizational_units_for_parent",
            lambda item: {"ParentId": item["Id"]},
            absent=GONE_PARENT,
            paged=True,
        )
    return DetailCall(
        f"level{level}",
        "list_organizational_units_for_parent",
        lambda item: [{"ParentId": u["Id"]} for u in _units(item, level - 1)],
        needs=f"level{level - 1}",
        absent=GONE_PARENT,
        paged=True,
        batch=1,
    )


def live(unit: dict[str, Any], parent: str, tags: dict[str, str], raw: Any = None) -> Resource:
    attrs = {
        "name": unit["Name"],
        "parent_id": parent,
        "tags": tags,
        **cfn_identity(raw or []),
        "arn": unit.get("Arn"),
    }
    return Resource(TYPE, unit["Id"], None, attrs)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    out: list[Resource] = []
    parents = [item["Id"]]
    for level in range(1, LEVELS + 1):
        answers = details.get(f"level{level}")
        if answers is None:
            break
        per_parent = [answers] if level == 1 else list(answers)
        tags = list(details.get(f"tags{level}") or ())
        found = [
            (parent, unit)
            for parent, pages in zip(parents, per_parent, strict=False)
            for unit in items(pages, _UNITS)
        ]
        for index, (parent, unit) in enumerate(found):
            answer = tags[index] if index < len(tags) else None
            raw = items(answer, "Tags")
            out.append(live(unit, parent, tags_of(answer), raw))
        parents = [unit["Id"] for _, unit in found]
    return out


SCAN = ScanSpec(
    name="organizations_units",
    service="organizations",
    global_service=True,
    listing=ROOTS,
    details=tuple(
        detail
        for level in range(1, LEVELS + 1)
        for detail in (
            _children(level),
            tags_detail(
                f"tags{level}",
                f"level{level}",
                lambda answer: [u["Id"] for u in items(answer, _UNITS)],
            ),
        )
    ),
    build=build,
)


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {"name": p.get("Name"), "parent_id": p.get("ParentId"), "tags": d.tags()}
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"Name": a.get("name"), "ParentId": a.get("parent_id"), "Tags": cfn_tags(a)}


# --- revert ---------------------------------------------------------------------------------


def _rename(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [
        ctx.call(
            "organizations",
            "update_organizational_unit",
            OrganizationalUnitId=ctx.id,
            Name=after["name"],
        )
    ]


def _pending(ctx: Ctx) -> Pending:
    return Pending(f"{ctx.label}.id")


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"ParentId": desired["parent_id"], "Name": desired["name"]}
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    outputs = {_pending(ctx).name: "OrganizationalUnit.Id"}
    return [ctx.producing(outputs, "organizations", "create_organizational_unit", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> Pending:
    return _pending(ctx)


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("organizations", "delete_organizational_unit", OrganizationalUnitId=ctx.id)]


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One unit: DescribeOrganizationalUnit, its parent (ListParents) and tags."""
    found = reader.call(
        "organizations",
        unit.region,
        "describe_organizational_unit",
        {"OrganizationalUnitId": unit.id},
        gone=GONE,
    )["OrganizationalUnit"]
    by_child = {"ChildId": unit.id}
    parents = items(reader.paged("organizations", unit.region, "list_parents", by_child), "Parents")
    by_id = {"ResourceId": unit.id}
    tags = reader.paged("organizations", unit.region, "list_tags_for_resource", by_id)
    parent = parents[0]["Id"] if parents else None
    return [live(found, str(parent), tags_of(tags), items(tags, "Tags"))]


EVENTS = Events(
    source="organizations.amazonaws.com",
    service="organizations",
    create=("CreateOrganizationalUnit",),
    change=("UpdateOrganizationalUnit", "TagResource", "UntagResource"),
    delete=("DeleteOrganizationalUnit",),
    ids=(
        "requestParameters.organizationalUnitId",
        "responseElements.organizationalUnit.id",
        "requestParameters.resourceId",
    ),
    touches={
        "UpdateOrganizationalUnit": frozenset({"name"}),
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
            exact=frozenset({"tags"}),
            # the name alone where the parent is known only after apply (the root of an
            # organization the same configuration makes): unique in most organizations
            natural_keys=(CFN_KEY, ("parent_id", "name"), ("name",)),
            declared_defaults={"tags": {}},
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="`ou-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("name",), _rename), Updater(("tags",), org_tagger())),
            fixed={"parent_id": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "parent_id")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Organizations::OrganizationalUnit",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"Arn": ("arn",), "Id": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",)), "name": ("scalar", ("Name",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "organizations",
            "OrganizationalUnit",
            TYPE,
            regional=False,
            external_name=xp_prefixed("ou-"),
            refs={"parentId": ("OrganizationalUnit", ("id",))},
            tagged=True,
            fields={"tags": ("map", ("tags",)), "name": ("scalar", ("name",))},
            importable=True,
        ),
    ),
)
