"""aws_s3_bucket_policy: a bucket's resource policy, compared as a canonical IAM document.

Live: GetBucketPolicy per bucket ("not configured" reads as no policy, AWS's default).
The document is compared whole (`exact`): a statement added live is drift.
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.policy import canonical_policy
from driftctl.base.revert import Delete, RevertSpec, Updater, document
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

TYPE = "aws_s3_bucket_policy"


def _live(response: Any) -> dict[str, Any]:
    """The bucket's policy. GetBucketPolicy's answer is the document itself (botocore takes
    the whole body, unparsed, as `Policy`): one that is not a JSON object is a broken answer
    (a proxy's error page, a truncated body), never a policy: raising ValueError makes the
    S3 scan incomplete (scanner.SHAPE_ERRORS) instead of inventing a policy per bucket."""
    policy = (response or {}).get("Policy")
    if policy is None:
        return {"policy": None}
    try:
        document = json.loads(policy) if isinstance(policy, (str, bytes)) else None
    except ValueError:  # JSONDecodeError, or bytes that are not UTF-8
        document = None
    if not isinstance(document, dict):
        shown = repr(policy[:40]) if isinstance(policy, (str, bytes)) else type(policy).__name__
        raise ValueError(f"GetBucketPolicy answered with a body that is not a policy: {shown}")
    return {"policy": policy}


def _tf_inline(value: Any) -> dict[str, Any] | None:
    return {"policy": value} if value is not None else None


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    return {"policy": spec["policy"]} if spec.get("policy") is not None else None


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket("policy", "get_bucket_policy", frozenset({"NoSuchBucketPolicy"})),
    live=_live,
    tf_inline=("policy", _tf_inline),
    ack_inline=_ack_inline,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    return (
        {**attrs, "policy": canonical_policy(attrs.get("policy"))} if "policy" in attrs else attrs
    )


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    policy = after.get("policy")
    if policy is None:
        return [ctx.call("s3", "delete_bucket_policy", Bucket=ctx.id)]
    return [ctx.call("s3", "put_bucket_policy", Bucket=ctx.id, Policy=document(policy))]


def _remove(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("s3", "delete_bucket_policy", Bucket=ctx.id)]


def _cfn_bucket_policy(d: Declaring) -> None:
    attrs = {"bucket": d.props.get("Bucket"), "policy": d.props.get("PolicyDocument")}
    d.emit(TYPE, attrs)


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketPolicy",),
    change=("PutBucketPolicy",),
    delete=("DeleteBucketPolicy",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"policy"}),
            exact=frozenset({"policy"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            normalize=_normalize,
            is_aws_default=lambda r: r.attrs.get("policy") is None,
            parent=PARENT,
            from_terraform={TYPE: passthrough(TYPE)},
            documents=frozenset({"policy"}),
            id_doc=ID_DOC,
            state_key=_state_key,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("policy",), _put),),
            create=created_with_bucket({"policy": None}),
            delete=Delete(_remove, with_parent=True),
        ),
    ),
    cfn=(CfnType("AWS::S3::BucketPolicy", _cfn_bucket_policy, emits=(TYPE,)),),
    crossplane=(CrossplaneKind("s3", "BucketPolicy", TYPE, refs={"bucket": ("Bucket", ("id",))}),),
)
