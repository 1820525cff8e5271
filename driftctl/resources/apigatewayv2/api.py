"""aws_apigatewayv2_api: an HTTP or WebSocket API of API Gateway (version 2): its name,
protocol, description, selection expressions, whether the default `execute-api` endpoint
is off, its CORS configuration, version and tags.

Live: GetApis pages, nothing per API (the listed API carries its tags and CORS
configuration). An API that API Gateway manages itself (`ApiGatewayManaged`: made and
deleted by another service's tooling) is AWS's own, never unmanaged. Terraform's defaults
for the selection expressions (`$request.header.x-api-key`, `$request.method
$request.path`) and `disable_execute_api_endpoint = false` are declared when unset; the
CORS lists are sets. An OpenAPI `body` and quick create's `target`, `route_key` and
`credentials_arn` are not compared (AWS gives them back as the routes, integrations and
stage they made). UpdateApi puts back the compared settings (DeleteCorsConfiguration
removes a CORS configuration the declaration has none of), TagResource and UntagResource
the tags; the protocol is fixed at creation: "replace needed".
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import (
    REPLACE,
    ack_map_tags,
    as_bool,
    as_int,
    keep,
    map_cfn_identity,
    map_tags,
    new_id,
    pending,
    reader,
    sorted_known,
    tagger,
    xp_prefixed,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import CFN_KEY, Details, Item, ListCall, ResourceType, ScanSpec, first_block
from driftctl.core.model import Resource

TYPE = "aws_apigatewayv2_api"
SERVICE = "apigatewayv2"
GONE = frozenset({"NotFoundException"})
# canonical (Terraform) name -> the API's field
FIELDS = {
    "name": "Name",
    "description": "Description",
    "api_key_selection_expression": "ApiKeySelectionExpression",
    "route_selection_expression": "RouteSelectionExpression",
    "disable_execute_api_endpoint": "DisableExecuteApiEndpoint",
    "version": "Version",
}
# the CORS block's attributes -> the API's CorsConfiguration fields
CORS = {
    "allow_credentials": "AllowCredentials",
    "allow_headers": "AllowHeaders",
    "allow_methods": "AllowMethods",
    "allow_origins": "AllowOrigins",
    "expose_headers": "ExposeHeaders",
    "max_age": "MaxAge",
}
CORS_SETS = ("allow_headers", "allow_methods", "allow_origins", "expose_headers")
SETTINGS = frozenset({*FIELDS, "cors_configuration"}) - {"name"}
COMPARED = frozenset({*FIELDS, "protocol_type", "cors_configuration", "tags"})
DEFAULTS = {
    "description": "",
    "version": "",
    "api_key_selection_expression": "$request.header.x-api-key",
    "route_selection_expression": "$request.method $request.path",
    "disable_execute_api_endpoint": False,
    "cors_configuration": None,
    "tags": {},
}


def arn(region: str, api_id: Any) -> str:
    return f"arn:aws:apigateway:{region}::/apis/{api_id}"


def _cors(found: Any) -> dict[str, Any] | None:
    if not isinstance(found, dict) or not found:
        return None
    return {name: found.get(key) for name, key in CORS.items()}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = item.get("Tags")
    attrs: dict[str, Any] = {name: item.get(key) for name, key in FIELDS.items()}
    attrs.update(
        {
            "description": item.get("Description") or "",
            "version": item.get("Version") or "",
            "disable_execute_api_endpoint": bool(item.get("DisableExecuteApiEndpoint")),
            "protocol_type": item.get("ProtocolType"),
            "cors_configuration": _cors(item.get("CorsConfiguration")),
            "api_gateway_managed": bool(item.get("ApiGatewayManaged")),
            "tags": map_tags(tags),
            **map_cfn_identity(tags),
            "api_endpoint": item.get("ApiEndpoint"),
            "arn": arn(region, item["ApiId"]),
        }
    )
    return [Resource(TYPE, item["ApiId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="apigatewayv2_apis",
    service=SERVICE,
    listing=ListCall("get_apis", "Items"),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The CORS block as one dict (its lists sorted: they are sets, an empty one none, a
    max age a number); text left empty as none."""
    out = dict(attrs)
    for name in ("description", "version"):
        if name in out and out[name] is None:
            out[name] = ""
    if out.get("cors_configuration") is not None:
        block = first_block(out["cors_configuration"])
        cors: dict[str, Any] = {
            "allow_credentials": as_bool(block.get("allow_credentials")),
            "max_age": as_int(block.get("max_age"), 0),
        }
        for name in CORS_SETS:
            cors[name] = sorted_known(list(block.get(name) or []))
        out["cors_configuration"] = cors
    return out


def _is_aws_default(r: Resource) -> bool:
    """An API API Gateway manages for another service: only that service deletes it."""
    return bool(r.attrs.get("api_gateway_managed"))


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::ApiGatewayV2::Api; its Tags are a map."""
    p = d.props
    attrs: dict[str, Any] = {name: p.get(key) for name, key in FIELDS.items()}
    cors = p.get("CorsConfiguration")
    tags = p.get("Tags")
    attrs.update(
        {
            "protocol_type": p.get("ProtocolType"),
            "cors_configuration": _cors(cors) if isinstance(cors, dict) else None,
            "tags": dict(tags) if isinstance(tags, dict) else {},
        }
    )
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {key: a.get(name) or None for name, key in FIELDS.items()}
    props["ProtocolType"] = a.get("protocol_type")
    cors = a.get("cors_configuration")
    if cors:
        props["CorsConfiguration"] = {k: cors.get(n) for n, k in CORS.items() if cors.get(n)}
    return {**props, "Tags": dict(a.get("tags") or {}) or None}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    cors = s.get("corsConfiguration")
    attrs = {
        "name": c.name(),
        "protocol_type": s.get("protocolType"),
        "description": s.get("description"),
        "api_key_selection_expression": s.get("apiKeySelectionExpression"),
        "route_selection_expression": s.get("routeSelectionExpression"),
        "disable_execute_api_endpoint": s.get("disableExecuteAPIEndpoint"),
        "version": s.get("version"),
        "cors_configuration": (
            {name: cors.get(key[0].lower() + key[1:]) for name, key in CORS.items()}
            if isinstance(cors, dict)
            else None
        ),
        "tags": ack_map_tags(c, s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("apiID"))]


# --- revert ---------------------------------------------------------------------------------


def _cors_param(cors: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, key in CORS.items():
        value = cors.get(name)
        if name in CORS_SETS:
            if value:
                out[key] = list(value)
        elif name == "allow_credentials":
            out[key] = as_bool(value)
        elif value is not None:
            out[key] = as_int(value)
    return out


def _settings(desired: Attrs) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for name, key in FIELDS.items():
        if name in desired and desired[name] is not None:
            params[key] = desired[name]
    if "DisableExecuteApiEndpoint" in params:
        params["DisableExecuteApiEndpoint"] = as_bool(params["DisableExecuteApiEndpoint"])
    if desired.get("cors_configuration"):
        params["CorsConfiguration"] = _cors_param(desired["cors_configuration"])
    return params


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    calls = []
    params = _settings(after)
    if before.get("cors_configuration") and not after.get("cors_configuration"):
        calls.append(ctx.call(SERVICE, "delete_cors_configuration", ApiId=ctx.id))
    return [ctx.call(SERVICE, "update_api", ApiId=ctx.id, **params), *calls]


_TAGS = tagger(
    SERVICE,
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {"ResourceArn": arn(ctx.region, ctx.id)},
    shape=dict,
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"ProtocolType": desired["protocol_type"], **_settings(desired)}
    if desired.get("tags"):
        params["Tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.producing({pending(ctx).name: "ApiId"}, SERVICE, "create_api", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_api", ApiId=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    if live.get("api_gateway_managed"):
        return "API Gateway manages this API for another service: only that service deletes it"
    return None


_read = reader(
    SCAN,
    SERVICE,
    "get_api",
    lambda rid: {"ApiId": rid},
    lambda answer: {k: v for k, v in (answer or {}).items() if k != "ResponseMetadata"} or None,
    GONE,
)

EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateApi", "ImportApi"),
    change=("UpdateApi", "ReimportApi", "DeleteCorsConfiguration", "TagResource", "UntagResource"),
    delete=("DeleteApi",),
    ids=("responseElements.apiId", "requestParameters.apiId"),
    touches={
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
        "DeleteCorsConfiguration": frozenset({"cors_configuration"}),
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
            natural_keys=(CFN_KEY, ("name", "protocol_type")),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            shape={"cors_configuration": "single"},
            computed=frozenset({"arn", "api_endpoint"}),
            id_doc="API id (10 letters and digits)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(tuple(sorted(SETTINGS | {"name"})), _update),
                Updater(("tags",), _TAGS),
            ),
            fixed={"protocol_type": REPLACE},
            create=Create(_create, dict, new_id, ("name", "protocol_type")),
            delete=Delete(_delete, refuse=_refuse),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ApiGatewayV2::Api",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"ApiId": ("id",), "ApiEndpoint": ("api_endpoint",)},
            properties={
                TYPE: {
                    "description": ("scalar", ("Description",)),
                    "version": ("scalar", ("Version",)),
                    "disable_execute_api_endpoint": ("scalar", ("DisableExecuteApiEndpoint",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "API",
            TYPE,
            external_name=xp_prefixed(),
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
                "version": ("scalar", ("version",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            SERVICE,
            "API",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("map", ("tags",)),
                    "description": ("scalar", ("description",)),
                    "version": ("scalar", ("version",)),
                }
            },
        ),
    ),
)
