"""Reverting S3: buckets and the bucket settings Terraform splits into their own types.

Every setting is written whole (PutBucketTagging with the full wanted tag set, the four
Block Public Access flags together), so one call per setting puts it back exactly.
A bucket is deleted only when it is empty: driftctl never deletes objects.
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.aws.s3 import PAB_FLAGS, PAB_KEYS
from driftctl.model import Resource
from driftctl.revert.calls import Attrs, Call, Ctx
from driftctl.revert.spec import (
    CannotRevert,
    Create,
    Delete,
    Fact,
    RevertSpec,
    Updater,
    as_bool,
    tag_list,
)

_SETTING = "a bucket setting goes with its bucket"


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    tags = after.get("tags") or {}
    if not tags:
        return [ctx.call("s3", "delete_bucket_tagging", Bucket=ctx.id)]
    return [ctx.call("s3", "put_bucket_tagging", Bucket=ctx.id, Tagging={"TagSet": tag_list(tags)})]


def _create_bucket(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Bucket": desired["bucket"]}
    if ctx.region != "us-east-1":
        params["CreateBucketConfiguration"] = {"LocationConstraint": ctx.region}
    return [ctx.call("s3", "create_bucket", **params)]


def _not_empty(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    listing = ctx.facts.get("objects") or {}
    if listing.get("Versions") or listing.get("DeleteMarkers"):
        return (
            f"cannot delete bucket {ctx.id}: it is not empty, and driftctl never deletes "
            "objects (empty it by hand, or declare it)"
        )
    return None


def _versioning(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    old = before.get("versioning_configuration") or {}
    new = after.get("versioning_configuration") or {}
    if (old.get("mfa_delete") or "Disabled") != (new.get("mfa_delete") or "Disabled"):
        raise CannotRevert("MFA delete can only be changed with the root user's MFA device")
    status = "Enabled" if new.get("status") == "Enabled" else "Suspended"
    return [
        ctx.call(
            "s3", "put_bucket_versioning", Bucket=ctx.id, VersioningConfiguration={"Status": status}
        )
    ]


def _suspend_versioning(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    suspended = {"versioning_configuration": {"status": "Suspended"}}
    return _versioning(ctx, {}, suspended)


def _encryption(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    rule = after.get("rule") or {}
    if not rule.get("sse_algorithm"):
        return [ctx.call("s3", "delete_bucket_encryption", Bucket=ctx.id)]
    by_default = {"SSEAlgorithm": rule["sse_algorithm"]}
    if rule.get("kms_master_key_id"):
        by_default["KMSMasterKeyID"] = rule["kms_master_key_id"]
    aws_rule: dict[str, Any] = {"ApplyServerSideEncryptionByDefault": by_default}
    if rule.get("bucket_key_enabled") is not None:
        aws_rule["BucketKeyEnabled"] = as_bool(rule["bucket_key_enabled"])
    conf = {"Rules": [aws_rule]}
    return [
        ctx.call(
            "s3", "put_bucket_encryption", Bucket=ctx.id, ServerSideEncryptionConfiguration=conf
        )
    ]


def _remove_encryption(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("s3", "delete_bucket_encryption", Bucket=ctx.id)]


def _public_access_block(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
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
    return _public_access_block(ctx, {}, dict.fromkeys(PAB_FLAGS, True))


def _policy(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    policy = after.get("policy")
    if policy is None:
        return [ctx.call("s3", "delete_bucket_policy", Bucket=ctx.id)]
    text = policy if isinstance(policy, str) else json.dumps(policy)
    return [ctx.call("s3", "put_bucket_policy", Bucket=ctx.id, Policy=text)]


def _remove_policy(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("s3", "delete_bucket_policy", Bucket=ctx.id)]


def _no_calls(ctx: Ctx, desired: Attrs) -> list[Call]:
    return []


def _bucket_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("bucket") or ctx.id)


def _setting(fresh: dict[str, Any]) -> Create:
    """A setting of a new bucket: nothing to create, AWS's answer for it is `fresh`."""
    return Create(
        _no_calls, lambda d: {"bucket": d.get("bucket"), **fresh}, _bucket_id, ("bucket",)
    )


def _objects(ctx: Ctx, live: Attrs) -> dict[str, Any]:
    return {"Bucket": ctx.id, "MaxKeys": 1}


REVERTS = [
    RevertSpec(
        type="aws_s3_bucket",
        updaters=(Updater(("tags",), _tags),),
        fixed={"bucket": "a bucket cannot be renamed"},
        create=Create(
            _create_bucket, lambda d: {"bucket": d["bucket"], "tags": {}}, _bucket_id, ("bucket",)
        ),
        delete=Delete(
            lambda ctx, live, children: [ctx.call("s3", "delete_bucket", Bucket=ctx.id)], _not_empty
        ),
        facts=(Fact("objects", "s3", "list_object_versions", _objects, frozenset({"delete"})),),
    ),
    RevertSpec(
        type="aws_s3_bucket_versioning",
        updaters=(Updater(("versioning_configuration",), _versioning),),
        create=_setting(
            {"versioning_configuration": {"status": "Suspended", "mfa_delete": "Disabled"}}
        ),
        delete=Delete(_suspend_versioning, with_parent=True),
    ),
    RevertSpec(
        type="aws_s3_bucket_server_side_encryption_configuration",
        updaters=(Updater(("rule",), _encryption),),
        create=_setting({"rule": {}}),
        delete=Delete(_remove_encryption, with_parent=True),
    ),
    RevertSpec(
        type="aws_s3_bucket_public_access_block",
        updaters=(Updater(PAB_FLAGS, _public_access_block),),
        create=_setting(dict.fromkeys(PAB_FLAGS, False)),
        delete=Delete(_block_all, with_parent=True),
    ),
    RevertSpec(
        type="aws_s3_bucket_policy",
        updaters=(Updater(("policy",), _policy),),
        create=_setting({"policy": None}),
        delete=Delete(_remove_policy, with_parent=True),
    ),
]
