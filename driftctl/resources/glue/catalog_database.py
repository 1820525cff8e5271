"""aws_glue_catalog_database: a database of the account's Glue Data Catalog: its
description, location, parameters, and the database it links to (a resource link).

Live: GetDatabases pages (the account's own databases), nothing per database. The
`default` database Glue and Athena make on first use is AWS's own: never unmanaged. No
description, no parameters and no link are Terraform's defaults when unset; the location
is compared where declared (AWS may fill it). The tags are not compared yet: Glue's
GetTags takes the database's ARN, which no Glue call gives and the scan cannot build (it
knows no region in a detail call's parameters); the default permissions of new tables
(Lake Formation's) are not compared. UpdateDatabase puts back the compared settings
(with the live table permissions); the name is fixed ("replace needed"). A database holds
the definitions of its tables: a revert never deletes one (only `--delete-data`).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, reader, xp_no_id
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec, first_block
from driftctl.core.model import Resource

TYPE = "aws_glue_catalog_database"
SERVICE = "glue"
SETTINGS = frozenset({"description", "location_uri", "parameters", "target_database"})
COMPARED = SETTINGS | {"name"}
GONE = frozenset({"EntityNotFoundException"})
DEFAULT = "default"
TARGET = {"catalog_id": "CatalogId", "database_name": "DatabaseName", "region": "Region"}


def _target(found: Any) -> dict[str, Any] | None:
    if not isinstance(found, dict) or not found:
        return None
    return {name: found.get(key) for name, key in TARGET.items()}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs: dict[str, Any] = {
        "name": item["Name"],
        "catalog_id": item.get("CatalogId"),
        "description": item.get("Description") or "",
        "location_uri": item.get("LocationUri") or "",
        "parameters": dict(item.get("Parameters") or {}),
        "target_database": _target(item.get("TargetDatabase")),
        "create_table_default_permissions": item.get("CreateTableDefaultPermissions"),
    }
    if item.get("CatalogId"):
        attrs["arn"] = f"arn:aws:glue:{region}:{item['CatalogId']}:database/{item['Name']}"
    return [Resource(TYPE, item["Name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="glue_catalog_databases",
    service=SERVICE,
    listing=ListCall("get_databases", "DatabaseList", page_size=100),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """No description or location as ""; the parameters as a map (Crossplane's as a
    block: its one dict), none as {}; the link as one block
    (its region left out: the database's own)."""
    out = dict(attrs)
    for name in ("description", "location_uri"):
        if name in out and out[name] is None:
            out[name] = ""
    if "parameters" in out:
        out["parameters"] = dict(first_block(out["parameters"]))
    if out.get("target_database") is not None:
        block = first_block(out["target_database"])
        out["target_database"] = {name: block.get(name) or None for name in TARGET} or None
    return out


def _is_aws_default(r: Resource) -> bool:
    """The `default` database Glue and Athena make on first use."""
    return r.attrs.get("name") == DEFAULT


def _declared_id(attrs: dict[str, Any]) -> Any:
    name = attrs.get("name")
    return name if isinstance(name, str) else None


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::Glue::Database: the database under DatabaseInput."""
    db = d.props.get("DatabaseInput") or {}
    parameters = db.get("Parameters")
    d.emit(
        TYPE,
        {
            "name": db.get("Name") or d.props.get("DatabaseName"),
            "description": db.get("Description"),
            "location_uri": db.get("LocationUri"),
            "parameters": dict(parameters) if isinstance(parameters, dict) else {},
            "target_database": _target(db.get("TargetDatabase")),
        },
    )


# --- revert ---------------------------------------------------------------------------------


def _input(desired: Attrs, kept: Attrs) -> dict[str, Any]:
    out: dict[str, Any] = {"Name": desired.get("name") or kept.get("name")}
    if desired.get("description"):
        out["Description"] = desired["description"]
    if desired.get("location_uri"):
        out["LocationUri"] = desired["location_uri"]
    if desired.get("parameters"):
        out["Parameters"] = {k: str(v) for k, v in sorted(desired["parameters"].items())}
    target = _normalize({"target_database": desired.get("target_database")})["target_database"]
    if target:
        out["TargetDatabase"] = {k: target[n] for n, k in TARGET.items() if target.get(n)}
    if kept.get("create_table_default_permissions"):
        out["CreateTableDefaultPermissions"] = kept["create_table_default_permissions"]
    return out


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [ctx.call(SERVICE, "update_database", Name=ctx.id, DatabaseInput=_input(after, before))]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    return [ctx.call(SERVICE, "create_database", DatabaseInput=_input(desired, {}))]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_database", Name=ctx.id)]


_read = reader(
    SCAN,
    SERVICE,
    "get_database",
    lambda rid: {"Name": rid},
    lambda answer: (answer or {}).get("Database"),
    GONE,
)

EMITS = (TYPE,)

EVENTS = Events(
    source="glue.amazonaws.com",
    service=SERVICE,
    create=("CreateDatabase",),
    change=("UpdateDatabase",),
    delete=("DeleteDatabase",),
    ids=("requestParameters.databaseInput.name", "requestParameters.name"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"parameters"}),
            natural_keys=(("name",),),
            declared_id=_declared_id,
            declared_defaults={"description": "", "parameters": {}, "target_database": None},
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            shape={"target_database": "single"},
            computed=frozenset({"arn", "catalog_id", "location_uri"}),
            id_doc="database name",
            holds_data=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(sorted(SETTINGS)), _update),),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Glue::Database",
            _cfn,
            emits=EMITS,
            ref=("name",),
            properties={
                TYPE: {
                    "description": ("scalar", ("DatabaseInput", "Description")),
                    "parameters": ("map", ("DatabaseInput", "Parameters")),
                }
            },
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "CatalogDatabase",
            TYPE,
            external_name=xp_no_id("name"),
            tagged=True,
            fields={
                "description": ("scalar", ("description",)),
                "parameters": ("map", ("parameters",)),
            },
        ),
    ),
)
