"""aws_cognito_user_pool_client: an app client of a Cognito user pool: its name, pool,
whether it has a secret, the authentication flows it allows, its OAuth flows, scopes,
callback and logout URLs and identity providers, the attributes it reads and writes,
its token validities, user-existence errors, token revocation and session validity.

Live: the pools ListUserPools gives (the listing user_pool.py makes; the scanner makes it
once), ListUserPoolClients per pool (60 a page), then DescribeUserPoolClient per client.
AWS makes no app clients of its own (those another service makes, OpenSearch's, are that
service's user's). Terraform's id is the client id. Most settings are optional and
computed in Terraform (AWS fills them): each is compared where declared; an unset secret
is none. The analytics configuration, refresh token rotation and token validity units
are not compared yet.

Revert: UpdateUserPoolClient puts back every compared setting but the secret. AWS resets
every setting an update leaves out to its default, so the update sends again every
setting DescribeUserPoolClient answered when the plan was made. The pool and the secret
are fixed at creation (replace needed: a human decides). The secret itself is never read
into a report.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import botocore.session

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_int, keep, new_id, pending, xp_prefixed
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec, detail_items
from driftctl.core.model import Resource
from driftctl.resources.cognito import user_pool

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_cognito_user_pool_client"
POOL = user_pool.TYPE
SERVICE = user_pool.SERVICE
GONE = user_pool.GONE
# Terraform's attribute -> AWS's (DescribeUserPoolClient, UpdateUserPoolClient, CloudFormation)
FIELDS = {
    "explicit_auth_flows": "ExplicitAuthFlows",
    "allowed_oauth_flows": "AllowedOAuthFlows",
    "allowed_oauth_scopes": "AllowedOAuthScopes",
    "allowed_oauth_flows_user_pool_client": "AllowedOAuthFlowsUserPoolClient",
    "callback_urls": "CallbackURLs",
    "logout_urls": "LogoutURLs",
    "default_redirect_uri": "DefaultRedirectURI",
    "supported_identity_providers": "SupportedIdentityProviders",
    "read_attributes": "ReadAttributes",
    "write_attributes": "WriteAttributes",
    "refresh_token_validity": "RefreshTokenValidity",
    "access_token_validity": "AccessTokenValidity",
    "id_token_validity": "IdTokenValidity",
    "prevent_user_existence_errors": "PreventUserExistenceErrors",
    "enable_token_revocation": "EnableTokenRevocation",
    "auth_session_validity": "AuthSessionValidity",
    "enable_propagate_additional_user_context_data": "EnablePropagateAdditionalUserContextData",
}
SETS = frozenset(
    {
        "explicit_auth_flows",
        "allowed_oauth_flows",
        "allowed_oauth_scopes",
        "callback_urls",
        "logout_urls",
        "supported_identity_providers",
        "read_attributes",
        "write_attributes",
    }
)
NUMBERS = ("refresh_token_validity", "access_token_validity", "id_token_validity")
NUMBERS_ALL = (*NUMBERS, "auth_session_validity")
COMPARED = frozenset({"name", "user_pool_id", "generate_secret", *FIELDS})


def _settings(held: Item) -> dict[str, Any]:
    """The compared settings of an AWS-shaped client (DescribeUserPoolClient, CloudFormation)."""
    out: dict[str, Any] = {}
    for name, key in FIELDS.items():
        if held.get(key) is not None:
            value = held[key]
            out[name] = sorted(value) if name in SETS and isinstance(value, list) else value
    return out


def _one(held: Item, region: str) -> Resource:
    attrs = {
        "name": held.get("ClientName"),
        "user_pool_id": held.get("UserPoolId"),
        "generate_secret": bool(held.get("ClientSecret")),
        **{name: [] for name in SETS},
        **_settings(held),
    }
    return Resource(TYPE, held["ClientId"], None, attrs, region=region)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    answers = details.get("described") or ()
    found = [(a or {}).get("UserPoolClient") for a in answers]
    return [_one(f, region) for f in found if f and f.get("ClientId")]


def _described(item: Item) -> list[dict[str, Any]]:
    return [
        {"UserPoolId": item["Id"], "ClientId": c["ClientId"]}
        for c in detail_items(item.get("clients"), "UserPoolClients")
    ]


SCAN = ScanSpec(
    name="cognito_user_pool_clients",
    service=SERVICE,
    listing=user_pool.SCAN.listing,
    details=(
        DetailCall(
            "clients",
            "list_user_pool_clients",
            lambda i: {"UserPoolId": i["Id"]},
            GONE,
            paged=True,
            page_size=60,
        ),
        DetailCall(
            "described", "describe_user_pool_client", _described, GONE, needs="clients", batch=1
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Validities as numbers (Terraform's and CloudFormation's may be text)."""
    out = dict(attrs)
    for name in NUMBERS_ALL:
        if isinstance(out.get(name), str):
            number = as_int(out[name])
            out[name] = out[name] if number is None else number
    return out


# --- CloudFormation, Crossplane ---------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    d.emit(
        TYPE,
        {
            "name": p.get("ClientName"),
            "user_pool_id": p.get("UserPoolId"),
            "generate_secret": p.get("GenerateSecret"),
            **{name: p.get(key) for name, key in FIELDS.items()},
        },
    )


def _aws(attrs: Attrs) -> dict[str, Any]:
    """The declared settings, as AWS names them."""
    out: dict[str, Any] = {}
    for name, key in FIELDS.items():
        value = attrs.get(name)
        if value is None:
            continue
        out[key] = sorted(value) if name in SETS else value
    return out


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "ClientName": a.get("name"),
        "UserPoolId": a.get("user_pool_id"),
        "GenerateSecret": a.get("generate_secret") or None,
        **{k: v for k, v in _aws(a).items() if v != []},
    }


# --- revert ---------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _updatable() -> frozenset[str]:
    model = botocore.session.get_session().get_service_model(SERVICE)
    shape = model.operation_model("UpdateUserPoolClient").input_shape
    return frozenset(shape.members if shape is not None else ())


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """Every setting DescribeUserPoolClient answered (AWS resets what an update leaves
    out), with the declared ones put back."""
    held = (ctx.facts.get("client") or {}).get("UserPoolClient") or {}
    params: dict[str, Any] = {k: v for k, v in held.items() if k in _updatable()}
    params.update(_aws(after))
    params.update(
        UserPoolId=after.get("user_pool_id") or before.get("user_pool_id"),
        ClientId=ctx.id,
        ClientName=after.get("name") or before.get("name"),
    )
    return [ctx.call(SERVICE, "update_user_pool_client", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "UserPoolId": desired["user_pool_id"],
        "ClientName": desired["name"],
        **{k: v for k, v in _aws(desired).items() if v != []},
    }
    if desired.get("generate_secret"):
        params["GenerateSecret"] = True
    output = {pending(ctx).name: "UserPoolClient.ClientId"}
    return [ctx.producing(output, SERVICE, "create_user_pool_client", **params)]


def _where(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
    return {"UserPoolId": attrs.get("user_pool_id"), "ClientId": ctx.id}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_user_pool_client", **_where(ctx, live))]


def _pool_of(rid: str, attrs: Attrs) -> str:
    return str(attrs.get("user_pool_id") or rid)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """The clients of one pool (the unit is the pool)."""
    item = {"Id": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


EMITS = (TYPE,)

EVENTS = Events(
    source="cognito-idp.amazonaws.com",
    service=SERVICE,
    create=("CreateUserPoolClient",),
    change=("UpdateUserPoolClient",),
    delete=("DeleteUserPoolClient",),
    ids=("responseElements.userPoolClient.clientId", "requestParameters.clientId"),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            sets=SETS,
            natural_keys=(("user_pool_id", "name"),),
            declared_defaults={"generate_secret": False},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="app client id",
            after=(POOL,),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("name", *FIELDS), _update),),
            fixed={"user_pool_id": REPLACE, "generate_secret": REPLACE},
            create=Create(_create, dict, new_id, ("name", "user_pool_id")),
            delete=Delete(_delete),
            facts=(
                Fact(
                    "client",
                    SERVICE,
                    "describe_user_pool_client",
                    _where,
                    frozenset({"update"}),
                ),
            ),
            unit_id=_pool_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Cognito::UserPoolClient",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"ClientId": ("id",), "Name": ("name",)},
            name_attr="name",
            properties={
                TYPE: {
                    "callback_urls": ("scalar", ("CallbackURLs",)),
                    "explicit_auth_flows": ("scalar", ("ExplicitAuthFlows",)),
                    "refresh_token_validity": ("scalar", ("RefreshTokenValidity",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cognitoidp",
            "UserPoolClient",
            TYPE,
            external_name=xp_prefixed(),
            refs={"userPoolId": ("UserPool", ("id",))},
            fields={
                "callback_urls": ("scalar", ("callbackUrls",)),
                "explicit_auth_flows": ("scalar", ("explicitAuthFlows",)),
                "refresh_token_validity": ("scalar", ("refreshTokenValidity",)),
            },
            importable=True,
        ),
    ),
)
