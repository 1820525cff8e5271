"""aws_api_gateway_method: an HTTP method of a REST API's resource: its authorization
(type, authorizer, scopes), whether it needs an API key, its operation name, request
models, request parameters and request validator.

Live: read with its API's resources (GetResources with `embed=methods`, in
aws_api_gateway_rest_api's scan): no call of its own. AWS creates no method of its own.
What Terraform leaves unset is compared as AWS's "none" (no authorizer, scopes, models,
parameters or validator; no API key required). Everything but its API, resource and verb
is put back with UpdateMethod's PATCH operations (maps and scopes item by item); another
API, resource or verb is another method (replace needed: a human decides); a deleted
method is created again with PutMethod (its integration by its own type).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, keep
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType, first_block
from driftctl.core.model import Resource, is_known
from driftctl.resources.apigateway.common import (
    AUTHORIZER,
    INTEGRATION,
    METHOD,
    REST_API,
    SERVICE,
    map_ops,
    method_id,
    replaced,
    value_set_ops,
)
from driftctl.resources.apigateway.integration import from_cfn

TYPE = METHOD
WHERE = ("rest_api_id", "resource_id", "http_method")
# canonical attribute -> PutMethod's (and GetResources') field
FIELDS = {
    "authorization": "authorizationType",
    "authorizer_id": "authorizerId",
    "authorization_scopes": "authorizationScopes",
    "api_key_required": "apiKeyRequired",
    "operation_name": "operationName",
    "request_models": "requestModels",
    "request_parameters": "requestParameters",
    "request_validator_id": "requestValidatorId",
}
COMPARED = frozenset({*WHERE, *FIELDS})
_PATHS = {
    "authorization": "/authorizationType",
    "authorizer_id": "/authorizerId",
    "api_key_required": "/apiKeyRequired",
    "operation_name": "/operationName",
    "request_validator_id": "/requestValidatorId",
}


def method_of(api_id: str, resource_id: str, found: dict[str, Any], region: str) -> Resource:
    """One method of a resource GetResources read with `embed=methods`."""
    verb = str(found.get("httpMethod"))
    attrs = {
        "rest_api_id": api_id,
        "resource_id": resource_id,
        "http_method": verb,
        "authorization": found.get("authorizationType") or "NONE",
        "authorizer_id": found.get("authorizerId") or "",
        "authorization_scopes": list(found.get("authorizationScopes") or ()),
        "api_key_required": bool(found.get("apiKeyRequired")),
        "operation_name": found.get("operationName") or "",
        "request_models": dict(found.get("requestModels") or {}),
        "request_parameters": {
            k: as_bool(v) for k, v in (found.get("requestParameters") or {}).items()
        },
        "request_validator_id": found.get("requestValidatorId") or "",
    }
    return Resource(TYPE, method_id("agm", api_id, resource_id, verb), None, attrs, region=region)


def _declared_id(a: dict[str, Any]) -> str | None:
    parts = [a.get(k) for k in WHERE]
    if all(isinstance(p, str) and is_known(p) for p in parts):
        return method_id("agm", *(str(p) for p in parts))
    return None


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Request parameters' values as booleans (CloudFormation writes them as text);
    unset ids as ""."""
    out = dict(attrs)
    for attr in ("request_models", "request_parameters"):
        if isinstance(out.get(attr), list):  # a map Crossplane's converter read as a block
            out[attr] = first_block(out[attr])
    params = out.get("request_parameters")
    if isinstance(params, dict):
        out["request_parameters"] = {
            k: as_bool(v) if isinstance(v, (bool, str)) and is_known(v) else v
            for k, v in params.items()
        }
    for attr in ("authorizer_id", "operation_name", "request_validator_id"):
        if attr in out and out[attr] is None:
            out[attr] = ""
    return out


def _cfn(d: Declaring) -> None:
    """AWS::ApiGateway::Method: the method, and its `Integration`."""
    p = d.props
    attrs = {
        "rest_api_id": p.get("RestApiId"),
        "resource_id": p.get("ResourceId"),
        "http_method": p.get("HttpMethod"),
        "authorization": p.get("AuthorizationType"),
        "authorizer_id": p.get("AuthorizerId"),
        "authorization_scopes": p.get("AuthorizationScopes"),
        "api_key_required": p.get("ApiKeyRequired"),
        "operation_name": p.get("OperationName"),
        "request_models": p.get("RequestModels"),
        "request_parameters": p.get("RequestParameters"),
        "request_validator_id": p.get("RequestValidatorId"),
    }
    d.emit(TYPE, attrs)
    found = p.get("Integration")
    if isinstance(found, dict):
        where = {k: attrs[k] for k in WHERE}
        d.emit(INTEGRATION, {**where, **from_cfn(found)}, owner=TYPE)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "rest_api_id": c.ref(s.get("restAPIID"), s.get("restAPIRef"), "RestAPI"),
        "resource_id": c.ref(s.get("resourceID"), s.get("resourceRef"), "Resource"),
        "http_method": s.get("httpMethod"),
        "authorization": s.get("authorizationType"),
        "authorizer_id": s.get("authorizerID"),
        "authorization_scopes": s.get("authorizationScopes"),
        "api_key_required": s.get("apiKeyRequired"),
        "operation_name": s.get("operationName"),
        "request_models": s.get("requestModels"),
        "request_parameters": s.get("requestParameters"),
        "request_validator_id": s.get("requestValidatorID"),
    }
    return [c.raw(TYPE, attrs)]


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    ops = replaced(before, after, _PATHS)
    if "authorization_scopes" in after:
        ops += value_set_ops(
            "/authorizationScopes",
            before.get("authorization_scopes"),
            after["authorization_scopes"],
        )
    for attr, path in (("request_models", "/requestModels"),
                       ("request_parameters", "/requestParameters")):  # fmt: skip
        if attr in after:
            ops += map_ops(path, before.get(attr), after[attr])
    if not ops:
        return []
    where = {"restApiId": after.get("rest_api_id") or before["rest_api_id"],
             "resourceId": after.get("resource_id") or before["resource_id"],
             "httpMethod": after.get("http_method") or before["http_method"]}  # fmt: skip
    return [ctx.call(SERVICE, "update_method", **where, patchOperations=ops)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "restApiId": desired["rest_api_id"],
        "resourceId": desired["resource_id"],
        "httpMethod": desired["http_method"],
        "authorizationType": desired["authorization"],
    }
    for attr, key in FIELDS.items():
        if attr != "authorization" and desired.get(attr) not in (None, "", [], {}):
            params[key] = desired[attr]
    return [ctx.call(SERVICE, "put_method", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return method_id("agm", *(str(desired[k]) for k in WHERE))


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    where = {"restApiId": live["rest_api_id"], "resourceId": live["resource_id"],
             "httpMethod": live["http_method"]}  # fmt: skip
    return [ctx.call(SERVICE, "delete_method", **where)]


EMITS = (TYPE, INTEGRATION)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service="apigateway",
    create=("PutMethod",),
    change=("UpdateMethod",),
    delete=("DeleteMethod",),
    ids=(
        "agm-{requestParameters.restApiId}-{requestParameters.resourceId}"
        "-{requestParameters.httpMethod}",
    ),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="apigateway_rest_apis",
            events=EVENTS,
            compared=COMPARED,
            sets=frozenset({"authorization_scopes"}),
            exact=frozenset({"request_models", "request_parameters"}),
            natural_keys=(WHERE,),
            declared_id=_declared_id,
            declared_defaults={
                "authorizer_id": "",
                "authorization_scopes": [],
                "api_key_required": False,
                "operation_name": "",
                "request_models": {},
                "request_parameters": {},
                "request_validator_id": "",
            },
            normalize=_normalize,
            parent=(REST_API, "rest_api_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="`agm-<api>-<resource>-<verb>`",
            after=("aws_api_gateway_resource", AUTHORIZER),
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(f for f in FIELDS), _update),),
            fixed={name: REPLACE for name in WHERE},
            create=Create(_create, dict, _new_id, (*WHERE, "authorization")),
            delete=Delete(_delete),
            unit_id=lambda rid, attrs: str(attrs.get("rest_api_id") or rid.split("-")[1]),
        ),
    ),
    cfn=(CfnType("AWS::ApiGateway::Method", _cfn, emits=EMITS),),
    crossplane=(
        CrossplaneKind(
            "apigateway",
            "Method",
            TYPE,
            refs={
                "restApiId": ("RestAPI", ("id",)),
                "resourceId": ("Resource", ("id",)),
                "authorizerId": ("Authorizer", ("id",)),
            },
        ),
    ),
    ack=(AckKind("apigateway", "Method", TYPE, _ack, emits=EMITS),),
)
