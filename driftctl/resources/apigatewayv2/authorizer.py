"""aws_apigatewayv2_authorizer: an authorizer of an HTTP or WebSocket API: a Lambda
(REQUEST) or JWT authorizer, its name, URI, credentials, payload format version, result
TTL, simple responses, identity sources and JWT audience and issuer.

Live: per API (GetApis pages, the listing aws_apigatewayv2_api's scan makes too, made
once), GetAuthorizers pages; nothing per authorizer. AWS makes no authorizers of its own.
Terraform's id is the authorizer id; a declaration is matched by its API and name.
Unset, the URI, credentials and payload format version are none, simple responses off,
no identity sources and no JWT configuration (what Terraform holds); the result TTL
(which AWS fills) is compared where declared. moto has no GetAuthorizers: the tests
answer it from moto's authorizers (tests/tf/moto_gaps.py). UpdateAuthorizer puts back
everything but the API: "replace needed".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, as_int, keep, new_id, pending, xp_prefixed
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

TYPE = "aws_apigatewayv2_authorizer"
SERVICE = api.SERVICE
# canonical (Terraform) name -> the authorizer's field (the API's and CloudFormation's)
FIELDS = {
    "name": "Name",
    "authorizer_type": "AuthorizerType",
    "authorizer_uri": "AuthorizerUri",
    "authorizer_credentials_arn": "AuthorizerCredentialsArn",
    "authorizer_payload_format_version": "AuthorizerPayloadFormatVersion",
    "authorizer_result_ttl_in_seconds": "AuthorizerResultTtlInSeconds",
    "enable_simple_responses": "EnableSimpleResponses",
    "identity_sources": "IdentitySource",
}
TEXT = ("authorizer_uri", "authorizer_credentials_arn", "authorizer_payload_format_version")
COMPARED = frozenset({"api_id", *FIELDS, "jwt_configuration"})
DEFAULTS: dict[str, Any] = {
    **{name: "" for name in TEXT},
    "enable_simple_responses": False,
    "identity_sources": [],
    "jwt_configuration": [],
}


def _jwt(found: Any) -> list[dict[str, Any]]:
    """AWS's JwtConfiguration as Terraform's block (none: no block)."""
    if not isinstance(found, dict) or not (found.get("Audience") or found.get("Issuer")):
        return []
    return [{"audience": list(found.get("Audience") or ()), "issuer": found.get("Issuer")}]


def _aws_jwt(block: Any) -> dict[str, Any] | None:
    jwt = first_block(block)
    if not jwt:
        return None
    out: dict[str, Any] = {"Audience": sorted(jwt.get("audience") or ())}
    if jwt.get("issuer"):
        out["Issuer"] = jwt["issuer"]
    return out


def _attrs(found: Item, jwt: Any) -> dict[str, Any]:
    attrs: dict[str, Any] = {name: found.get(key) for name, key in FIELDS.items()}
    attrs["jwt_configuration"] = _jwt(jwt)
    return attrs


def build(item: Item, details: Details, region: str) -> list[Resource]:
    out = []
    for found in detail_items(details.get("authorizers"), "Items"):
        attrs = {**_attrs(found, found.get("JwtConfiguration")), "api_id": item["ApiId"]}
        out.append(Resource(TYPE, found["AuthorizerId"], None, _normalize(attrs), region=region))
    return out


SCAN = ScanSpec(
    name="apigatewayv2_authorizers",
    service=SERVICE,
    listing=api.SCAN.listing,
    details=(
        DetailCall(
            "authorizers",
            "get_authorizers",
            lambda item: {"ApiId": item["ApiId"]},
            api.GONE,
            paged=True,
        ),
    ),
    item_id=lambda item: str(item["ApiId"]),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """None as Terraform's empty values; the identity sources and audience sets; the TTL a
    number and the simple responses flag a boolean (moto and CloudFormation may hold text)."""
    out = dict(attrs)
    for name in TEXT:
        if name in out and out[name] is None:
            out[name] = ""
    if "identity_sources" in out:
        out["identity_sources"] = sorted(out["identity_sources"] or ())
    if isinstance(out.get("jwt_configuration"), list):
        out["jwt_configuration"] = [
            {**b, "audience": sorted(b.get("audience") or ())}
            for b in out["jwt_configuration"]
            if isinstance(b, dict)
        ]
    if "enable_simple_responses" in out:  # none live (moto's) is off
        out["enable_simple_responses"] = as_bool(out["enable_simple_responses"])
    ttl = out.get("authorizer_result_ttl_in_seconds")
    if isinstance(ttl, str):
        number = as_int(ttl)
        out["authorizer_result_ttl_in_seconds"] = ttl if number is None else number
    return out


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = _attrs(p, p.get("JwtConfiguration"))
    d.emit(TYPE, {**attrs, "api_id": p.get("ApiId")})


def _params(desired: Attrs, names: tuple[str, ...]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for name in names:
        if name == "jwt_configuration":
            jwt = _aws_jwt(desired.get(name))
            if jwt:
                params["JwtConfiguration"] = jwt
        elif desired.get(name) is not None:
            params[FIELDS[name]] = desired[name]
    if "IdentitySource" in params:
        params["IdentitySource"] = sorted(params["IdentitySource"])
    return params


UPDATED = tuple(sorted((*FIELDS, "jwt_configuration")))


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {k: v for k, v in _params(a, UPDATED).items() if v not in ("", [], {})}
    return {"ApiId": a.get("api_id"), **props}


_ACK = {
    "name": "name",
    "authorizer_type": "authorizerType",
    "authorizer_uri": "authorizerURI",
    "authorizer_credentials_arn": "authorizerCredentialsARN",
    "authorizer_payload_format_version": "authorizerPayloadFormatVersion",
    "authorizer_result_ttl_in_seconds": "authorizerResultTTLInSeconds",
    "enable_simple_responses": "enableSimpleResponses",
    "identity_sources": "identitySource",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs: dict[str, Any] = {name: s.get(key) for name, key in _ACK.items()}
    jwt = s.get("jwtConfiguration")
    if isinstance(jwt, dict):
        attrs["jwt_configuration"] = _jwt(
            {"Audience": jwt.get("audience"), "Issuer": jwt.get("issuer")}
        )
    attrs["api_id"] = c.ref(s.get("apiID"), s.get("apiRef"), "API")
    return [c.raw(TYPE, attrs, c.adoption.get("authorizerID"))]


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = tuple(n for n in UPDATED if before.get(n) != after.get(n))
    params = _params(after, changed)
    return [
        ctx.call(
            SERVICE, "update_authorizer", ApiId=after["api_id"], AuthorizerId=ctx.id, **params
        ),
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {k: v for k, v in _params(desired, UPDATED).items() if v not in ("", None)}
    output = {pending(ctx).name: "AuthorizerId"}
    return [ctx.producing(output, SERVICE, "create_authorizer", ApiId=desired["api_id"], **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_authorizer", ApiId=live["api_id"], AuthorizerId=ctx.id)]


def _api_of(rid: str, attrs: Attrs) -> str:
    return str(attrs["api_id"])


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One API's authorizers, read by the API's id."""
    item = {"ApiId": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=api.GONE), unit.region)


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateAuthorizer",),
    change=("UpdateAuthorizer",),
    delete=("DeleteAuthorizer",),
    ids=("responseElements.authorizerId", "requestParameters.authorizerId"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            sets=frozenset({"identity_sources"}),
            natural_keys=(("api_id", "name"),),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            parent=(api.TYPE, "api_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="authorizer id (its API's authorizers are read together)",
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
            create=Create(_create, dict, new_id, ("api_id", "name", "authorizer_type")),
            delete=Delete(_delete),
            unit_id=_api_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ApiGatewayV2::Authorizer",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"AuthorizerId": ("id",)},
            properties={
                TYPE: {
                    "authorizer_uri": ("scalar", ("AuthorizerUri",)),
                    "identity_sources": ("scalar", ("IdentitySource",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "Authorizer",
            TYPE,
            external_name=xp_prefixed(),
            refs={"apiId": ("API", ("id",))},
            fields={
                "authorizer_uri": ("scalar", ("authorizerUri",)),
                "identity_sources": ("scalar", ("identitySources",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            SERVICE,
            "Authorizer",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "authorizer_uri": ("scalar", ("authorizerURI",)),
                    "identity_sources": ("scalar", ("identitySource",)),
                }
            },
        ),
    ),
)
