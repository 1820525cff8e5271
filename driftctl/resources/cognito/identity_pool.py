"""aws_cognito_identity_pool: a Cognito identity pool (federated identities): its name,
whether unauthenticated identities and the classic flow are allowed, the identity
providers it trusts (Cognito user pool clients, OpenID Connect and SAML providers, public
login providers, a developer provider) and its tags.

Live: ListIdentityPools pages (60 a page), plus DescribeIdentityPool per pool. AWS makes
no identity pools of its own. Unset flags are false, unset provider lists and maps
empty (Terraform's defaults), a Cognito provider's unset server-side token check false.
Everything is put back with one UpdateIdentityPool (it replaces the whole pool, tags
included); the developer provider name is fixed once set (replace needed: a human
decides).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import (
    REPLACE,
    keep,
    map_cfn_identity,
    map_tags,
    new_id,
    pending,
    reader,
    xp_prefixed,
)
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import CFN_KEY, DetailCall, Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource

TYPE = "aws_cognito_identity_pool"
SERVICE = "cognito-identity"
GONE = frozenset({"ResourceNotFoundException"})
COMPARED = frozenset(
    {
        "identity_pool_name",
        "allow_unauthenticated_identities",
        "allow_classic_flow",
        "developer_provider_name",
        "openid_connect_provider_arns",
        "saml_provider_arns",
        "supported_login_providers",
        "cognito_identity_providers",
        "tags",
    }
)
# cognito_identity_providers field -> AWS's key
PROVIDER = {
    "client_id": "ClientId",
    "provider_name": "ProviderName",
    "server_side_token_check": "ServerSideTokenCheck",
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    pool = details.get("pool") or {}
    if not pool:
        return []
    tags = pool.get("IdentityPoolTags")
    attrs = {
        "identity_pool_name": pool.get("IdentityPoolName"),
        "allow_unauthenticated_identities": bool(pool.get("AllowUnauthenticatedIdentities")),
        "allow_classic_flow": bool(pool.get("AllowClassicFlow")),
        "developer_provider_name": pool.get("DeveloperProviderName"),
        "openid_connect_provider_arns": sorted(pool.get("OpenIdConnectProviderARNs") or ()),
        "saml_provider_arns": list(pool.get("SamlProviderARNs") or ()),
        "supported_login_providers": dict(pool.get("SupportedLoginProviders") or {}),
        "cognito_identity_providers": [
            {name: p.get(key) for name, key in PROVIDER.items()}
            for p in pool.get("CognitoIdentityProviders") or ()
        ],
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
    }
    return [Resource(TYPE, item["IdentityPoolId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="cognito_identity_pools",
    service=SERVICE,
    listing=ListCall("list_identity_pools", "IdentityPools", {"MaxResults": 60}, page_size=60),
    details=(
        DetailCall(
            "pool",
            "describe_identity_pool",
            lambda i: {"IdentityPoolId": i["IdentityPoolId"]},
            GONE,
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Cognito providers with an unset token check false, in a stable order."""
    providers = attrs.get("cognito_identity_providers")
    if not isinstance(providers, list):
        return attrs
    filled = [
        {**p, "server_side_token_check": bool(p.get("server_side_token_check") or False)}
        if isinstance(p, dict)
        else p
        for p in providers
    ]
    return {**attrs, "cognito_identity_providers": filled}


# --- CloudFormation, Crossplane ---------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    providers = p.get("CognitoIdentityProviders")
    tags = p.get("IdentityPoolTags")
    d.emit(
        TYPE,
        {
            "identity_pool_name": p.get("IdentityPoolName"),
            "allow_unauthenticated_identities": p.get("AllowUnauthenticatedIdentities"),
            "allow_classic_flow": p.get("AllowClassicFlow"),
            "developer_provider_name": p.get("DeveloperProviderName"),
            "openid_connect_provider_arns": p.get("OpenIdConnectProviderARNs"),
            "saml_provider_arns": p.get("SamlProviderARNs"),
            "supported_login_providers": p.get("SupportedLoginProviders"),
            "cognito_identity_providers": [
                {name: q.get(key) for name, key in PROVIDER.items()}
                for q in providers
                if isinstance(q, dict)
            ]
            if isinstance(providers, list)
            else None,
            "tags": map_tags(tags) if isinstance(tags, dict) else {},
        },
    )


def _aws(a: Attrs) -> dict[str, Any]:
    """The pool as UpdateIdentityPool / CreateIdentityPool take it."""
    params: dict[str, Any] = {
        "IdentityPoolName": a.get("identity_pool_name"),
        "AllowUnauthenticatedIdentities": bool(a.get("allow_unauthenticated_identities")),
        "AllowClassicFlow": bool(a.get("allow_classic_flow")),
        "SupportedLoginProviders": dict(a.get("supported_login_providers") or {}),
        "OpenIdConnectProviderARNs": sorted(a.get("openid_connect_provider_arns") or ()),
        "SamlProviderARNs": list(a.get("saml_provider_arns") or ()),
        "CognitoIdentityProviders": [
            {key: p[name] for name, key in PROVIDER.items() if p.get(name) is not None}
            for p in a.get("cognito_identity_providers") or ()
        ],
        "IdentityPoolTags": dict(sorted((a.get("tags") or {}).items())),
    }
    if a.get("developer_provider_name"):
        params["DeveloperProviderName"] = a["developer_provider_name"]
    return params


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return _aws(a)


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [ctx.call(SERVICE, "update_identity_pool", IdentityPoolId=ctx.id, **_aws(after))]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    output = {pending(ctx).name: "IdentityPoolId"}
    return [ctx.producing(output, SERVICE, "create_identity_pool", **_aws(desired))]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_identity_pool", IdentityPoolId=ctx.id)]


def _read(r: Any, unit: Any) -> list[Resource]:
    """One pool: DescribeIdentityPool by its id gives the listed item, then the scan's."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get("IdentityPoolId")
        return {"IdentityPoolId": found} if found else None

    params = {"IdentityPoolId": unit.id}
    return reader(SCAN, SERVICE, "describe_identity_pool", lambda rid: params, pick, GONE)(r, unit)


EMITS = (TYPE,)
UPDATED = tuple(sorted(COMPARED - {"developer_provider_name"}))

EVENTS = Events(
    source="cognito-identity.amazonaws.com",
    service=SERVICE,
    create=("CreateIdentityPool",),
    change=("UpdateIdentityPool", "TagResource", "UntagResource"),
    delete=("DeleteIdentityPool",),
    ids=("responseElements.identityPoolId", "requestParameters.identityPoolId"),
    touches={"TagResource": frozenset({"tags"}), "UntagResource": frozenset({"tags"})},
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "supported_login_providers"}),
            sets=frozenset({"openid_connect_provider_arns", "cognito_identity_providers"}),
            natural_keys=(CFN_KEY, ("identity_pool_name",)),
            declared_defaults={
                "tags": {},
                "allow_unauthenticated_identities": False,
                "allow_classic_flow": False,
                "openid_connect_provider_arns": [],
                "saml_provider_arns": [],
                "supported_login_providers": {},
                "cognito_identity_providers": [],
            },
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            id_doc="identity pool id (`<region>:<uuid>`)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(UPDATED, _update),),
            fixed={"developer_provider_name": REPLACE},
            create=Create(_create, dict, new_id),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Cognito::IdentityPool",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Name": ("identity_pool_name",), "Id": ("id",)},
            name_attr="identity_pool_name",
            properties={
                TYPE: {
                    "allow_unauthenticated_identities": (
                        "scalar",
                        ("AllowUnauthenticatedIdentities",),
                    ),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cognitoidentity",
            "Pool",
            TYPE,
            external_name=xp_prefixed(),
            tagged=True,
            fields={
                "allow_unauthenticated_identities": (
                    "scalar",
                    ("allowUnauthenticatedIdentities",),
                ),
                "tags": ("map", ("tags",)),
            },
            importable=True,
        ),
    ),
)
