"""aws_cognito_user_pool_domain: the domain of a user pool's hosted sign-in pages: a
prefix of amazoncognito.com or a custom domain with its ACM certificate.

Live: read with the user pools (DescribeUserPool names a pool's domain and custom
domain), plus DescribeUserPoolDomain per domain a pool has (the certificate). AWS makes
no domains of its own. The certificate of a custom domain is put back with
UpdateUserPoolDomain; the domain and its pool are fixed (replace needed: a human decides).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, xp_same_name
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ResourceType
from driftctl.core.model import Resource

TYPE = "aws_cognito_user_pool_domain"
POOL = "aws_cognito_user_pool"
SCAN_NAME = "cognito_user_pools"  # the user pools' scan (user_pool.py) reads the domains
SERVICE = "cognito-idp"
COMPARED = frozenset({"domain", "user_pool_id", "certificate_arn"})


def _domains(item: Item) -> list[dict[str, Any]]:
    pool = (item.get("pool") or {}).get("UserPool") or {}
    names = (pool.get("Domain"), pool.get("CustomDomain"))
    return [{"Domain": name} for name in names if name]


# made after the pool's DescribeUserPool, for each domain it names (none: no call)
DETAIL = DetailCall(
    "domains",
    "describe_user_pool_domain",
    _domains,
    frozenset({"ResourceNotFoundException"}),
    needs="pool",
    batch=1,
)


def build_domains(item: Item, details: Details, region: str) -> list[Resource]:
    """The domains of one pool, from DescribeUserPoolDomain's answers."""
    out = []
    for answer in details.get("domains") or ():
        held = (answer or {}).get("DomainDescription") or {}
        if not held.get("Domain"):
            continue
        custom = held.get("CustomDomainConfig") or {}
        attrs = {
            "domain": held["Domain"],
            "user_pool_id": held.get("UserPoolId") or item["Id"],
            "certificate_arn": custom.get("CertificateArn"),
            "cloudfront_distribution": held.get("CloudFrontDistribution"),
        }
        out.append(Resource(TYPE, held["Domain"], None, attrs, region=region))
    return out


def _cfn(d: Declaring) -> None:
    p = d.props
    custom = p.get("CustomDomainConfig")
    d.emit(
        TYPE,
        {
            "domain": p.get("Domain"),
            "user_pool_id": p.get("UserPoolId"),
            "certificate_arn": custom.get("CertificateArn") if isinstance(custom, dict) else None,
        },
    )


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {"Domain": a.get("domain"), "UserPoolId": a.get("user_pool_id")}
    if a.get("certificate_arn"):
        props["CustomDomainConfig"] = {"CertificateArn": a["certificate_arn"]}
    return props


def _where(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
    return {"Domain": attrs.get("domain") or ctx.id, "UserPoolId": attrs.get("user_pool_id")}


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    config = {"CertificateArn": after.get("certificate_arn")}
    return [
        ctx.call(
            SERVICE, "update_user_pool_domain", **_where(ctx, after), CustomDomainConfig=config
        )
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = _where(ctx, desired)
    if desired.get("certificate_arn"):
        params["CustomDomainConfig"] = {"CertificateArn": desired["certificate_arn"]}
    return [ctx.call(SERVICE, "create_user_pool_domain", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_user_pool_domain", **_where(ctx, live))]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["domain"])


def _pool_of(rid: str, attrs: Attrs) -> str:
    return str(attrs.get("user_pool_id") or rid)


EMITS = (TYPE,)

EVENTS = Events(
    source="cognito-idp.amazonaws.com",
    service=SERVICE,
    create=("CreateUserPoolDomain",),
    change=("UpdateUserPoolDomain",),
    delete=("DeleteUserPoolDomain",),
    ids=("requestParameters.domain",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN_NAME,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("domain",),),
            declared_id=lambda a: a.get("domain") if isinstance(a.get("domain"), str) else None,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"cloudfront_distribution"}),
            id_doc="domain (prefix or custom domain name)",
            after=(POOL,),
            state_id=True,
        ),
    ),
    scans=(),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("certificate_arn",), _update),),
            fixed={"domain": REPLACE, "user_pool_id": REPLACE},
            create=Create(_create, dict, _new_id, ("domain", "user_pool_id")),
            delete=Delete(_delete),
            unit_id=_pool_of,
        ),
    ),
    cfn=(
        CfnType(
            "AWS::Cognito::UserPoolDomain",
            _cfn,
            emits=EMITS,
            ref=("domain",),
            getatt={"CloudFrontDistribution": ("cloudfront_distribution",)},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cognitoidp",
            "UserPoolDomain",
            TYPE,
            external_name=xp_same_name("domain"),
            refs={"userPoolId": ("UserPool", ("id",))},
            importable=True,
        ),
    ),
)
