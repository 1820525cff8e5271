"""aws_s3_bucket_server_side_encryption_configuration: a bucket's default encryption.

Live: GetBucketEncryption per bucket ("not configured" reads as no rule). Since 2023
every bucket has SSE-S3 (AES256) by default: no rule, or AES256 without a KMS key or a
bucket key, is AWS's own default, never unmanaged.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import as_bool
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

TYPE = "aws_s3_bucket_server_side_encryption_configuration"


def _live(response: Any) -> dict[str, Any]:
    sse_rules = ((response or {}).get("ServerSideEncryptionConfiguration") or {}).get("Rules") or [
        {}
    ]
    by_default = sse_rules[0].get("ApplyServerSideEncryptionByDefault") or {}
    rule: dict[str, Any] = {}
    if by_default:
        rule = {
            "sse_algorithm": by_default.get("SSEAlgorithm"),
            "kms_master_key_id": by_default.get("KMSMasterKeyID"),
            "bucket_key_enabled": bool(sse_rules[0].get("BucketKeyEnabled", False)),
        }
    return {"rule": rule}


def _rule(block: dict[str, Any]) -> dict[str, Any]:
    """Terraform's `rule { apply_server_side_encryption_by_default {...} }` as one dict."""
    rule = first_block(block.get("rule"))
    by_default = first_block(rule.get("apply_server_side_encryption_by_default"))
    out = {k: v for k, v in by_default.items() if k in ("sse_algorithm", "kms_master_key_id")}
    if "bucket_key_enabled" in rule:
        out["bucket_key_enabled"] = rule["bucket_key_enabled"]
    return {"rule": out}


def _tf_inline(value: Any) -> dict[str, Any] | None:
    return _rule(first_block(value)) if value else None


def _first_rule(
    rules: Any, by_default_key: str, algorithm: str, kms_key: str, bucket_key: str
) -> dict[str, Any] | None:
    """The first rule of CloudFormation's or ACK's encryption as Terraform's rule block."""
    if not (isinstance(rules, list) and rules and isinstance(rules[0], dict)):
        return None
    by_default = rules[0].get(by_default_key) or {}
    pairs = (
        ("sse_algorithm", by_default.get(algorithm)),
        ("kms_master_key_id", by_default.get(kms_key)),
    )
    rule: dict[str, Any] = {
        "apply_server_side_encryption_by_default": [{k: v for k, v in pairs if v is not None}]
    }
    if bucket_key in rules[0]:
        rule["bucket_key_enabled"] = rules[0][bucket_key]
    return {"rule": [rule]}


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    encryption = props.get("BucketEncryption")
    rules = (
        encryption.get("ServerSideEncryptionConfiguration")
        if isinstance(encryption, dict)
        else None
    )
    return _first_rule(
        rules, "ServerSideEncryptionByDefault", "SSEAlgorithm", "KMSMasterKeyID", "BucketKeyEnabled"
    )


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    encryption = spec.get("encryption")
    rules = encryption.get("rules") if isinstance(encryption, dict) else None
    return _first_rule(
        rules,
        "applyServerSideEncryptionByDefault",
        "sseAlgorithm",
        "kmsMasterKeyID",
        "bucketKeyEnabled",
    )


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket(
        "encryption",
        "get_bucket_encryption",
        frozenset({"ServerSideEncryptionConfigurationNotFoundError"}),
    ),
    live=_live,
    tf_inline=("server_side_encryption_configuration", _tf_inline),
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
)


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {"bucket": raw.attrs.get("bucket"), **_rule(raw.attrs)}
    return [plain(raw, TYPE, attrs)]


def _aws_default(r: Resource) -> bool:
    rule = r.attrs["rule"]
    return not rule or (
        rule.get("sse_algorithm") == "AES256"
        and not rule.get("kms_master_key_id")
        and not rule.get("bucket_key_enabled")
    )


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
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


def _remove(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("s3", "delete_bucket_encryption", Bucket=ctx.id)]


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketEncryption",),
    change=("PutBucketEncryption",),
    delete=("DeleteBucketEncryption",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"rule"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            is_aws_default=_aws_default,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            id_doc=ID_DOC,
            state_key=_state_key,
            # S3 keeps one rule; its apply_server_side_encryption_by_default is read into it
            shape={"rule": "single", "rule.apply_server_side_encryption_by_default": "flatten"},
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("rule",), _put),),
            create=created_with_bucket({"rule": {}}),
            delete=Delete(_remove, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketServerSideEncryptionConfiguration",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
        ),
    ),
)
