"""aws_s3_bucket_acl: a bucket's access control list, as a canned ACL or as its grants.

Live: GetBucketAcl per bucket, read two ways: `access_control_policy` (the owner and the
grants, a set) and `acl`, the canned ACL those grants amount to (`private`: the owner's
FULL_CONTROL alone; `public-read`: and READ for everyone; ...), or none when no canned
ACL fits. A declaration compares what it sets: a canned `acl`, or the grants of its
`access_control_policy` (grantee display names are AWS's and never compared). On a
bucket, `bucket-owner-read` and `bucket-owner-full-control` grant the owner alone: they
are `private`.

Terraform's `acl` is write-only: its refresh reads the grants into the computed
`access_control_policy` and keeps `acl` as configured, so a grant added to a bucket
declared `acl = "private"` shows in its refresh-only plan under
`access_control_policy`, an attribute that configuration does not set, and `terraform
apply` does not put it back. driftctl compares the canned ACL the live grants amount
to, and reports it: `acl` changed from `private` to `public-read`.

The private ACL is AWS's default (and the only one a bucket with BucketOwnerEnforced
ownership has): never unmanaged. A revert puts the declared canned ACL or grants back;
an undeclared ACL of a declared bucket goes back to `private`. The provider-v3 inline
`acl` of aws_s3_bucket is read as this type; its inline `grant` blocks are not.
"""

from __future__ import annotations

import json
import re
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.revert import Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType, drop_none, first_block
from driftctl.core.model import Resource
from driftctl.resources.s3.setting import (
    BUCKET_KEY,
    ID_DOC,
    PARENT,
    BucketSetting,
    bucket_of,
    created_with_bucket,
    passthrough,
    per_bucket,
)

TYPE = "aws_s3_bucket_acl"
PRIVATE = "private"

_GROUPS = "http://acs.amazonaws.com/groups/"
ALL_USERS = _GROUPS + "global/AllUsers"
AUTHENTICATED_USERS = _GROUPS + "global/AuthenticatedUsers"
LOG_DELIVERY = _GROUPS + "s3/LogDelivery"
_OWNER = "owner"
# canned ACL -> its grants on a bucket, as (grantee, permission); the owner as "owner"
CANNED: dict[str, frozenset[tuple[str, str]]] = {
    PRIVATE: frozenset({(_OWNER, "FULL_CONTROL")}),
    "public-read": frozenset({(_OWNER, "FULL_CONTROL"), (ALL_USERS, "READ")}),
    "public-read-write": frozenset(
        {(_OWNER, "FULL_CONTROL"), (ALL_USERS, "READ"), (ALL_USERS, "WRITE")}
    ),
    "authenticated-read": frozenset({(_OWNER, "FULL_CONTROL"), (AUTHENTICATED_USERS, "READ")}),
    "log-delivery-write": frozenset(
        {(_OWNER, "FULL_CONTROL"), (LOG_DELIVERY, "WRITE"), (LOG_DELIVERY, "READ_ACP")}
    ),
}
# canned ACLs that grant a bucket's owner alone (they differ from private on objects only)
SAME_AS_PRIVATE = frozenset({"bucket-owner-read", "bucket-owner-full-control"})
# AWS's grantee fields -> Terraform's
_GRANTEE = {"Type": "type", "ID": "id", "URI": "uri", "EmailAddress": "email_address"}


def _grant(grantee: dict[str, Any], permission: Any) -> dict[str, Any]:
    return {"grantee": drop_none(grantee), "permission": permission}


def _live_grants(grants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for grant in grants:
        grantee = grant.get("Grantee") or {}
        out.append(
            _grant({tf: grantee.get(aws) for aws, tf in _GRANTEE.items()}, grant["Permission"])
        )
    return out


def canned(grants: list[dict[str, Any]], owner: str | None) -> str | None:
    """The canned ACL that these grants (canonical) amount to, or None."""
    found = set()
    for grant in grants:
        grantee = grant["grantee"]
        who = grantee.get("uri") or grantee.get("id") or grantee.get("email_address")
        found.add((_OWNER if who is not None and who == owner else str(who), grant["permission"]))
    return next((name for name, want in CANNED.items() if want == found), None)


def _live(response: Any) -> dict[str, Any]:
    acl = response or {}
    owner = (acl.get("Owner") or {}).get("ID")
    grants = _live_grants(acl.get("Grants") or [])
    policy = {"grant": grants, "owner": {"id": owner}}
    return {"acl": canned(grants, owner), "access_control_policy": policy}


def cfn_canned(name: Any) -> Any:
    """CloudFormation's `PublicRead` as Terraform's `public-read`."""
    return re.sub(r"(?<!^)([A-Z])", r"-\1", name).lower() if isinstance(name, str) else name


def _inline(value: Any) -> dict[str, Any] | None:
    return {"acl": value} if value else None


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket("acl", "get_bucket_acl"),
    live=_live,
    tf_inline=("acl", _inline),
    cfn_inline=lambda props: _inline(cfn_canned(props.get("AccessControl"))),
    ack_inline=lambda spec: _inline(spec.get("acl")),
    ack_fields={"acl": ("scalar", ("acl",))},
)


def _grant_key(grant: dict[str, Any]) -> str:
    return json.dumps(grant, sort_keys=True, default=str)


def _policy(value: Any) -> dict[str, Any]:
    """Terraform's access_control_policy block (or the live one): owner id, sorted grants
    with AWS's display names left out."""
    block = first_block(value)
    grants = []
    for grant in block.get("grant") or ():
        grantee = {
            k: v for k, v in first_block(grant.get("grantee")).items() if k in _GRANTEE.values()
        }
        grants.append(
            _grant(
                {k: v for k, v in grantee.items() if v not in (None, "")}, grant.get("permission")
            )
        )
    owner = first_block(block.get("owner")).get("id")
    return {"grant": sorted(grants, key=_grant_key), "owner": {"id": owner}}


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if out.get("acl") in SAME_AS_PRIVATE:
        out["acl"] = PRIVATE
    if out.get("access_control_policy"):
        out["access_control_policy"] = _policy(out["access_control_policy"])
    return out


def _aws_default(r: Resource) -> bool:
    return r.attrs.get("acl") == PRIVATE


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _aws_policy(policy: dict[str, Any]) -> dict[str, Any]:
    grants = []
    for grant in policy.get("grant") or ():
        grantee = {
            aws: grant["grantee"][tf] for aws, tf in _GRANTEE.items() if tf in grant["grantee"]
        }
        grants.append({"Grantee": grantee, "Permission": grant["permission"]})
    return {"Grants": grants, "Owner": {"ID": (policy.get("owner") or {}).get("id")}}


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """A changed canned ACL is put as such; otherwise the grants are put whole."""
    acl, policy = after.get("acl"), after.get("access_control_policy")
    if policy and (not acl or acl == before.get("acl")):
        return [
            ctx.call("s3", "put_bucket_acl", Bucket=ctx.id, AccessControlPolicy=_aws_policy(policy))
        ]
    return [ctx.call("s3", "put_bucket_acl", Bucket=ctx.id, ACL=acl or PRIVATE)]


def _private(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    # an undeclared ACL goes back to AWS's default: the owner alone
    return _put(ctx, {}, {"acl": PRIVATE})


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketAcl",),
    change=("PutBucketAcl",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"acl", "access_control_policy"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            normalize=_normalize,
            is_aws_default=_aws_default,
            parent=PARENT,
            from_terraform={TYPE: passthrough(TYPE)},
            id_doc=ID_DOC,
            state_key=_state_key,
            shape={
                "access_control_policy": "single",
                "access_control_policy.owner": "single",
                "access_control_policy.grant.grantee": "single",
            },
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("acl", "access_control_policy"), _put),),
            create=created_with_bucket({"acl": PRIVATE}),
            delete=Delete(_private, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketACL",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
            fields={"acl": ("scalar", ("acl",))},
        ),
    ),
)
