"""aws_apigatewayv2_route: a route of an HTTP or WebSocket API: its route key, target,
authorization (type, authorizer, scopes, API key), operation name, model and route
response selection expressions and request models.

Live: per API (GetApis pages, the listing aws_apigatewayv2_api's scan makes too, made
once), GetRoutes pages; nothing per route. A route API Gateway manages (quick create's
`$default` route, `ApiGatewayManaged`) is AWS's own, never unmanaged; routes are reported
only under a declared API. Terraform's id is the route id; a declaration is matched by its
API and route key. Unset, the authorization is `NONE` with no API key, and the target,
authorizer, scopes, operation name, selection expressions and request models are none
(what Terraform holds). WebSocket request parameters are not compared. UpdateRoute puts
back everything but the API: "replace needed".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, keep, new_id, pending, sorted_known, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec, detail_items
from driftctl.core.model import Resource
from driftctl.resources.apigatewayv2 import api

if TYPE_CHECKING:
    from driftctl.base.calls import Unit
    from driftctl.base.reader import Reader

TYPE = "aws_apigatewayv2_route"
SERVICE = api.SERVICE
# canonical (Terraform) name -> the route's field
FIELDS = {
    "route_key": "RouteKey",
    "target": "Target",
    "authorization_type": "AuthorizationType",
    "authorizer_id": "AuthorizerId",
    "authorization_scopes": "AuthorizationScopes",
    "api_key_required": "ApiKeyRequired",
    "operation_name": "OperationName",
    "model_selection_expression": "ModelSelectionExpression",
    "route_response_selection_expression": "RouteResponseSelectionExpression",
    "request_models": "RequestModels",
}
TEXT = (
    "target",
    "authorizer_id",
    "operation_name",
    "model_selection_expression",
    "route_response_selection_expression",
)
COMPARED = frozenset({"api_id", *FIELDS})
DEFAULTS: dict[str, Any] = {
    **{name: "" for name in TEXT},
    "authorization_type": "NONE",
    "authorization_scopes": [],
    "api_key_required": False,
    "request_models": {},
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    out = []
    for route in detail_items(details.get("routes"), "Items"):
        attrs: dict[str, Any] = {name: route.get(key) for name, key in FIELDS.items()}
        attrs.update(
            {
                "api_id": item["ApiId"],
                "api_gateway_managed": bool(route.get("ApiGatewayManaged")),
            }
        )
        out.append(Resource(TYPE, route["RouteId"], None, _normalize(attrs), region=region))
    return out


SCAN = ScanSpec(
    name="apigatewayv2_routes",
    service=SERVICE,
    listing=api.SCAN.listing,
    details=(
        DetailCall(
            "routes", "get_routes", lambda item: {"ApiId": item["ApiId"]}, api.GONE, paged=True
        ),
    ),
    item_id=lambda item: str(item["ApiId"]),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """None as Terraform's empty values; the scopes a set; the API key flag a boolean."""
    out = dict(attrs)
    for name in TEXT:
        if name in out and out[name] is None:
            out[name] = ""
    if "authorization_scopes" in out:
        out["authorization_scopes"] = sorted_known(out["authorization_scopes"] or [])
    if "request_models" in out and out["request_models"] is None:
        out["request_models"] = {}
    if out.get("api_key_required") is not None:
        out["api_key_required"] = as_bool(out["api_key_required"])
    return out


def _is_aws_default(r: Resource) -> bool:
    """A route API Gateway made and manages (quick create's `$default`)."""
    return bool(r.attrs.get("api_gateway_managed"))


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {name: p.get(key) for name, key in FIELDS.items()}
    d.emit(TYPE, {**attrs, "api_id": p.get("ApiId")})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {key: a.get(name) for name, key in FIELDS.items() if a.get(name) not in ("", [], {})}
    return {"ApiId": a.get("api_id"), **props}


_ACK = {
    "route_key": "routeKey",
    "target": "target",
    "authorization_type": "authorizationType",
    "authorization_scopes": "authorizationScopes",
    "api_key_required": "apiKeyRequired",
    "operation_name": "operationName",
    "model_selection_expression": "modelSelectionExpression",
    "route_response_selection_expression": "routeResponseSelectionExpression",
    "request_models": "requestModels",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {name: s.get(key) for name, key in _ACK.items()}
    attrs["api_id"] = c.ref(s.get("apiID"), s.get("apiRef"), "API")
    attrs["authorizer_id"] = c.ref(s.get("authorizerID"), s.get("authorizerRef"), "Authorizer")
    return [c.raw(TYPE, attrs, c.adoption.get("routeID"))]


# --- revert ---------------------------------------------------------------------------------

UPDATED = tuple(sorted(FIELDS))


def _params(desired: Attrs, names: tuple[str, ...]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for name in names:
        if name in desired and desired[name] is not None:
            params[FIELDS[name]] = desired[name]
    if "ApiKeyRequired" in params:
        params["ApiKeyRequired"] = as_bool(params["ApiKeyRequired"])
    return params


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = tuple(n for n in UPDATED if before.get(n) != after.get(n))
    params = _params(after, changed)
    if "AuthorizerId" in params and params["AuthorizerId"] == "":
        del params["AuthorizerId"]  # AuthorizationType NONE drops the authorizer
    return [
        ctx.call(SERVICE, "update_route", ApiId=after["api_id"], RouteId=ctx.id, **params),
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {k: v for k, v in _params(desired, UPDATED).items() if v not in ("", [], {}, None)}
    output = {pending(ctx).name: "RouteId"}
    return [ctx.producing(output, SERVICE, "create_route", ApiId=desired["api_id"], **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_route", ApiId=live["api_id"], RouteId=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    if live.get("api_gateway_managed"):
        return "API Gateway manages this route (quick create): it goes with its API"
    return None


def _api_of(rid: str, attrs: Attrs) -> str:
    return str(attrs["api_id"])


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One API's routes, read by the API's id."""
    item = {"ApiId": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=api.GONE), unit.region)


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateRoute",),
    change=("UpdateRoute",),
    delete=("DeleteRoute",),
    ids=("responseElements.routeId", "requestParameters.routeId"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"request_models"}),
            sets=frozenset({"authorization_scopes"}),
            natural_keys=(("api_id", "route_key"),),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            parent=(api.TYPE, "api_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="route id (its API's routes are read together)",
            after=(api.TYPE,),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(UPDATED, _update),),
            fixed={"api_id": REPLACE},
            create=Create(_create, dict, new_id, ("api_id", "route_key")),
            delete=Delete(_delete, refuse=_refuse),
            unit_id=_api_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ApiGatewayV2::Route",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"RouteId": ("id",)},
            properties={
                TYPE: {
                    "target": ("scalar", ("Target",)),
                    "authorization_type": ("scalar", ("AuthorizationType",)),
                    "operation_name": ("scalar", ("OperationName",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "Route",
            TYPE,
            external_name=xp_prefixed(),
            refs={"apiId": ("API", ("id",)), "authorizerId": ("Authorizer", ("id",))},
            fields={
                "target": ("scalar", ("target",)),
                "authorization_type": ("scalar", ("authorizationType",)),
                "operation_name": ("scalar", ("operationName",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            SERVICE,
            "Route",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "target": ("scalar", ("target",)),
                    "authorization_type": ("scalar", ("authorizationType",)),
                    "operation_name": ("scalar", ("operationName",)),
                }
            },
        ),
    ),
)
