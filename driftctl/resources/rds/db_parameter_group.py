"""aws_db_parameter_group: an RDS parameter group's family, description, the parameters
its owner set, and tags.

Live: DescribeDBParameterGroups pages (100 a page), then per group DescribeDBParameters
with Source=user (only the parameters someone set are compared, as Terraform's
`parameter` set holds only those; every page, 100 a page) and ListTagsForResource. A parameter is
compared by name and value (its apply method is how a change is applied, not a value).
The `default.*` groups are AWS's own, never unmanaged. Terraform's default description
is "Managed by Terraform". The name, family and description cannot change in place: a
revert says "replace needed". A changed or added parameter is put back by
ModifyDBParameterGroup, one set by hand is reset by ResetDBParameterGroup (moto has no
ResetDBParameterGroup: tested as a planned call). Moto's DescribeDBParameters ignores
Source, and Terraform's provider then reads a group's parameters differently on every
refresh: the real-Terraform stack's group sets none, and parameters are tested on
boto3-seeded moto.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    keep,
    pairs,
    read_first,
    resource_name_tagger,
    resource_name_tags,
    xp_same_name,
)
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
    detail_items,
    tag_dict,
)
from driftctl.core.model import Resource, is_known

TYPE = "aws_db_parameter_group"
COMPARED = frozenset({"name", "family", "description", "parameter", "tags"})
PREFIX = frozenset({"name_prefix"})
GONE = frozenset({"DBParameterGroupNotFound"})
DESCRIPTION = "Managed by Terraform"
BATCH = 20  # parameters ModifyDBParameterGroup and ResetDBParameterGroup take at once


def parameters_of(pages: Any) -> list[dict[str, Any]]:
    """DescribeDBParameters' (or DescribeDBClusterParameters') pages as {name, value}."""
    out = [
        {"name": p["ParameterName"], "value": str(p.get("ParameterValue", ""))}
        for p in detail_items(pages, "Parameters")
        if p.get("ParameterName") and p.get("ParameterValue") is not None
    ]
    return sorted(out, key=lambda p: str(p["name"]))


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("TagList")
    attrs = {
        "name": item["DBParameterGroupName"],
        "family": item.get("DBParameterGroupFamily"),
        "description": item.get("Description") or "",
        "parameter": parameters_of(details.get("parameters")),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": item.get("DBParameterGroupArn"),
    }
    return [Resource(TYPE, item["DBParameterGroupName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="rds_db_parameter_groups",
    service="rds",
    listing=ListCall("describe_db_parameter_groups", "DBParameterGroups", page_size=100),
    details=(
        DetailCall(
            "parameters",
            "describe_db_parameters",
            lambda item: {
                "DBParameterGroupName": item["DBParameterGroupName"],
                "Source": "user",
            },
            GONE,
            paged=True,
            page_size=100,
        ),
        resource_name_tags("DBParameterGroupArn", frozenset()),
    ),
    build=build,
)


def aws_default(r: Resource) -> bool:
    """The `default.*` groups are AWS's own."""
    return str(r.attrs.get("name", "")).startswith("default.")


def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Parameters as {name, value} with the value as text (Terraform's apply_method is
    how AWS applies one, not part of it)."""
    found = attrs.get("parameter")
    if not isinstance(found, list):
        return attrs
    params = []
    for p in found:
        if not isinstance(p, dict):
            params.append(p)
            continue
        value = p.get("value")
        text = str(value).lower() if isinstance(value, bool) else value
        if value is not None and is_known(value) and not isinstance(value, (str, bool)):
            text = str(value)
        params.append({"name": p.get("name"), "value": text})
    return {**attrs, "parameter": params}


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def parameter_list(found: Any) -> list[dict[str, Any]] | None:
    """A template's Parameters (ACK's parameterOverrides), a map of name to value, as the
    `parameter` set."""
    if not isinstance(found, dict):
        return None
    return [{"name": k, "value": v} for k, v in sorted(found.items())]


def parameter_map(a: Attrs) -> dict[str, Any] | None:
    """The `parameter` set as a template's Parameters."""
    found = {p["name"]: p["value"] for p in a.get("parameter") or () if isinstance(p, dict)}
    return found or None


def _cfn(d: Declaring) -> None:
    p = d.props
    params = p.get("Parameters")
    attrs = {
        "name": p.get("DBParameterGroupName"),
        "family": p.get("Family"),
        "description": p.get("Description"),
        "parameter": parameter_list(params),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "DBParameterGroupName": a.get("name"),
        "Family": a.get("family"),
        "Description": a.get("description"),
        "Parameters": parameter_map(a),
        "Tags": cfn_tags(a),
    }


# The external name is the group's name, its id too.
_xp_external_name = xp_same_name("name")


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's DBParameterGroup: `parameterOverrides` is a map of name to value."""
    s = c.spec
    overrides = s.get("parameterOverrides")
    attrs = {
        "name": c.name(),
        "family": s.get("family"),
        "description": s.get("description"),
        "parameter": parameter_list(overrides),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


# --- revert ---------------------------------------------------------------------------------


def _values(attrs: Attrs) -> dict[str, str]:
    return {
        str(p["name"]): str(p.get("value"))
        for p in attrs.get("parameter") or ()
        if isinstance(p, dict) and p.get("name") is not None
    }


def _batches(items: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    return [items[i : i + BATCH] for i in range(0, len(items), BATCH)]


def parameter_calls(modify: str, reset: str, key: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """An updater putting parameters back: `modify` sets the changed and added ones, `reset`
    resets those set by hand, 20 a call, on the group named by `key`."""

    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        want, have = _values(after), _values(before)
        changed = [
            {"ParameterName": k, "ParameterValue": v, "ApplyMethod": "immediate"}
            for k, v in sorted(want.items())
            if have.get(k) != v
        ]
        removed = [
            {"ParameterName": k, "ApplyMethod": "immediate"} for k in sorted(set(have) - set(want))
        ]
        out = [ctx.call("rds", modify, **{key: ctx.id}, Parameters=b) for b in _batches(changed)]
        out += [ctx.call("rds", reset, **{key: ctx.id}, Parameters=b) for b in _batches(removed)]
        return out

    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "DBParameterGroupName": desired["name"],
        "DBParameterGroupFamily": desired["family"],
        "Description": desired.get("description") or DESCRIPTION,
    }
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.call("rds", "create_db_parameter_group", **params)]


def fresh(desired: Attrs) -> Attrs:
    """Created with no parameter set: the updater sets them."""
    return {**desired, "parameter": []}


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("rds", "delete_db_parameter_group", DBParameterGroupName=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="rds.amazonaws.com",
    service="rds",
    create=("CreateDBParameterGroup",),
    change=(
        "ModifyDBParameterGroup",
        "ResetDBParameterGroup",
        "AddTagsToResource",
        "RemoveTagsFromResource",
    ),
    delete=("DeleteDBParameterGroup",),
    ids=(
        "requestParameters.dBParameterGroupName",
        "requestParameters.resourceName",
    ),
    touches={
        "ModifyDBParameterGroup": frozenset({"parameter"}),
        "ResetDBParameterGroup": frozenset({"parameter"}),
        "AddTagsToResource": frozenset({"tags"}),
        "RemoveTagsFromResource": frozenset({"tags"}),
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
            sets=frozenset({"parameter"}),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={"description": DESCRIPTION, "parameter": [], "tags": {}},
            normalize=normalize,
            is_aws_default=aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
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
            updaters=(
                Updater(
                    ("parameter",),
                    parameter_calls(
                        "modify_db_parameter_group",
                        "reset_db_parameter_group",
                        "DBParameterGroupName",
                    ),
                ),
                Updater(("tags",), resource_name_tagger("rds", "pg")),
            ),
            fixed={"name": REPLACE, "family": REPLACE, "description": REPLACE},
            create=Create(_create, fresh, _new_id, ("name", "family")),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: read_first(
            SCAN, "rds", "describe_db_parameter_groups", "DBParameterGroupName", GONE
        )
    },
    cfn=(
        CfnType(
            "AWS::RDS::DBParameterGroup",
            _cfn,
            emits=EMITS,
            ref=("name",),
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("Description",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "rds",
            "ParameterGroup",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "rds",
            "DBParameterGroup",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "description": ("scalar", ("description",)),
                }
            },
        ),
    ),
)
