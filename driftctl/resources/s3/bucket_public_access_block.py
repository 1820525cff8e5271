"""aws_s3_bucket_public_access_block: a bucket's four Block Public Access flags.

Live: GetPublicAccessBlock per bucket ("not configured" reads as all four off). All
four off (buckets before 2023) and all four on (every bucket since) are AWS's own
defaults, never unmanaged. A revert writes the four flags together; an undeclared,
weakened Block Public Access goes back to AWS's default: all four on.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import as_bool
from driftctl.base.revert import Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType
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

TYPE = "aws_s3_bucket_public_access_block"

# Terraform attribute -> PublicAccessBlockConfiguration key (CloudFormation's too)
PAB_KEYS = {
    "block_public_acls": "BlockPublicAcls",
    "block_public_policy": "BlockPublicPolicy",
    "ignore_public_acls": "IgnorePublicAcls",
    "restrict_public_buckets": "RestrictPublicBuckets",
}
PAB_FLAGS = tuple(PAB_KEYS)
# Terraform attribute -> ACK's publicAccessBlock field
ACK_KEYS = {
    "block_public_acls": "blockPublicACLs",
    "block_public_policy": "blockPublicPolicy",
    "ignore_public_acls": "ignorePublicACLs",
    "restrict_public_buckets": "restrictPublicBuckets",
}


def _live(response: Any) -> dict[str, Any]:
    pab = (response or {}).get("PublicAccessBlockConfiguration") or {}
    return {flag: bool(pab.get(key, False)) for flag, key in PAB_KEYS.items()}


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    pab = props.get("PublicAccessBlockConfiguration")
    if not isinstance(pab, dict):
        return None
    return {flag: pab.get(key) for flag, key in PAB_KEYS.items()}


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    pab = spec.get("publicAccessBlock")
    if not isinstance(pab, dict):
        return None
    flags = {flag: pab.get(field) for flag, field in ACK_KEYS.items()}
    return {k: v for k, v in flags.items() if v is not None}


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket(
        "public_access_block",
        "get_public_access_block",
        frozenset({"NoSuchPublicAccessBlockConfiguration"}),
    ),
    live=_live,
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
    cfn_properties={
        flag: ("scalar", ("PublicAccessBlockConfiguration", key)) for flag, key in PAB_KEYS.items()
    },
    ack_fields={flag: ("scalar", ("publicAccessBlock", field)) for flag, field in ACK_KEYS.items()},
)


def _aws_default(r: Resource) -> bool:
    # absent (all false, buckets before 2023) and all on (every bucket since) are AWS's own
    return len({r.attrs[f] for f in PAB_FLAGS}) == 1


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    flags = {key: as_bool(after.get(flag, False)) for flag, key in PAB_KEYS.items()}
    if not any(flags.values()):
        return [ctx.call("s3", "delete_public_access_block", Bucket=ctx.id)]
    return [
        ctx.call(
            "s3", "put_public_access_block", Bucket=ctx.id, PublicAccessBlockConfiguration=flags
        )
    ]


def _block_all(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    # an undeclared, weakened Block Public Access goes back to AWS's default: all four on
    return _put(ctx, {}, dict.fromkeys(PAB_FLAGS, True))


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketPublicAccessBlock",),
    change=("PutBucketPublicAccessBlock",),
    delete=("DeleteBucketPublicAccessBlock",),
    ids=("requestParameters.bucketName",),
    operations={
        "PutBucketPublicAccessBlock": "PutPublicAccessBlock",
        "DeleteBucketPublicAccessBlock": "DeletePublicAccessBlock",
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset(PAB_FLAGS),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            declared_defaults=dict.fromkeys(PAB_FLAGS, False),
            is_aws_default=_aws_default,
            parent=PARENT,
            from_terraform={TYPE: passthrough(TYPE)},
            id_doc=ID_DOC,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(PAB_FLAGS, _put),),
            create=created_with_bucket(dict.fromkeys(PAB_FLAGS, False)),
            delete=Delete(_block_all, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketPublicAccessBlock",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
            fields={
                "block_public_acls": ("scalar", ("blockPublicAcls",)),
                "block_public_policy": ("scalar", ("blockPublicPolicy",)),
                "ignore_public_acls": ("scalar", ("ignorePublicAcls",)),
                "restrict_public_buckets": ("scalar", ("restrictPublicBuckets",)),
            },
        ),
    ),
)
