"""aws_lambda_alias: a named pointer to a version of a Lambda function: the version, the
description and the weights of a traffic split to other versions (`routing_config`).

Live: ListAliases pages per function, over the ListFunctions pages the function scan
makes (one list call for all Lambda types). AWS makes no aliases of its own. A routing
config without weights is none. Version, description and weights are put back with
UpdateAlias; an alias cannot be renamed nor moved to another function: "replace needed".
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, xp_no_id
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec, detail_items
from driftctl.core.model import Ref, Resource, is_known
from driftctl.resources.awslambda import function
from driftctl.resources.awslambda.permission import _function_name as function_name_of

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_lambda_alias"
PARENT = ("aws_lambda_function", "function_name")
COMPARED = frozenset({"name", "function_name", "function_version", "description", "routing_config"})
_UPDATED = ("function_version", "description", "routing_config")


def _routing(weights: Any) -> list[dict[str, Any]]:
    """Terraform's routing_config block from a map of version -> weight (none: no block)."""
    if not isinstance(weights, dict) or not weights:
        return []
    return [{"additional_version_weights": dict(weights)}]


def build(item: Item, details: Details, region: str) -> list[Resource]:
    fn = item["FunctionName"]
    out = []
    for alias in detail_items(details.get("aliases"), "Aliases"):
        attrs = {
            "name": alias["Name"],
            "function_name": fn,
            "function_version": alias.get("FunctionVersion"),
            "description": alias.get("Description") or "",
            "routing_config": _routing(
                (alias.get("RoutingConfig") or {}).get("AdditionalVersionWeights")
            ),
            "arn": alias.get("AliasArn"),
        }
        out.append(Resource(TYPE, f"{fn}/{alias['Name']}", None, attrs, region=region))
    return out


SCAN = ScanSpec(
    name="lambda_aliases",
    service="lambda",
    listing=function.SCAN.listing,  # the function scan's pages: listed once
    details=(
        DetailCall(
            "aliases",
            "list_aliases",
            lambda i: {"FunctionName": i["FunctionName"]},
            function.GONE,
            paged=True,
            page_size=10000,
        ),
    ),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One function's aliases, read by the function's name."""
    item = {"FunctionName": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=function.GONE), unit.region)


def _weights(value: Any) -> Any:
    """The weights as floats (Terraform holds numbers, AWS doubles)."""
    if not isinstance(value, dict):
        return value
    return {
        str(k): float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
        for k, v in value.items()
    }


def _routing_of(value: Any) -> Any:
    """A routing_config (a block, or a list of one) as [] or [{weights as floats}]; an
    unknown value stays as it is."""
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
        return value
    weights = value[0].get("additional_version_weights") if value else None
    if isinstance(weights, list) and len(weights) == 1:
        weights = weights[0]  # a map Crossplane's manifest holds as a list of one
    if weights is None or weights == {}:
        return []
    return [{"additional_version_weights": _weights(weights)}]


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "function_name" in out:
        out["function_name"] = function_name_of(out["function_name"])
    if "description" in out and out["description"] is None:
        out["description"] = ""
    if "routing_config" in out:
        out["routing_config"] = _routing_of(out["routing_config"])
    return out


def _declared_id(attrs: dict[str, Any]) -> str | None:
    fn, name = function_name_of(attrs.get("function_name")), attrs.get("name")
    if isinstance(fn, str) and is_known(fn) and isinstance(name, str):
        return f"{fn}/{name}"
    return None


def _from_tf(raw: RawResource) -> list[Resource]:
    resources = keep(TYPE, COMPARED)(raw)
    for r in resources:
        fn = r.attrs.get("function_name")
        if isinstance(fn, Ref) and fn.path == ("arn",) and not (fn.prefix or fn.suffix):
            # the function named by its ARN: its id, the name, is what the alias names
            r.attrs["function_name"] = dataclasses.replace(fn, path=("id",))
    return resources


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn_weights(routing: Any) -> dict[Any, Any]:
    """CloudFormation's `AdditionalVersionWeights` list as a map of version -> weight."""
    found = routing.get("AdditionalVersionWeights") if isinstance(routing, dict) else None
    return {
        w.get("FunctionVersion"): w.get("FunctionWeight")
        for w in found or ()
        if isinstance(w, dict)
    }


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("Name"),
        "function_name": p.get("FunctionName"),
        "function_version": p.get("FunctionVersion"),
        "description": p.get("Description"),
        "routing_config": _routing(_cfn_weights(p.get("RoutingConfig"))),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    routing = a.get("routing_config") or []
    weights = routing[0].get("additional_version_weights") if routing else None
    return {
        "Name": a.get("name"),
        "FunctionName": a.get("function_name"),
        "FunctionVersion": a.get("function_version"),
        "Description": a.get("description") or None,
        "RoutingConfig": {
            "AdditionalVersionWeights": [
                {"FunctionVersion": v, "FunctionWeight": w} for v, w in sorted(weights.items())
            ]
        }
        if weights
        else None,
    }


# The external name is the alias's name, not its id (`function/name`).
_xp_external_name = xp_no_id("name")


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's lambda Alias: the alias, its version, description and routing weights."""
    s = c.spec
    routing = s.get("routingConfig")
    weights = routing.get("additionalVersionWeights") if isinstance(routing, dict) else None
    attrs = {
        "name": c.name(),
        "function_name": s.get("functionName"),
        "function_version": s.get("functionVersion"),
        "description": s.get("description"),
        "routing_config": _routing(weights),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _settings(attrs: Attrs) -> dict[str, Any]:
    routing = attrs.get("routing_config") or []
    weights = routing[0].get("additional_version_weights") if routing else None
    return {
        "FunctionVersion": attrs.get("function_version"),
        "Description": attrs.get("description") or "",
        "RoutingConfig": {"AdditionalVersionWeights": dict(weights or {})},
    }


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    merged = {**before, **after}
    return [
        ctx.call(
            "lambda", "update_alias", FunctionName=merged["function_name"], Name=merged["name"],
            **_settings(merged),
        )
    ]  # fmt: skip


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = _settings(desired)
    if not params["RoutingConfig"]["AdditionalVersionWeights"]:
        del params["RoutingConfig"]
    return [
        ctx.call(
            "lambda", "create_alias", FunctionName=desired["function_name"],
            Name=desired["name"], **params,
        )
    ]  # fmt: skip


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call("lambda", "delete_alias", FunctionName=live["function_name"], Name=live["name"])
    ]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return f"{desired['function_name']}/{desired['name']}"


def _function_of(rid: str, attrs: Attrs) -> str:
    return str(attrs.get("function_name") or rid.split("/")[0])


EVENTS = Events(
    source="lambda.amazonaws.com",
    service="lambda",
    create=("CreateAlias20150331",),
    change=("UpdateAlias20150331",),
    delete=("DeleteAlias20150331",),
    ids=("{requestParameters.functionName}/{requestParameters.name}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"routing_config"}),
            natural_keys=(("function_name", "name"),),
            declared_id=_declared_id,
            declared_defaults={"description": "", "routing_config": []},
            normalize=_normalize,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            computed=frozenset({"arn"}),
            id_doc="`function/alias name`",
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(_UPDATED, _update),),
            fixed={"name": REPLACE, "function_name": REPLACE},
            create=Create(_create, dict, _new_id, ("function_name", "name", "function_version")),
            delete=Delete(_delete),
            unit_id=_function_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Lambda::Alias",
            _cfn,
            emits=(TYPE,),
            ref=("arn",),
            getatt={"AliasArn": ("arn",)},
            properties={
                TYPE: {
                    "description": ("scalar", ("Description",)),
                    "function_version": ("scalar", ("FunctionVersion",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "lambda",
            "Alias",
            TYPE,
            external_name=_xp_external_name,
            refs={"functionName": ("Function", ("function_name",))},
            fields={
                "description": ("scalar", ("description",)),
                "function_version": ("scalar", ("functionVersion",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "lambda",
            "Alias",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={
                TYPE: {
                    "description": ("scalar", ("description",)),
                    "function_version": ("scalar", ("functionVersion",)),
                }
            },
        ),
    ),
)
