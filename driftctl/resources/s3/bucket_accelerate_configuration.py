"""aws_s3_bucket_accelerate_configuration: whether a bucket takes transfers through
CloudFront's edge locations (S3 Transfer Acceleration).

Live: GetBucketAccelerateConfiguration per bucket (only for a bucket something declares,
unless --deep-unmanaged); a bucket never accelerated answers no Status, read as
"Suspended": both mean transfers go straight to the bucket's region, AWS's own default,
never unmanaged. A revert writes the declared status; an undeclared "Enabled" on a
declared bucket is suspended.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.raw import RawResource
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
    per_bucket,
    plain,
)

TYPE = "aws_s3_bucket_accelerate_configuration"
SUSPENDED = "Suspended"  # also what a bucket never accelerated means


def _live(response: Any) -> dict[str, Any]:
    return {"status": (response or {}).get("Status") or SUSPENDED}


def _tf_inline(value: Any) -> dict[str, Any] | None:
    """aws_s3_bucket's `acceleration_status` (provider v3); empty: not declared."""
    return {"status": value} if isinstance(value, str) and value else None


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    conf = props.get("AccelerateConfiguration")
    if not isinstance(conf, dict):
        return None
    return {"status": conf.get("AccelerationStatus")}


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    conf = spec.get("accelerate")
    if not isinstance(conf, dict):
        return None
    return {"status": conf.get("status")}


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket("accelerate", "get_bucket_accelerate_configuration"),
    live=_live,
    tf_inline=("acceleration_status", _tf_inline),
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
    cfn_properties={"status": ("scalar", ("AccelerateConfiguration", "AccelerationStatus"))},
    ack_fields={"status": ("scalar", ("accelerate", "status"))},
)


def _from_tf(raw: RawResource) -> list[Resource]:
    return [
        plain(raw, TYPE, {"bucket": raw.attrs.get("bucket"), "status": raw.attrs.get("status")})
    ]


def _aws_default(r: Resource) -> bool:
    return r.attrs.get("status") in (None, SUSPENDED)


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    status = "Enabled" if after.get("status") == "Enabled" else SUSPENDED
    conf = {"Status": status}
    return [
        ctx.call(
            "s3", "put_bucket_accelerate_configuration", Bucket=ctx.id, AccelerateConfiguration=conf
        )
    ]


def _suspend(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return _put(ctx, {}, {"status": SUSPENDED})


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketAccelerateConfiguration",),
    change=("PutBucketAccelerateConfiguration",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"status"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            is_aws_default=_aws_default,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            id_doc=ID_DOC,
            state_key=_state_key,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("status",), _put),),
            create=created_with_bucket({"status": SUSPENDED}),
            delete=Delete(_suspend, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketAccelerateConfiguration",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
            fields={"status": ("scalar", ("status",))},
        ),
    ),
)
