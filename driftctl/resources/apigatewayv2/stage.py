"""aws_apigatewayv2_stage: a stage of an HTTP or WebSocket API: whether it deploys every
change on its own, its description, client certificate, stage variables, access logging
and tags.

Live: per API (GetApis pages, the listing aws_apigatewayv2_api's scan makes too, made
once), GetStages pages; nothing per stage. The `$default` stage quick create makes (with
auto-deploy) is API Gateway's (`ApiGatewayManaged`): AWS's own, never unmanaged, and
compared like any other where a configuration declares it. Stages are reported only under
a declared API. Terraform's id is the stage name, which only its API makes unique: the id
here is `API id/stage name`, and a declaration is matched by its API and name. Unset,
auto-deploy is off, the description, client certificate and variables empty, and there
is no access logging (Terraform's defaults). The default and per-route settings and the
deployment (auto-deploy moves it) are not compared. UpdateStage puts back the settings,
TagResource and UntagResource the tags; the API and the name are fixed: "replace needed".

moto (5.x) has no UpdateStage, and a stage's tags are those it was created with: the
type's tests seed a changed stage with boto3 and check the plan's calls; the tf group
deletes a stage by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import (
    REPLACE,
    ack_map_tags,
    as_bool,
    keep,
    map_tags,
    tagger,
    xp_no_id,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    DetailCall,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    detail_items,
    first_block,
)
from driftctl.core.model import Resource
from driftctl.resources.apigatewayv2 import api

if TYPE_CHECKING:
    from driftctl.base.calls import Unit
    from driftctl.base.reader import Reader

TYPE = "aws_apigatewayv2_stage"
SERVICE = api.SERVICE
SETTINGS = ("auto_deploy", "description", "client_certificate_id", "stage_variables")
FIELDS = {
    "auto_deploy": "AutoDeploy",
    "description": "Description",
    "client_certificate_id": "ClientCertificateId",
    "stage_variables": "StageVariables",
}
LOGS = {"destination_arn": "DestinationArn", "format": "Format"}
COMPARED = frozenset({"api_id", "name", *SETTINGS, "access_log_settings", "tags"})
DEFAULTS: dict[str, Any] = {
    "auto_deploy": False,
    "description": "",
    "client_certificate_id": "",
    "stage_variables": {},
    "access_log_settings": None,
    "tags": {},
}


def stage_id(api_id: Any, name: Any) -> str:
    return f"{api_id}/{name}"


def arn(region: str, api_id: Any, name: Any) -> str:
    return f"{api.arn(region, api_id)}/stages/{name}"


def _logs(found: Any) -> dict[str, Any] | None:
    if not isinstance(found, dict) or not found:
        return None
    return {name: found.get(key) for name, key in LOGS.items()}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    out = []
    for found in detail_items(details.get("stages"), "Items"):
        name = found["StageName"]
        attrs: dict[str, Any] = {n: found.get(key) for n, key in FIELDS.items()}
        attrs.update(
            {
                "api_id": item["ApiId"],
                "name": name,
                "auto_deploy": bool(found.get("AutoDeploy")),
                "access_log_settings": _logs(found.get("AccessLogSettings")),
                "tags": map_tags(found.get("Tags")),
                "deployment_id": found.get("DeploymentId"),
                "api_gateway_managed": bool(found.get("ApiGatewayManaged")),
                "arn": arn(region, item["ApiId"], name),
            }
        )
        rid = stage_id(item["ApiId"], name)
        out.append(Resource(TYPE, rid, None, _normalize(attrs), region=region))
    return out


SCAN = ScanSpec(
    name="apigatewayv2_stages",
    service=SERVICE,
    listing=api.SCAN.listing,
    details=(
        DetailCall(
            "stages", "get_stages", lambda item: {"ApiId": item["ApiId"]}, api.GONE, paged=True
        ),
    ),
    item_id=lambda item: str(item["ApiId"]),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """None as Terraform's empty values; the variables a map; access logging as one block
    (none when empty)."""
    out = dict(attrs)
    for name in ("description", "client_certificate_id"):
        if name in out and out[name] is None:
            out[name] = ""
    if "stage_variables" in out:
        # None is none; a manifest's object may come as a block (a list of one map)
        variables = out["stage_variables"]
        if variables is None or isinstance(variables, list):
            out["stage_variables"] = first_block(variables)
    if out.get("auto_deploy") is not None:
        out["auto_deploy"] = as_bool(out["auto_deploy"])
    if out.get("access_log_settings") is not None:
        block = first_block(out["access_log_settings"])
        out["access_log_settings"] = {n: block.get(n) or "" for n in LOGS} if block else None
    return out


def _is_aws_default(r: Resource) -> bool:
    """The `$default` stage quick create made: API Gateway manages it."""
    return bool(r.attrs.get("api_gateway_managed"))


def _declared_id(attrs: dict[str, Any]) -> str | None:
    api_id, name = attrs.get("api_id"), attrs.get("name")
    if isinstance(api_id, str) and isinstance(name, str):
        return stage_id(api_id, name)
    return None


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs: dict[str, Any] = {n: p.get(key) for n, key in FIELDS.items()}
    tags = p.get("Tags")
    attrs.update(
        {
            "api_id": p.get("ApiId"),
            "name": p.get("StageName"),
            "access_log_settings": _logs(p.get("AccessLogSettings")),
            "tags": dict(tags) if isinstance(tags, dict) else {},
        }
    )
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {key: a.get(n) for n, key in FIELDS.items() if a.get(n) not in (None, "", {})}
    logs = a.get("access_log_settings")
    if logs:
        props["AccessLogSettings"] = {key: logs.get(n) for n, key in LOGS.items()}
    return {
        "ApiId": a.get("api_id"),
        "StageName": a.get("name"),
        **props,
        "Tags": dict(a.get("tags") or {}) or None,
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    logs = s.get("accessLogSettings")
    attrs = {
        "api_id": c.ref(s.get("apiID"), s.get("apiRef"), "API"),
        "name": s.get("stageName") or c.m.name,
        "auto_deploy": s.get("autoDeploy"),
        "description": s.get("description"),
        "client_certificate_id": s.get("clientCertificateID"),
        "stage_variables": s.get("stageVariables"),
        "access_log_settings": (
            {"destination_arn": logs.get("destinationARN"), "format": logs.get("format")}
            if isinstance(logs, dict)
            else None
        ),
        "tags": ack_map_tags(c, s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _params(desired: Attrs, names: tuple[str, ...]) -> dict[str, Any]:
    params = {FIELDS[n]: desired[n] for n in names if desired.get(n) is not None}
    if "AutoDeploy" in params:
        params["AutoDeploy"] = as_bool(params["AutoDeploy"])
    return params


def _where(attrs: Attrs) -> dict[str, Any]:
    return {"ApiId": attrs["api_id"], "StageName": attrs["name"]}


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    names = tuple(n for n in SETTINGS if before.get(n) != after.get(n))
    params = _params(after, names)
    if before.get("access_log_settings") != after.get("access_log_settings"):
        logs = after.get("access_log_settings") or {}
        params["AccessLogSettings"] = {key: logs.get(n) or "" for n, key in LOGS.items()}
    return [ctx.call(SERVICE, "update_stage", **_where(after), **params)]


_TAGS = tagger(
    SERVICE,
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {"ResourceArn": arn(ctx.region, attrs["api_id"], attrs["name"])},
    shape=dict,
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {k: v for k, v in _params(desired, SETTINGS).items() if v not in ("", {})}
    logs = desired.get("access_log_settings")
    if logs:
        params["AccessLogSettings"] = {key: logs.get(n) for n, key in LOGS.items()}
    if desired.get("tags"):
        params["Tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.call(SERVICE, "create_stage", **_where(desired), **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return stage_id(desired["api_id"], desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_stage", **_where(live))]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    if live.get("api_gateway_managed"):
        return "API Gateway manages this stage (quick create's $default): it goes with its API"
    return None


def _api_of(rid: str, attrs: Attrs) -> str:
    return str(attrs["api_id"])


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One API's stages, read by the API's id."""
    item = {"ApiId": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=api.GONE), unit.region)


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateStage",),
    change=("UpdateStage", "TagResource", "UntagResource"),
    delete=("DeleteStage",),
    ids=("requestParameters.stageName",),
    touches={"TagResource": frozenset({"tags"}), "UntagResource": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"stage_variables", "tags"}),
            natural_keys=(("api_id", "name"),),
            declared_id=_declared_id,
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            parent=(api.TYPE, "api_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            shape={"access_log_settings": "single"},
            computed=frozenset({"arn", "deployment_id"}),
            id_doc="`API id/stage name` (Terraform's id is the name)",
            after=(api.TYPE,),
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater((*SETTINGS, "access_log_settings"), _update),
                Updater(("tags",), _TAGS),
            ),
            fixed={"api_id": REPLACE, "name": REPLACE},
            create=Create(_create, dict, _new_id, ("api_id", "name")),
            delete=Delete(_delete, refuse=_refuse),
            unit_id=_api_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ApiGatewayV2::Stage",
            _cfn,
            emits=EMITS,
            ref=("name",),
            properties={
                TYPE: {
                    "description": ("scalar", ("Description",)),
                    "auto_deploy": ("scalar", ("AutoDeploy",)),
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
            external_name=xp_no_id("name"),
            refs={"apiId": ("API", ("id",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
                "auto_deploy": ("scalar", ("autoDeploy",)),
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
                    "auto_deploy": ("scalar", ("autoDeploy",)),
                }
            },
        ),
    ),
)
