"""aws_s3_bucket_versioning: whether a bucket keeps object versions (and MFA delete).

Live: GetBucketVersioning per bucket; a bucket never versioned answers no Status, read
as "Disabled". "Never enabled" and "Suspended" are the same state once normalized:
objects are not versioned; that state is AWS's own default, never unmanaged.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.raw import RawResource
from driftctl.base.revert import CannotRevert, Delete, RevertSpec, Updater
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

TYPE = "aws_s3_bucket_versioning"


def _live(response: Any) -> dict[str, Any]:
    versioning = response or {}
    return {
        "versioning_configuration": {
            "status": versioning.get("Status", "Disabled"),
            "mfa_delete": versioning.get("MFADelete", "Disabled"),
        }
    }


def _inline_block(block: dict[str, Any]) -> dict[str, Any]:
    """aws_s3_bucket's inline `versioning { enabled, mfa_delete }` (provider v3)."""
    conf: dict[str, Any] = {"status": "Enabled" if block.get("enabled") is True else "Suspended"}
    if "mfa_delete" in block:
        conf["mfa_delete"] = "Enabled" if block["mfa_delete"] is True else "Disabled"
    return {"versioning_configuration": conf}


def _tf_inline(value: Any) -> dict[str, Any] | None:
    return _inline_block(first_block(value)) if value else None


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    versioning = props.get("VersioningConfiguration")
    if not isinstance(versioning, dict):
        return None
    return {"versioning_configuration": [{"status": versioning.get("Status")}]}


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    versioning = spec.get("versioning")
    if not isinstance(versioning, dict):
        return None
    conf = {"status": versioning.get("status"), "mfa_delete": versioning.get("mfaDelete")}
    return {"versioning_configuration": [{k: v for k, v in conf.items() if v is not None}]}


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket("versioning", "get_bucket_versioning"),
    live=_live,
    tf_inline=("versioning", _tf_inline),
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
    cfn_properties={
        "versioning_configuration.status": ("scalar", ("VersioningConfiguration", "Status"))
    },
    ack_fields={
        "versioning_configuration.status": ("scalar", ("versioning", "status")),
        "versioning_configuration.mfa_delete": ("scalar", ("versioning", "mfaDelete")),
    },
)


def _from_tf(raw: RawResource) -> list[Resource]:
    conf = first_block(raw.attrs.get("versioning_configuration"))
    attrs = {"bucket": raw.attrs.get("bucket"), "versioning_configuration": conf}
    return [plain(raw, TYPE, attrs)]


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    conf = attrs.get("versioning_configuration")
    if isinstance(conf, dict) and conf.get("status") == "Disabled":
        # "never enabled" and "suspended" both mean: objects are not versioned
        attrs = {**attrs, "versioning_configuration": {**conf, "status": "Suspended"}}
    return attrs


def _aws_default(r: Resource) -> bool:
    conf = r.attrs["versioning_configuration"]
    # never enabled and suspended read the same once normalized: nothing is being versioned;
    # a bucket with object lock is versioned by AWS (bucket.build marks it), declared or not
    by_aws = r.attrs.get("object_lock_enabled") == "Enabled"
    quiet = ("Disabled", "Suspended", "Enabled") if by_aws else ("Disabled", "Suspended")
    return bool(conf["status"] in quiet and conf.get("mfa_delete") in (None, "Disabled"))


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
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


def _suspend(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    suspended = {"versioning_configuration": {"status": "Suspended"}}
    return _put(ctx, {}, suspended)


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketVersioning",),
    change=("PutBucketVersioning",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"versioning_configuration"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            normalize=_normalize,
            is_aws_default=_aws_default,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            id_doc=ID_DOC,
            state_key=_state_key,
            shape={"versioning_configuration": "single"},
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("versioning_configuration",), _put),),
            create=created_with_bucket(
                {"versioning_configuration": {"status": "Suspended", "mfa_delete": "Disabled"}}
            ),
            delete=Delete(_suspend, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketVersioning",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
            fields={
                "versioning_configuration.status": (
                    "scalar",
                    ("versioningConfiguration", "status"),
                ),
                "versioning_configuration.mfa_delete": (
                    "scalar",
                    ("versioningConfiguration", "mfaDelete"),
                ),
            },
        ),
    ),
)
