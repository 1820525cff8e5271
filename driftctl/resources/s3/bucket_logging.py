"""aws_s3_bucket_logging: where a bucket's server access logs go.

Live: GetBucketLogging per bucket; an answer without LoggingEnabled is logging off,
AWS's own default (never unmanaged). Compared: `target_bucket` and `target_prefix`
(an unset prefix is ""). A revert puts the declared target back with PutBucketLogging;
an unmanaged one is turned off (an empty BucketLoggingStatus). Checked against real
Terraform in tests/tf/test_s3b.py (the prefix changed out of band).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.revert import Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType, first_block
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

TYPE = "aws_s3_bucket_logging"
OFF = {"target_bucket": None, "target_prefix": ""}


def _live(response: Any) -> dict[str, Any]:
    enabled = (response or {}).get("LoggingEnabled")
    if not enabled:
        return dict(OFF)
    return {
        "target_bucket": enabled.get("TargetBucket"),
        "target_prefix": enabled.get("TargetPrefix") or "",
    }


def _tf_inline(value: Any) -> dict[str, Any] | None:
    """aws_s3_bucket's inline `logging { target_bucket, target_prefix }` (provider v3)."""
    block = first_block(value)
    if not block:
        return None
    return {
        "target_bucket": block.get("target_bucket"),
        "target_prefix": block.get("target_prefix"),
    }


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    conf = props.get("LoggingConfiguration")
    if not isinstance(conf, dict):
        return None
    return {
        "target_bucket": conf.get("DestinationBucketName"),
        "target_prefix": conf.get("LogFilePrefix"),
    }


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    logging = spec.get("logging")
    enabled = logging.get("loggingEnabled") if isinstance(logging, dict) else None
    if not isinstance(enabled, dict):
        return None
    return {
        "target_bucket": enabled.get("targetBucket"),
        "target_prefix": enabled.get("targetPrefix"),
    }


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket("logging", "get_bucket_logging"),
    live=_live,
    tf_inline=("logging", _tf_inline),
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
    cfn_properties={
        "target_bucket": ("scalar", ("LoggingConfiguration", "DestinationBucketName")),
        "target_prefix": ("scalar", ("LoggingConfiguration", "LogFilePrefix")),
    },
    ack_fields={
        "target_bucket": ("scalar", ("logging", "loggingEnabled", "targetBucket")),
        "target_prefix": ("scalar", ("logging", "loggingEnabled", "targetPrefix")),
    },
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    if "target_prefix" in attrs and attrs["target_prefix"] is None:
        return {**attrs, "target_prefix": ""}
    return attrs


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    target = after.get("target_bucket", before.get("target_bucket"))
    if not target:
        return [ctx.call("s3", "put_bucket_logging", Bucket=ctx.id, BucketLoggingStatus={})]
    prefix = after.get("target_prefix", before.get("target_prefix")) or ""
    enabled = {"TargetBucket": target, "TargetPrefix": prefix}
    return [
        ctx.call(
            "s3",
            "put_bucket_logging",
            Bucket=ctx.id,
            BucketLoggingStatus={"LoggingEnabled": enabled},
        )
    ]


def _turn_off(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("s3", "put_bucket_logging", Bucket=ctx.id, BucketLoggingStatus={})]


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketLogging",),
    change=("PutBucketLogging",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"target_bucket", "target_prefix"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            declared_defaults={"target_prefix": ""},
            normalize=_normalize,
            is_aws_default=lambda r: not r.attrs.get("target_bucket"),
            parent=PARENT,
            from_terraform={TYPE: passthrough(TYPE)},
            id_doc=ID_DOC,
            state_key=_state_key,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("target_bucket", "target_prefix"), _put),),
            create=created_with_bucket(OFF),
            delete=Delete(_turn_off, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketLogging",
            TYPE,
            refs={"bucket": ("Bucket", ("id",)), "target_bucket": ("Bucket", ("id",))},
            fields={
                "target_bucket": ("scalar", ("targetBucket",)),
                "target_prefix": ("scalar", ("targetPrefix",)),
            },
        ),
    ),
)
