"""aws_api_gateway_stage: a stage of a REST API: the deployment it serves, its
description, cache cluster (on, size), client certificate, documentation version, stage
variables, X-Ray tracing, access logging and tags.

Live: per API (GetRestApis pages, the listing aws_api_gateway_rest_api's scan makes too,
made once), one GetStages (it answers every stage of the API, tags included), made only
for an API some declaration names; nothing per stage. AWS creates no stage of its own.
Terraform's id is `ags-<API id>-<stage name>`, and a declaration is matched by its API
and name. Unset, the description, client certificate, documentation version and
variables are empty, the cache cluster, tracing and access logging off (Terraform's
defaults); the cache size is compared only while the cache is on (as Terraform reads
it), a log group's ARN without the `:*` AWS may append. The canary settings and the
per-method settings (aws_api_gateway_method_settings) are not compared. UpdateStage's
PATCH operations put back the settings (variables one by one), TagResource and
UntagResource the tags; the API and the name are fixed: "replace needed". A deleted
stage is created again with CreateStage (its access logging and client certificate by
UpdateStage after).

moto stores neither a stage's client certificate nor its documentation version: the
type's tests leave them out.
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
    ack_map_tags,
    as_bool,
    keep,
    map_cfn_identity,
    map_tags,
    xp_prefixed,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, same
from driftctl.base.spec import (
    DetailCall,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    first_block,
)
from driftctl.core.model import Resource, Unknown, is_known
from driftctl.resources.apigateway import rest_api
from driftctl.resources.apigateway.common import (
    DEPLOYMENT,
    GONE,
    REST_API,
    SERVICE,
    STAGE,
    api_arn,
    api_of,
    api_reader,
    arn_tagger,
    map_ops,
    replaced,
)

TYPE = STAGE
WHERE = ("rest_api_id", "stage_name")
# canonical attribute -> GetStages' (and CreateStage's) field
FIELDS = {
    "deployment_id": "deploymentId",
    "description": "description",
    "cache_cluster_enabled": "cacheClusterEnabled",
    "cache_cluster_size": "cacheClusterSize",
    "client_certificate_id": "clientCertificateId",
    "documentation_version": "documentationVersion",
    "variables": "variables",
    "xray_tracing_enabled": "tracingEnabled",
}
LOGS = {"destination_arn": "destinationArn", "format": "format"}
SETTINGS = (*FIELDS, "access_log_settings")
COMPARED = frozenset({*WHERE, *SETTINGS, "tags"})
# canonical attribute -> PATCH path of UpdateStage (the variables and logs apart)
_PATHS = {name: f"/{key}" for name, key in FIELDS.items() if name != "variables"}
DEFAULTS: dict[str, Any] = {
    "description": "",
    "cache_cluster_enabled": False,
    "cache_cluster_size": "",
    "client_certificate_id": "",
    "documentation_version": "",
    "variables": {},
    "xray_tracing_enabled": False,
    "access_log_settings": None,
    "tags": {},
}


def stage_id(api_id: Any, name: Any) -> str:
    """Terraform's id of a stage."""
    return f"ags-{api_id}-{name}"


def _path(api_id: Any, name: Any) -> str:
    return f"/restapis/{api_id}/stages/{name}"


def _logs(found: Any, keys: dict[str, str] = LOGS) -> dict[str, Any] | None:
    if not isinstance(found, dict) or not found:
        return None
    return {name: found.get(key) for name, key in keys.items()}


def stage_of(api_id: str, found: dict[str, Any], region: str) -> Resource:
    """One stage of GetStages' answer."""
    name = found["stageName"]
    enabled = bool(found.get("cacheClusterEnabled"))
    attrs: dict[str, Any] = {n: found.get(key) or "" for n, key in FIELDS.items()}
    attrs.update(
        {
            "rest_api_id": api_id,
            "stage_name": name,
            "cache_cluster_enabled": enabled,
            "cache_cluster_size": (found.get("cacheClusterSize") or "") if enabled else "",
            "variables": dict(found.get("variables") or {}),
            "xray_tracing_enabled": bool(found.get("tracingEnabled")),
            "access_log_settings": _logs(found.get("accessLogSettings")),
            "tags": map_tags(found.get("tags")),
            **map_cfn_identity(found.get("tags")),
            "arn": api_arn(region, _path(api_id, name)),
        }
    )
    return Resource(TYPE, stage_id(api_id, name), None, _normalize(attrs), region=region)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = details.get("stages") or {}
    return [stage_of(str(item["id"]), stage, region) for stage in found.get("item") or ()]


SCAN = ScanSpec(
    name="apigateway_stages",
    service=SERVICE,
    listing=rest_api.SCAN.listing,
    details=(DetailCall("stages", "get_stages", lambda item: {"restApiId": item["id"]}, GONE),),
    item_id=lambda item: str(item["id"]),
    build=build,
)


def _log_arn(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("arn:") and ":log-group:" in value:
        return value.removesuffix(":*")
    return value


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """None as Terraform's empty values; the booleans as booleans; the variables a map;
    access logging as one block (none when empty), a log group's ARN without `:*`."""
    out = dict(attrs)
    for name in ("description", "client_certificate_id", "documentation_version"):
        if name in out and out[name] is None:
            out[name] = ""
    if "cache_cluster_size" in out and out["cache_cluster_size"] is None:
        out["cache_cluster_size"] = ""
    elif isinstance(out.get("cache_cluster_size"), (int, float)):
        out["cache_cluster_size"] = str(out["cache_cluster_size"])
    for name in ("cache_cluster_enabled", "xray_tracing_enabled"):
        if out.get(name) is not None and is_known(out[name]):
            out[name] = as_bool(out[name])
    if "variables" in out:
        variables = out["variables"]
        if variables is None or isinstance(variables, list):
            out["variables"] = first_block(variables)
    if out.get("access_log_settings") is not None and is_known(out["access_log_settings"]):
        block = first_block(out["access_log_settings"])
        out["access_log_settings"] = (
            {"destination_arn": _log_arn(block.get("destination_arn")) or "",
             "format": block.get("format") or ""}
            if block
            else None
        )  # fmt: skip
    return out


def _declared_id(attrs: dict[str, Any]) -> str | None:
    api_id, name = attrs.get("rest_api_id"), attrs.get("stage_name")
    if isinstance(api_id, str) and is_known(api_id) and isinstance(name, str):
        return stage_id(api_id, name)
    return None


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs: dict[str, Any] = {
        "rest_api_id": p.get("RestApiId"),
        "stage_name": p.get("StageName"),
        "deployment_id": p.get("DeploymentId"),
        "description": p.get("Description"),
        "cache_cluster_enabled": p.get("CacheClusterEnabled"),
        "cache_cluster_size": p.get("CacheClusterSize"),
        "client_certificate_id": p.get("ClientCertificateId"),
        "documentation_version": p.get("DocumentationVersion"),
        "variables": p.get("Variables"),
        "xray_tracing_enabled": p.get("TracingEnabled"),
        "access_log_settings": _logs(
            p.get("AccessLogSetting"), {"destination_arn": "DestinationArn", "format": "Format"}
        ),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    logs = a.get("access_log_settings")
    return {
        "RestApiId": a.get("rest_api_id"),
        "StageName": a.get("stage_name"),
        "DeploymentId": a.get("deployment_id"),
        "Description": a.get("description") or None,
        "CacheClusterEnabled": a.get("cache_cluster_enabled") or None,
        "CacheClusterSize": a.get("cache_cluster_size") or None,
        "ClientCertificateId": a.get("client_certificate_id") or None,
        "DocumentationVersion": a.get("documentation_version") or None,
        "Variables": a.get("variables") or None,
        "TracingEnabled": a.get("xray_tracing_enabled") or None,
        "AccessLogSetting": (
            {"DestinationArn": logs.get("destination_arn"), "Format": logs.get("format")}
            if logs
            else None
        ),
        "Tags": cfn_tags(a),
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    beyond = "ACK's Stage does not declare it"
    attrs = {
        "rest_api_id": c.ref(s.get("restAPIID"), s.get("restAPIRef"), "RestAPI"),
        "stage_name": s.get("stageName") or c.name(),
        "deployment_id": c.ref(s.get("deploymentID"), s.get("deploymentRef"), "Deployment"),
        "description": s.get("description"),
        "cache_cluster_enabled": s.get("cacheClusterEnabled"),
        "cache_cluster_size": s.get("cacheClusterSize"),
        "documentation_version": s.get("documentationVersion"),
        "variables": s.get("variables"),
        "xray_tracing_enabled": s.get("tracingEnabled"),
        "tags": ack_map_tags(c, s.get("tags")),
        "client_certificate_id": Unknown(beyond),
        "access_log_settings": Unknown(beyond),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _where(attrs: Attrs) -> dict[str, Any]:
    return {"restApiId": attrs["rest_api_id"], "stageName": attrs["stage_name"]}


def _log_ops(before: Any, after: Any) -> list[dict[str, str]]:
    if same(before, after):
        return []
    if not after:
        return [{"op": "remove", "path": "/accessLogSettings"}]
    return [
        {"op": "replace", "path": f"/accessLogSettings/{key}", "value": str(after.get(n) or "")}
        for n, key in LOGS.items()
    ]


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """One UpdateStage with a PATCH operation per changed setting."""
    paths = dict(_PATHS)
    if not after.get("cache_cluster_enabled", before.get("cache_cluster_enabled")):
        paths.pop("cache_cluster_size")  # no size without a cache
    ops = replaced(before, after, paths)
    if "variables" in after:
        ops += map_ops("/variables", before.get("variables"), after["variables"], "replace")
    if "access_log_settings" in after:
        ops += _log_ops(before.get("access_log_settings"), after["access_log_settings"])
    if not ops:
        return []
    where = _where({**before, **after})
    return [ctx.call(SERVICE, "update_stage", **where, patchOperations=ops)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        key: desired[n] for n, key in FIELDS.items() if desired.get(n) not in (None, "", {}, False)
    }
    params.pop("clientCertificateId", None)  # not a CreateStage parameter: UpdateStage's
    if not desired.get("cache_cluster_enabled"):
        params.pop("cacheClusterSize", None)
    if desired.get("tags"):
        params["tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.call(SERVICE, "create_stage", **_where(desired), **params)]


def _fresh(desired: Attrs) -> Attrs:
    """Right after CreateStage: no access logging nor client certificate yet (UpdateStage
    sets them)."""
    return {**desired, "access_log_settings": None, "client_certificate_id": ""}


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return stage_id(desired["rest_api_id"], desired["stage_name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_stage", **_where(live))]


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateStage",),
    change=("UpdateStage",),
    delete=("DeleteStage",),
    ids=("ags-{requestParameters.restApiId}-{requestParameters.stageName}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"variables", "tags"}),
            natural_keys=(WHERE,),
            declared_id=_declared_id,
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            parent=(REST_API, "rest_api_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            shape={"access_log_settings": "single"},
            computed=frozenset({"arn"}),
            id_doc="`ags-<API id>-<stage name>`",
            after=(DEPLOYMENT,),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(SETTINGS, _update),
                Updater(
                    ("tags",), arn_tagger(lambda ctx, a: _path(a["rest_api_id"], a["stage_name"]))
                ),
            ),
            fixed={name: REPLACE for name in WHERE},
            create=Create(_create, _fresh, _new_id, (*WHERE, "deployment_id")),
            delete=Delete(_delete),
            unit_id=api_of,
        ),
    ),
    readers={SCAN.name: api_reader(SCAN)},
    cfn=(
        CfnType(
            "AWS::ApiGateway::Stage",
            _cfn,
            emits=EMITS,
            ref=("stage_name",),
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("Description",)),
                    "deployment_id": ("scalar", ("DeploymentId",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "Stage",
            TYPE,
            external_name=xp_prefixed("ags-"),
            refs={
                "restApiId": ("RestAPI", ("id",)),
                "deploymentId": ("Deployment", ("id",)),
            },
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
                "deployment_id": ("scalar", ("deploymentId",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            SERVICE,
            "Stage",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("map", ("tags",)),
                    "description": ("scalar", ("description",)),
                }
            },
        ),
    ),
)
