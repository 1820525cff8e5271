"""aws_s3_bucket_object_lock_configuration: whether a bucket's object versions can be
locked (WORM), and the retention every new object version gets by default.

Live: GetObjectLockConfiguration per bucket (only for a bucket something declares, unless
--deep-unmanaged); ObjectLockConfigurationNotFoundError (a bucket made without object
lock) reads as no configuration, AWS's own default. A bucket with object lock on but no
default retention locks nothing by itself: it is what `object_lock_enabled = true` on
aws_s3_bucket (or CloudFormation's `ObjectLockEnabled`, ACK's
`objectLockEnabledForBucket`) makes, so it is not unmanaged either; a default retention
nobody declared is. Object lock is never turned off (Terraform's only value is
"Enabled"); a revert turns it on where it is off (AWS allows it on a versioned bucket),
writes the declared default retention or removes an undeclared one; existing locks on
object versions are never touched.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.raw import RawResource
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
    per_bucket,
    plain,
)

TYPE = "aws_s3_bucket_object_lock_configuration"
ENABLED = "Enabled"


def _retention(mode: Any, days: Any, years: Any) -> dict[str, Any]:
    """A default retention, its unset (or 0, Terraform's unset number) periods dropped."""
    out = {"mode": mode, "days": days, "years": years}
    return {k: v for k, v in out.items() if v not in (None, 0, "")}


def _live(response: Any) -> dict[str, Any]:
    conf = (response or {}).get("ObjectLockConfiguration") or {}
    retention = (conf.get("Rule") or {}).get("DefaultRetention") or {}
    rule = {}
    if retention:
        got = _retention(retention.get("Mode"), retention.get("Days"), retention.get("Years"))
        rule = {"default_retention": got}
    return {"object_lock_enabled": conf.get("ObjectLockEnabled"), "rule": rule}


def _tf_inline(value: Any) -> dict[str, Any] | None:
    """aws_s3_bucket's `object_lock_configuration` block (provider v3)."""
    block = first_block(value) if value else None
    if not isinstance(block, dict) or not block:
        return None
    return {
        "object_lock_enabled": block.get("object_lock_enabled") or ENABLED,
        "rule": block.get("rule") or {},
    }


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    conf = props.get("ObjectLockConfiguration")
    if not isinstance(conf, dict):
        return None
    retention = (conf.get("Rule") or {}).get("DefaultRetention") or {}
    rule = {}
    if retention:
        got = _retention(retention.get("Mode"), retention.get("Days"), retention.get("Years"))
        rule = {"default_retention": got}
    return {"object_lock_enabled": conf.get("ObjectLockEnabled") or ENABLED, "rule": rule}


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    # ACK's Bucket says only whether the bucket is made with object lock
    if spec.get("objectLockEnabledForBucket") is not True:
        return None
    return {"object_lock_enabled": ENABLED}


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket(
        "object_lock",
        "get_object_lock_configuration",
        frozenset({"ObjectLockConfigurationNotFoundError"}),
    ),
    live=_live,
    tf_inline=("object_lock_configuration", _tf_inline),
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
    cfn_properties={
        "object_lock_enabled": ("scalar", ("ObjectLockConfiguration", "ObjectLockEnabled")),
        "rule.default_retention.mode": (
            "scalar",
            ("ObjectLockConfiguration", "Rule", "DefaultRetention", "Mode"),
        ),
        "rule.default_retention.days": (
            "scalar",
            ("ObjectLockConfiguration", "Rule", "DefaultRetention", "Days"),
        ),
        "rule.default_retention.years": (
            "scalar",
            ("ObjectLockConfiguration", "Rule", "DefaultRetention", "Years"),
        ),
    },
)


def _from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    attrs: dict[str, Any] = {k: a[k] for k in ("bucket", "object_lock_enabled", "rule") if k in a}
    return [plain(raw, TYPE, attrs)]


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    if "rule" not in attrs:
        return attrs
    rule = first_block(attrs["rule"]) or {}
    retention = first_block(rule.get("default_retention")) if isinstance(rule, dict) else None
    if not isinstance(retention, dict) or not retention:
        return {**attrs, "rule": {}}
    got = _retention(retention.get("mode"), retention.get("days"), retention.get("years"))
    return {**attrs, "rule": {"default_retention": got}}


def _aws_default(r: Resource) -> bool:
    # no object lock, or object lock made with the bucket and no default retention
    return not (r.attrs.get("rule") or {}).get("default_retention")


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    conf: dict[str, Any] = {"ObjectLockEnabled": ENABLED}
    retention = (after.get("rule") or {}).get("default_retention") or {}
    if retention:
        names = {"mode": "Mode", "days": "Days", "years": "Years"}
        conf["Rule"] = {"DefaultRetention": {names[k]: v for k, v in retention.items()}}
    return [
        ctx.call("s3", "put_object_lock_configuration", Bucket=ctx.id, ObjectLockConfiguration=conf)
    ]


def _no_retention(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    # an undeclared default retention goes; object lock itself stays (it cannot be undone)
    return _put(ctx, {}, {"rule": {}})


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutObjectLockConfiguration",),
    change=("PutObjectLockConfiguration",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"object_lock_enabled", "rule"}),
            exact=frozenset({"rule"}),  # days or years: a period set by hand is drift
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            declared_defaults={"object_lock_enabled": ENABLED, "rule": {}},
            normalize=_normalize,
            is_aws_default=_aws_default,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            id_doc=ID_DOC,
            state_key=_state_key,
            shape={"rule": "single", "rule.default_retention": "single"},
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("object_lock_enabled", "rule"), _put),),
            create=created_with_bucket({"object_lock_enabled": None, "rule": {}}),
            delete=Delete(_no_retention, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketObjectLockConfiguration",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
            fields={
                "object_lock_enabled": ("scalar", ("objectLockEnabled",)),
                "rule.default_retention.mode": (
                    "scalar",
                    ("rule", "defaultRetention", "mode"),
                ),
                "rule.default_retention.days": (
                    "scalar",
                    ("rule", "defaultRetention", "days"),
                ),
                "rule.default_retention.years": (
                    "scalar",
                    ("rule", "defaultRetention", "years"),
                ),
            },
        ),
    ),
)
