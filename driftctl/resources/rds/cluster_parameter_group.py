"""aws_rds_cluster_parameter_group: an Aurora (or Multi-AZ DB cluster) parameter group's
family, description, the parameters its owner set, and tags: compared as an instance's
parameter group is (db_parameter_group.py, whose code it shares).

Live: DescribeDBClusterParameterGroups pages (100 a page), then per group
DescribeDBClusterParameters with Source=user (every page, 100 a page) and
ListTagsForResource. The `default.*` groups are AWS's own, never unmanaged. Terraform's
default description is "Managed by Terraform". The name, family and description cannot
change in place: a revert says "replace needed". A changed or added parameter is put back
by ModifyDBClusterParameterGroup, one set by hand is reset by
ResetDBClusterParameterGroup (moto has none: tested as a planned call). The real-Terraform
stack's group sets no parameter (as the instance group's) and is changed by a tag;
parameters are tested on boto3-seeded moto.
"""

from __future__ import annotations

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
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.rds.db_parameter_group import (
    DESCRIPTION,
    aws_default,
    fresh,
    normalize,
    parameter_calls,
    parameter_list,
    parameter_map,
    parameters_of,
)

TYPE = "aws_rds_cluster_parameter_group"
COMPARED = frozenset({"name", "family", "description", "parameter", "tags"})
PREFIX = frozenset({"name_prefix"})
GONE = frozenset({"DBParameterGroupNotFound"})
KEY = "DBClusterParameterGroupName"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("TagList")
    attrs = {
        "name": item[KEY],
        "family": item.get("DBParameterGroupFamily"),
        "description": item.get("Description") or "",
        "parameter": parameters_of(details.get("parameters")),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": item.get("DBClusterParameterGroupArn"),
    }
    return [Resource(TYPE, item[KEY], None, attrs, region=region)]


SCAN = ScanSpec(
    name="rds_cluster_parameter_groups",
    service="rds",
    listing=ListCall(
        "describe_db_cluster_parameter_groups", "DBClusterParameterGroups", page_size=100
    ),
    details=(
        DetailCall(
            "parameters",
            "describe_db_cluster_parameters",
            lambda item: {KEY: item[KEY], "Source": "user"},
            GONE,
            paged=True,
            page_size=100,
        ),
        resource_name_tags("DBClusterParameterGroupArn", frozenset()),
    ),
    build=build,
)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("DBClusterParameterGroupName"),
        "family": p.get("Family"),
        "description": p.get("Description"),
        "parameter": parameter_list(p.get("Parameters")),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "DBClusterParameterGroupName": a.get("name"),
        "Family": a.get("family"),
        "Description": a.get("description"),
        "Parameters": parameter_map(a),
        "Tags": cfn_tags(a),
    }


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's DBClusterParameterGroup: `parameterOverrides` is a map of name to value."""
    s = c.spec
    attrs = {
        "name": c.name(),
        "family": s.get("family"),
        "description": s.get("description"),
        "parameter": parameter_list(s.get("parameterOverrides")),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


# --- revert ---------------------------------------------------------------------------------


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        KEY: desired["name"],
        "DBParameterGroupFamily": desired["family"],
        "Description": desired.get("description") or DESCRIPTION,
    }
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.call("rds", "create_db_cluster_parameter_group", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("rds", "delete_db_cluster_parameter_group", **{KEY: ctx.id})]


EMITS = (TYPE,)

EVENTS = Events(
    source="rds.amazonaws.com",
    service="rds",
    create=("CreateDBClusterParameterGroup",),
    change=(
        "ModifyDBClusterParameterGroup",
        "ResetDBClusterParameterGroup",
        "AddTagsToResource",
        "RemoveTagsFromResource",
    ),
    delete=("DeleteDBClusterParameterGroup",),
    ids=(
        "requestParameters.dBClusterParameterGroupName",
        "requestParameters.resourceName",
    ),
    touches={
        "ModifyDBClusterParameterGroup": frozenset({"parameter"}),
        "ResetDBClusterParameterGroup": frozenset({"parameter"}),
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
                        "modify_db_cluster_parameter_group",
                        "reset_db_cluster_parameter_group",
                        KEY,
                    ),
                ),
                Updater(("tags",), resource_name_tagger("rds", "cluster-pg")),
            ),
            fixed={"name": REPLACE, "family": REPLACE, "description": REPLACE},
            create=Create(_create, fresh, _new_id, ("name", "family")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: read_first(SCAN, "rds", "describe_db_cluster_parameter_groups", KEY, GONE)},
    cfn=(
        CfnType(
            "AWS::RDS::DBClusterParameterGroup",
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
            "ClusterParameterGroup",
            TYPE,
            external_name=xp_same_name("name"),
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
            "DBClusterParameterGroup",
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
