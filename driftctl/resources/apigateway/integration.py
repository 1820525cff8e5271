"""aws_api_gateway_integration: what a REST API's method calls: its type, URI, HTTP
method, credentials, connection, request parameters and templates, passthrough
behaviour, content handling, timeout, cache key parameters and TLS check.

Live: read with its method (GetResources with `embed=methods` carries each method's
integration, in aws_api_gateway_rest_api's scan): no call of its own. AWS creates none
of its own. What Terraform leaves unset is compared as AWS's "none" (no URI, credentials,
parameters or templates; an INTERNET connection; a 29-second timeout); the passthrough
behaviour and cache namespace, which AWS fills in, only where declared. A changed or
deleted integration is put back whole with PutIntegration (AWS replaces the one there);
another API, resource or verb is another integration (replace needed: a human decides).
The integration's responses (aws_api_gateway_integration_response) are not compared yet.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_int, keep
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType, first_block
from driftctl.core.model import Resource, is_known
from driftctl.resources.apigateway.common import INTEGRATION, REST_API, SERVICE, method_id

TYPE = INTEGRATION
WHERE = ("rest_api_id", "resource_id", "http_method")
# canonical attribute -> PutIntegration's (and GetResources') field
FIELDS = {
    "type": "type",
    "uri": "uri",
    "integration_http_method": "httpMethod",
    "credentials": "credentials",
    "connection_type": "connectionType",
    "connection_id": "connectionId",
    "request_parameters": "requestParameters",
    "request_templates": "requestTemplates",
    "passthrough_behavior": "passthroughBehavior",
    "content_handling": "contentHandling",
    "timeout_milliseconds": "timeoutInMillis",
    "cache_key_parameters": "cacheKeyParameters",
    "cache_namespace": "cacheNamespace",
}
# where PutIntegration names a field otherwise (GetResources' `httpMethod` is the
# integration's own)
PUT = {"integration_http_method": "integrationHttpMethod"}
SETTINGS = (*FIELDS, "tls_config")
COMPARED = frozenset({*WHERE, *SETTINGS})
TIMEOUT = 29000


def integration_of(
    api_id: str, resource_id: str, verb: str, found: dict[str, Any], region: str
) -> Resource:
    """The integration of a method GetResources read with `embed=methods`."""
    tls = found.get("tlsConfig")
    attrs: dict[str, Any] = {"rest_api_id": api_id, "resource_id": resource_id, "http_method": verb}
    attrs.update({name: found.get(key) or "" for name, key in FIELDS.items()})
    attrs.update(
        {
            "connection_type": found.get("connectionType") or "INTERNET",
            "request_parameters": dict(found.get("requestParameters") or {}),
            "request_templates": dict(found.get("requestTemplates") or {}),
            "timeout_milliseconds": as_int(found.get("timeoutInMillis"), TIMEOUT),
            "cache_key_parameters": list(found.get("cacheKeyParameters") or ()),
            "tls_config": {"insecure_skip_verification": bool(tls.get("insecureSkipVerification"))}
            if isinstance(tls, dict)
            else None,
        }
    )
    return Resource(TYPE, method_id("agi", api_id, resource_id, verb), None, attrs, region=region)


def _declared_id(a: dict[str, Any]) -> str | None:
    parts = [a.get(k) for k in WHERE]
    if all(isinstance(p, str) and is_known(p) for p in parts):
        return method_id("agi", *(str(p) for p in parts))
    return None


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The timeout as a number; maps Crossplane's converter read as blocks as maps; the
    TLS block as one dict."""
    out = dict(attrs)
    for attr in ("request_parameters", "request_templates"):
        if isinstance(out.get(attr), list):
            out[attr] = first_block(out[attr])
    if out.get("timeout_milliseconds") is not None:
        out["timeout_milliseconds"] = as_int(out["timeout_milliseconds"], TIMEOUT)
    if out.get("tls_config") is not None:
        block = first_block(out["tls_config"])
        out["tls_config"] = {
            "insecure_skip_verification": bool(block.get("insecure_skip_verification"))
        }
    return out


def from_cfn(found: dict[str, Any]) -> dict[str, Any]:
    """AWS::ApiGateway::Method's `Integration` as this type's attributes."""
    fields = {
        "Type": "type", "Uri": "uri", "Credentials": "credentials",
        "ConnectionType": "connection_type", "ConnectionId": "connection_id",
        "RequestParameters": "request_parameters", "RequestTemplates": "request_templates",
        "PassthroughBehavior": "passthrough_behavior", "ContentHandling": "content_handling",
        "CacheKeyParameters": "cache_key_parameters", "CacheNamespace": "cache_namespace",
        "IntegrationHttpMethod": "integration_http_method",
        "TimeoutInMillis": "timeout_milliseconds",
    }  # fmt: skip
    return {attr: found.get(key) for key, attr in fields.items()}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    tls = s.get("tlsConfig")
    attrs = {
        "rest_api_id": c.ref(s.get("restAPIID"), s.get("restAPIRef"), "RestAPI"),
        "resource_id": c.ref(s.get("resourceID"), s.get("resourceRef"), "Resource"),
        "http_method": s.get("httpMethod"),
        "type": s.get("type"),
        "uri": s.get("uri"),
        "integration_http_method": s.get("integrationHTTPMethod"),
        "credentials": s.get("credentials"),
        "connection_type": s.get("connectionType"),
        "connection_id": s.get("connectionID"),
        "request_parameters": s.get("requestParameters"),
        "request_templates": s.get("requestTemplates"),
        "passthrough_behavior": s.get("passthroughBehavior"),
        "content_handling": s.get("contentHandling"),
        "timeout_milliseconds": s.get("timeoutInMillis"),
        "cache_key_parameters": s.get("cacheKeyParameters"),
        "cache_namespace": s.get("cacheNamespace"),
        "tls_config": {"insecure_skip_verification": tls.get("insecureSkipVerification")}
        if isinstance(tls, dict)
        else None,
    }
    return [c.raw(TYPE, attrs)]


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """PutIntegration with the whole integration (AWS replaces the one there)."""
    both = {**before, **after}
    params: dict[str, Any] = {
        "restApiId": both["rest_api_id"],
        "resourceId": both["resource_id"],
        "httpMethod": both["http_method"],
    }
    for attr, key in FIELDS.items():
        if both.get(attr) not in (None, "", [], {}):
            params[PUT.get(attr, key)] = both[attr]
    if "timeoutInMillis" in params:
        params["timeoutInMillis"] = as_int(params["timeoutInMillis"], TIMEOUT)
    tls = both.get("tls_config")
    if tls:
        params["tlsConfig"] = {
            "insecureSkipVerification": bool(tls.get("insecure_skip_verification"))
        }
    return [ctx.call(SERVICE, "put_integration", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    return _put(ctx, {}, desired)


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return method_id("agi", *(str(desired[k]) for k in WHERE))


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    where = {"restApiId": live["rest_api_id"], "resourceId": live["resource_id"],
             "httpMethod": live["http_method"]}  # fmt: skip
    return [ctx.call(SERVICE, "delete_integration", **where)]


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service="apigateway",
    create=("PutIntegration",),
    change=("PutIntegration", "UpdateIntegration"),
    delete=("DeleteIntegration", "DeleteMethod"),
    ids=(
        "agi-{requestParameters.restApiId}-{requestParameters.resourceId}"
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
            sets=frozenset({"cache_key_parameters"}),
            exact=frozenset({"request_parameters", "request_templates"}),
            natural_keys=(WHERE,),
            declared_id=_declared_id,
            declared_defaults={
                "uri": "",
                "integration_http_method": "",
                "credentials": "",
                "connection_type": "INTERNET",
                "connection_id": "",
                "request_parameters": {},
                "request_templates": {},
                "content_handling": "",
                "timeout_milliseconds": TIMEOUT,
                "cache_key_parameters": [],
            },
            normalize=_normalize,
            parent=(REST_API, "rest_api_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            shape={"tls_config": "single"},
            id_doc="`agi-<api>-<resource>-<verb>`",
            after=("aws_api_gateway_method",),
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(SETTINGS, _put),),
            fixed={name: REPLACE for name in WHERE},
            create=Create(_create, dict, _new_id, (*WHERE, "type")),
            delete=Delete(_delete),
            unit_id=lambda rid, attrs: str(attrs.get("rest_api_id") or rid.split("-")[1]),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "apigateway",
            "Integration",
            TYPE,
            refs={
                "restApiId": ("RestAPI", ("id",)),
                "resourceId": ("Resource", ("id",)),
            },
        ),
    ),
    ack=(AckKind("apigateway", "Integration", TYPE, _ack, emits=EMITS),),
)
