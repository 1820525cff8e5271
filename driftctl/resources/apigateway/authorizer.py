"""aws_api_gateway_authorizer: an authorizer of a REST API's methods: its name, type
(a Lambda function's TOKEN or REQUEST, or COGNITO_USER_POOLS), the function and role it
calls, the identity source and its validation expression, how long a result is cached,
and the Cognito user pools it trusts.

Live: per API (GetRestApis pages, the listing aws_api_gateway_rest_api's scan makes too,
made once), GetAuthorizers pages (500 a call), made only for an API some declaration
names; nothing per authorizer. AWS creates none of its own. A declaration is matched by
its API and name. Unset, the type is TOKEN, the identity source
`method.request.header.Authorization`, the cache 300 seconds (Terraform's defaults; an
authorizer AWS answers without a TTL caches 300 seconds, AWS's own default), and there
is no function, role, validation expression or user pool. UpdateAuthorizer's PATCH
operations put back everything but the API (the user pools one by one); another API is
another authorizer ("replace needed"); a deleted authorizer is created again.

moto (5.x) cannot PATCH an authorizer's user pools: the type's tests change the other
settings.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_int, keep, new_id, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, same
from driftctl.base.spec import (
    DetailCall,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    detail_items,
)
from driftctl.core.model import Resource, is_known
from driftctl.resources.apigateway import rest_api
from driftctl.resources.apigateway.common import (
    AUTHORIZER,
    GONE,
    REST_API,
    SERVICE,
    api_arn,
    api_of,
    api_reader,
    replaced,
    set_ops,
)

TYPE = AUTHORIZER
# canonical attribute -> GetAuthorizers' (and CreateAuthorizer's) field
FIELDS = {
    "name": "name",
    "type": "type",
    "authorizer_uri": "authorizerUri",
    "authorizer_credentials": "authorizerCredentials",
    "identity_source": "identitySource",
    "identity_validation_expression": "identityValidationExpression",
    "authorizer_result_ttl_in_seconds": "authorizerResultTtlInSeconds",
    "provider_arns": "providerARNs",
}
SETTINGS = tuple(FIELDS)
COMPARED = frozenset({"rest_api_id", *SETTINGS})
TTL = 300  # AWS's and Terraform's default
_PATHS = {n: f"/{key}" for n, key in FIELDS.items() if n != "provider_arns"}
_TEXT = ("authorizer_uri", "authorizer_credentials", "identity_source",
         "identity_validation_expression")  # fmt: skip
DEFAULTS: dict[str, Any] = {
    "type": "TOKEN",
    "authorizer_uri": "",
    "authorizer_credentials": "",
    "identity_source": "method.request.header.Authorization",
    "identity_validation_expression": "",
    "authorizer_result_ttl_in_seconds": TTL,
    "provider_arns": [],
}


def authorizer_of(api_id: str, found: dict[str, Any], region: str) -> Resource:
    """One authorizer of GetAuthorizers' answer."""
    ttl = found.get("authorizerResultTtlInSeconds")
    attrs: dict[str, Any] = {n: found.get(key) or "" for n, key in FIELDS.items()}
    attrs.update(
        {
            "rest_api_id": api_id,
            "authorizer_result_ttl_in_seconds": TTL if ttl is None else int(ttl),
            "provider_arns": sorted(found.get("providerARNs") or ()),
            "arn": api_arn(region, f"/restapis/{api_id}/authorizers/{found['id']}"),
        }
    )
    return Resource(TYPE, str(found["id"]), None, attrs, region=region)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = detail_items(details.get("authorizers"), "items")
    return [authorizer_of(str(item["id"]), one, region) for one in found]


SCAN = ScanSpec(
    name="apigateway_authorizers",
    service=SERVICE,
    listing=rest_api.SCAN.listing,
    details=(
        DetailCall(
            "authorizers",
            "get_authorizers",
            lambda item: {"restApiId": item["id"]},
            GONE,
            paged=True,
            page_size=500,
        ),
    ),
    item_id=lambda item: str(item["id"]),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """None as Terraform's empty values; the TTL a number; the user pools sorted."""
    out = dict(attrs)
    for name in _TEXT:
        if name in out and out[name] is None:
            out[name] = ""
    ttl = out.get("authorizer_result_ttl_in_seconds")
    if ttl is not None and is_known(ttl) and as_int(ttl) is not None:
        out["authorizer_result_ttl_in_seconds"] = as_int(ttl)
    if "provider_arns" in out and out["provider_arns"] is None:
        out["provider_arns"] = []
    return out


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "rest_api_id": p.get("RestApiId"),
        "name": p.get("Name"),
        "type": p.get("Type"),
        "authorizer_uri": p.get("AuthorizerUri"),
        "authorizer_credentials": p.get("AuthorizerCredentials"),
        "identity_source": p.get("IdentitySource"),
        "identity_validation_expression": p.get("IdentityValidationExpression"),
        "authorizer_result_ttl_in_seconds": p.get("AuthorizerResultTtlInSeconds"),
        "provider_arns": p.get("ProviderARNs"),
    }
    d.emit(TYPE, attrs)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "rest_api_id": c.ref(s.get("restAPIID"), s.get("restAPIRef"), "RestAPI"),
        "name": s.get("name") or c.name(),
        "type": s.get("type"),
        "authorizer_uri": s.get("authorizerURI"),
        "authorizer_credentials": s.get("authorizerCredentials"),
        "identity_source": s.get("identitySource"),
        "identity_validation_expression": s.get("identityValidationExpression"),
        "authorizer_result_ttl_in_seconds": s.get("authorizerResultTTLInSeconds"),
        "provider_arns": s.get("providerARNs"),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """One UpdateAuthorizer with a PATCH operation per changed setting."""
    ops = replaced(before, after, _PATHS)
    if "provider_arns" in after and not same(before.get("provider_arns"), after["provider_arns"]):
        ops += set_ops("/providerARNs", before.get("provider_arns"), after["provider_arns"])
    if not ops:
        return []
    api = after.get("rest_api_id") or before["rest_api_id"]
    return [
        ctx.call(
            SERVICE, "update_authorizer", restApiId=api, authorizerId=ctx.id, patchOperations=ops
        )
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"restApiId": desired["rest_api_id"]}
    for name, key in FIELDS.items():
        if desired.get(name) not in (None, "", []):
            params[key] = desired[name]
    if "authorizerResultTtlInSeconds" in params:
        params["authorizerResultTtlInSeconds"] = as_int(params["authorizerResultTtlInSeconds"])
    params.setdefault("type", "TOKEN")
    return [ctx.producing({pending(ctx).name: "id"}, SERVICE, "create_authorizer", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    api = live["rest_api_id"]
    return [ctx.call(SERVICE, "delete_authorizer", restApiId=api, authorizerId=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateAuthorizer",),
    change=("UpdateAuthorizer",),
    delete=("DeleteAuthorizer",),
    ids=("responseElements.id", "requestParameters.authorizerId"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            sets=frozenset({"provider_arns"}),
            natural_keys=(("rest_api_id", "name"),),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            parent=(REST_API, "rest_api_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"arn"}),
            id_doc="authorizer id (6 characters AWS assigns)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(SETTINGS, _update),),
            fixed={"rest_api_id": REPLACE},
            create=Create(_create, dict, new_id, ("rest_api_id", "name")),
            delete=Delete(_delete),
            unit_id=api_of,
        ),
    ),
    readers={SCAN.name: api_reader(SCAN)},
    cfn=(
        CfnType(
            "AWS::ApiGateway::Authorizer",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"AuthorizerId": ("id",)},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "Authorizer",
            TYPE,
            external_name=xp_prefixed(),
            refs={"restApiId": ("RestAPI", ("id",))},
        ),
    ),
    ack=(AckKind(SERVICE, "Authorizer", TYPE, _ack, emits=EMITS),),
)
