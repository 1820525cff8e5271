"""aws_cognito_user_pool: a Cognito user pool: its name, MFA setting, deletion protection,
password policy, the attributes verified automatically, the attributes users sign in
with (usernames, aliases), and its tags.

Live: ListUserPools pages (60 a page), plus DescribeUserPool per pool (the settings no
list call reads; its domains are read with it: user_pool_domain.py). AWS makes no user
pools of its own. Compared is what Terraform
compares of these settings: unset MFA is "OFF", unset deletion protection "INACTIVE",
unset attribute lists empty; a password policy is compared in the fields declared (AWS
fills the rest: Terraform's is optional and computed). Message templates, e-mail and SMS
configuration, Lambda triggers, the schema, the account recovery and admin-create-user
settings and the user pool tier are not compared yet.

Revert: UpdateUserPool puts back MFA, deletion protection, password policy and verified
attributes. AWS resets every setting an update leaves out to its default, so the update
sends again every setting DescribeUserPool answered when the plan was made. The name and
the sign-in attributes are fixed at creation (replace needed: a human decides). Tags are
put back with TagResource / UntagResource (which moto does not implement: tested against
botocore's model only). A password policy's values are masked in reports, as every
`password` path is.
"""

from __future__ import annotations

import functools
from typing import Any

import botocore.session

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
    tagger,
    xp_prefixed,
)
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    first_block,
)
from driftctl.core.model import Resource
from driftctl.resources.cognito import user_pool_domain

TYPE = "aws_cognito_user_pool"
SERVICE = "cognito-idp"
GONE = frozenset({"ResourceNotFoundException"})
SETS = frozenset({"auto_verified_attributes", "username_attributes", "alias_attributes"})
UPDATED = ("mfa_configuration", "deletion_protection", "password_policy")
COMPARED = frozenset({"name", *UPDATED, *SETS, "tags"})
# password_policy field -> AWS's PasswordPolicy key
POLICY = {
    "minimum_length": "MinimumLength",
    "require_lowercase": "RequireLowercase",
    "require_numbers": "RequireNumbers",
    "require_symbols": "RequireSymbols",
    "require_uppercase": "RequireUppercase",
    "temporary_password_validity_days": "TemporaryPasswordValidityDays",
    "password_history_size": "PasswordHistorySize",
}


def _policy(pool: Item) -> dict[str, Any]:
    held = (pool.get("Policies") or {}).get("PasswordPolicy") or {}
    return {name: held[key] for name, key in POLICY.items() if key in held}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    pool = (details.get("pool") or {}).get("UserPool") or {}
    if not pool:
        return []
    tags = pool.get("UserPoolTags")
    attrs = {
        "name": pool.get("Name") or item.get("Name"),
        "mfa_configuration": pool.get("MfaConfiguration") or "OFF",
        "deletion_protection": pool.get("DeletionProtection") or "INACTIVE",
        "password_policy": _policy(pool),
        "auto_verified_attributes": sorted(pool.get("AutoVerifiedAttributes") or ()),
        "username_attributes": sorted(pool.get("UsernameAttributes") or ()),
        "alias_attributes": sorted(pool.get("AliasAttributes") or ()),
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
        "arn": pool.get("Arn"),
    }
    pool_resource = Resource(TYPE, item["Id"], None, attrs, region=region)
    return [pool_resource, *user_pool_domain.build_domains(item, details, region)]


SCAN = ScanSpec(
    name="cognito_user_pools",
    service=SERVICE,
    listing=ListCall("list_user_pools", "UserPools", {"MaxResults": 60}, page_size=60),
    details=(
        DetailCall("pool", "describe_user_pool", lambda i: {"UserPoolId": i["Id"]}, GONE),
        user_pool_domain.DETAIL,
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The password policy as one dict (Terraform's block)."""
    if "password_policy" in attrs and isinstance(attrs["password_policy"], list):
        return {**attrs, "password_policy": first_block(attrs["password_policy"])}
    return attrs


# --- CloudFormation, Crossplane ---------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    held = (
        (p.get("Policies") or {}).get("PasswordPolicy")
        if isinstance(p.get("Policies"), dict)
        else None
    )
    policy = (
        {n: held.get(k) for n, k in POLICY.items() if k in held} if isinstance(held, dict) else None
    )
    tags = p.get("UserPoolTags")
    d.emit(
        TYPE,
        {
            "name": p.get("UserPoolName"),
            "mfa_configuration": p.get("MfaConfiguration"),
            "deletion_protection": p.get("DeletionProtection"),
            "password_policy": policy,
            "auto_verified_attributes": p.get("AutoVerifiedAttributes"),
            "username_attributes": p.get("UsernameAttributes"),
            "alias_attributes": p.get("AliasAttributes"),
            "tags": map_tags(tags) if isinstance(tags, dict) else {},
        },
    )


def _aws_policy(attrs: Attrs) -> dict[str, Any]:
    policy = first_block(attrs.get("password_policy"))
    return {key: policy[name] for name, key in POLICY.items() if policy.get(name) is not None}


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "UserPoolName": a.get("name"),
        "MfaConfiguration": a.get("mfa_configuration"),
        "DeletionProtection": a.get("deletion_protection"),
        "Policies": {"PasswordPolicy": _aws_policy(a)},
        "AutoVerifiedAttributes": list(a.get("auto_verified_attributes") or ()) or None,
        "UsernameAttributes": list(a.get("username_attributes") or ()) or None,
        "AliasAttributes": list(a.get("alias_attributes") or ()) or None,
        "UserPoolTags": dict(a.get("tags") or {}) or None,
    }


# --- revert ---------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _updatable() -> frozenset[str]:
    model = botocore.session.get_session().get_service_model(SERVICE)
    shape = model.operation_model("UpdateUserPool").input_shape
    return frozenset(shape.members if shape is not None else ())


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """Every setting DescribeUserPool answered (AWS resets what an update leaves out),
    with the declared ones put back."""
    held = (ctx.facts.get("pool") or {}).get("UserPool") or {}
    params: dict[str, Any] = {
        k: v for k, v in held.items() if k in _updatable() and k not in ("UserPoolId", "PoolName")
    }
    # AWS rejects a temporary password validity set twice (policy and admin-create-user)
    admin = dict(params.get("AdminCreateUserConfig") or {})
    admin.pop("UnusedAccountValidityDays", None)
    if "AdminCreateUserConfig" in params:
        params["AdminCreateUserConfig"] = admin
    policies = dict(params.get("Policies") or {})
    policies["PasswordPolicy"] = {
        **(policies.get("PasswordPolicy") or {}),
        **_aws_policy(after),
    }
    params.update(
        UserPoolId=ctx.id,
        Policies=policies,
        MfaConfiguration=after.get("mfa_configuration") or "OFF",
        DeletionProtection=after.get("deletion_protection") or "INACTIVE",
        AutoVerifiedAttributes=sorted(after.get("auto_verified_attributes") or ()),
    )
    return [ctx.call(SERVICE, "update_user_pool", **params)]


def _arn(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
    found = attrs.get("arn")
    if not (isinstance(found, str) and found.startswith("arn:")):
        found = f"arn:aws:cognito-idp:{ctx.region}:{ctx.account}:userpool/{ctx.id}"
    return {"ResourceArn": found}


def _tag_dict(tags: dict[str, str]) -> dict[str, str]:
    return dict(sorted(tags.items()))


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "PoolName": desired["name"],
        "MfaConfiguration": desired.get("mfa_configuration") or "OFF",
        "DeletionProtection": desired.get("deletion_protection") or "INACTIVE",
    }
    if _aws_policy(desired):
        params["Policies"] = {"PasswordPolicy": _aws_policy(desired)}
    for name, key in (
        ("auto_verified_attributes", "AutoVerifiedAttributes"),
        ("username_attributes", "UsernameAttributes"),
        ("alias_attributes", "AliasAttributes"),
    ):
        if desired.get(name):
            params[key] = sorted(desired[name])
    if desired.get("tags"):
        params["UserPoolTags"] = _tag_dict(desired["tags"])
    output = {pending(ctx).name: "UserPool.Id"}
    return [ctx.producing(output, SERVICE, "create_user_pool", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_user_pool", UserPoolId=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """A pool with deletion protection on: AWS refuses its delete; a human turns it off."""
    if live.get("deletion_protection") == "ACTIVE":
        return "deletion protection is on: a human turns it off first"
    return None


def _read(r: Any, unit: Any) -> list[Resource]:
    """One pool: DescribeUserPool by its id gives the listed item, then the scan's reads."""

    def pick(answer: Any) -> Item | None:
        pool = (answer or {}).get("UserPool")
        return {"Id": pool["Id"], "Name": pool.get("Name")} if pool else None

    params = {"UserPoolId": unit.id}
    return reader(SCAN, SERVICE, "describe_user_pool", lambda rid: params, pick, GONE)(r, unit)


EMITS = (TYPE,)

EVENTS = Events(
    source="cognito-idp.amazonaws.com",
    service=SERVICE,
    create=("CreateUserPool",),
    change=("UpdateUserPool", "SetUserPoolMfaConfig", "TagResource", "UntagResource"),
    delete=("DeleteUserPool",),
    ids=("responseElements.userPool.id", "requestParameters.userPoolId"),
    touches={
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
        "SetUserPoolMfaConfig": frozenset({"mfa_configuration"}),
    },
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=SETS,
            natural_keys=(CFN_KEY, ("name",)),
            declared_defaults={
                "tags": {},
                "mfa_configuration": "OFF",
                "deletion_protection": "INACTIVE",
                "auto_verified_attributes": [],
                "username_attributes": [],
                "alias_attributes": [],
            },
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            shape={"password_policy": "single"},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="user pool id (`<region>_…`)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater((*UPDATED, "auto_verified_attributes"), _update),
                Updater(
                    ("tags",),
                    tagger(
                        SERVICE,
                        ("tag_resource", "Tags"),
                        ("untag_resource", "TagKeys"),
                        _arn,
                        shape=_tag_dict,
                    ),
                ),
            ),
            fixed={"name": REPLACE, "username_attributes": REPLACE, "alias_attributes": REPLACE},
            create=Create(_create, dict, new_id),
            delete=Delete(_delete, _refuse),
            facts=(
                Fact(
                    "pool",
                    SERVICE,
                    "describe_user_pool",
                    lambda ctx, live: {"UserPoolId": ctx.id},
                    frozenset({"update"}),
                ),
            ),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Cognito::UserPool",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Arn": ("arn",), "UserPoolId": ("id",)},
            name_attr="name",
            properties={
                TYPE: {
                    "mfa_configuration": ("scalar", ("MfaConfiguration",)),
                    "deletion_protection": ("scalar", ("DeletionProtection",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cognitoidp",
            "UserPool",
            TYPE,
            external_name=xp_prefixed(),
            tagged=True,
            fields={
                "mfa_configuration": ("scalar", ("mfaConfiguration",)),
                "deletion_protection": ("scalar", ("deletionProtection",)),
                "tags": ("map", ("tags",)),
            },
            importable=True,
        ),
    ),
)
