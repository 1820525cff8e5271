"""aws_apigatewayv2_integration: what a route of an HTTP or WebSocket API calls: the
integration's type and subtype, URI and method, connection (internet or a VPC link),
credentials, payload format, request parameters and templates, template selection
expression, content handling, passthrough behaviour, timeout and description.

Live: per API (GetApis pages, the listing aws_apigatewayv2_api's scan makes too, made
once), GetIntegrations pages; nothing per integration. An integration API Gateway manages
(quick create's, `ApiGatewayManaged`) is AWS's own, never unmanaged; integrations are
reported only under a declared API. Terraform's id is the integration id (from a state);
a declaration without one is matched by its API, type and URI, so a URI changed by hand
is then the declared integration missing and the live one unmanaged. Unset, the
connection is `INTERNET` and the payload format `1.0` (Terraform's and AWS's defaults);
the timeout and the passthrough behaviour are compared only where declared (AWS fills
them in per type). Response parameters and the
TLS configuration are not compared. UpdateIntegration puts back everything but the API:
"replace needed".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_int, keep, new_id, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec, detail_items
from driftctl.core.model import Resource
from driftctl.resources.apigatewayv2 import api

if TYPE_CHECKING:
    from driftctl.base.calls import Unit
    from driftctl.base.reader import Reader

TYPE = "aws_apigatewayv2_integration"
SERVICE = api.SERVICE
# canonical (Terraform) name -> the integration's field
FIELDS = {
    "integration_type": "IntegrationType",
    "integration_subtype": "IntegrationSubtype",
    "integration_uri": "IntegrationUri",
    "integration_method": "IntegrationMethod",
    "connection_type": "ConnectionType",
    "connection_id": "ConnectionId",
    "credentials_arn": "CredentialsArn",
    "description": "Description",
    "payload_format_version": "PayloadFormatVersion",
    "request_parameters": "RequestParameters",
    "request_templates": "RequestTemplates",
    "template_selection_expression": "TemplateSelectionExpression",
    "content_handling_strategy": "ContentHandlingStrategy",
    "passthrough_behavior": "PassthroughBehavior",
    "timeout_milliseconds": "TimeoutInMillis",
}
TEXT = (
    "integration_subtype",
    "integration_uri",
    "integration_method",
    "connection_id",
    "credentials_arn",
    "description",
    "template_selection_expression",
    "content_handling_strategy",
)
MAPS = ("request_parameters", "request_templates")
COMPARED = frozenset({"api_id", *FIELDS})
DEFAULTS: dict[str, Any] = {
    **{name: "" for name in TEXT},
    **{name: {} for name in MAPS},
    "connection_type": "INTERNET",
    "payload_format_version": "1.0",
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    out = []
    for found in detail_items(details.get("integrations"), "Items"):
        attrs: dict[str, Any] = {name: found.get(key) for name, key in FIELDS.items()}
        attrs.update(
            {
                "api_id": item["ApiId"],
                "api_gateway_managed": bool(found.get("ApiGatewayManaged")),
            }
        )
        rid = found["IntegrationId"]
        out.append(Resource(TYPE, rid, None, _normalize(attrs), region=region))
    return out


SCAN = ScanSpec(
    name="apigatewayv2_integrations",
    service=SERVICE,
    listing=api.SCAN.listing,
    details=(
        DetailCall(
            "integrations",
            "get_integrations",
            lambda item: {"ApiId": item["ApiId"]},
            api.GONE,
            paged=True,
        ),
    ),
    item_id=lambda item: str(item["ApiId"]),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """None as Terraform's empty values and AWS's defaults; the timeout a number."""
    out = dict(attrs)
    for name in TEXT:
        if name in out and out[name] is None:
            out[name] = ""
    for name in MAPS:
        if name in out and out[name] is None:
            out[name] = {}
    for name, default in (("connection_type", "INTERNET"), ("payload_format_version", "1.0")):
        if name in out and out[name] in (None, ""):
            out[name] = default
    if out.get("timeout_milliseconds") is not None:
        out["timeout_milliseconds"] = as_int(out["timeout_milliseconds"])
    return out


def _is_aws_default(r: Resource) -> bool:
    """An integration API Gateway made and manages (quick create's)."""
    return bool(r.attrs.get("api_gateway_managed"))


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {name: p.get(key) for name, key in FIELDS.items()}
    d.emit(TYPE, {**attrs, "api_id": p.get("ApiId")})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {key: a.get(name) for name, key in FIELDS.items() if a.get(name) not in ("", {})}
    return {"ApiId": a.get("api_id"), **props}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


# ACK's spec fields: camelCase, with its initialisms
_ACK = {name: _camel(name) for name in FIELDS}
_ACK.update(
    {
        "integration_uri": "integrationURI",
        "connection_id": "connectionID",
        "credentials_arn": "credentialsARN",
        "timeout_milliseconds": "timeoutInMillis",
    }
)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {name: s.get(key) for name, key in _ACK.items()}
    attrs["api_id"] = c.ref(s.get("apiID"), s.get("apiRef"), "API")
    return [c.raw(TYPE, attrs, c.adoption.get("integrationID"))]


# --- revert ---------------------------------------------------------------------------------

UPDATED = tuple(sorted(FIELDS))


def _params(desired: Attrs, names: tuple[str, ...]) -> dict[str, Any]:
    params = {FIELDS[n]: desired[n] for n in names if desired.get(n) is not None}
    if "TimeoutInMillis" in params:
        params["TimeoutInMillis"] = as_int(params["TimeoutInMillis"])
    return params


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = tuple(n for n in UPDATED if before.get(n) != after.get(n))
    params = _params(after, changed)
    return [
        ctx.call(
            SERVICE, "update_integration", ApiId=after["api_id"], IntegrationId=ctx.id, **params
        )
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {k: v for k, v in _params(desired, UPDATED).items() if v not in ("", {})}
    output = {pending(ctx).name: "IntegrationId"}
    return [ctx.producing(output, SERVICE, "create_integration", ApiId=desired["api_id"], **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_integration", ApiId=live["api_id"], IntegrationId=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    if live.get("api_gateway_managed"):
        return "API Gateway manages this integration (quick create): it goes with its API"
    return None


def _api_of(rid: str, attrs: Attrs) -> str:
    return str(attrs["api_id"])


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One API's integrations, read by the API's id."""
    item = {"ApiId": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=api.GONE), unit.region)


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateIntegration",),
    change=("UpdateIntegration",),
    delete=("DeleteIntegration",),
    ids=("responseElements.integrationId", "requestParameters.integrationId"),
)

SCALARS = ("integration_uri", "description", "timeout_milliseconds")

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset(MAPS),
            natural_keys=(("api_id", "integration_type", "integration_uri"),),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            parent=(api.TYPE, "api_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="integration id (its API's integrations are read together)",
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
            create=Create(_create, dict, new_id, ("api_id", "integration_type")),
            delete=Delete(_delete, refuse=_refuse),
            unit_id=_api_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ApiGatewayV2::Integration",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"IntegrationId": ("id",)},
            properties={TYPE: {n: ("scalar", (FIELDS[n],)) for n in SCALARS}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "Integration",
            TYPE,
            external_name=xp_prefixed(),
            refs={"apiId": ("API", ("id",))},
            fields={n: ("scalar", (_camel(n),)) for n in SCALARS},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            SERVICE,
            "Integration",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {n: ("scalar", (_ACK[n],)) for n in SCALARS}},
        ),
    ),
)
