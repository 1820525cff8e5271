"""S3: buckets and the bucket-level configurations Terraform splits into their own types.

Canonical shape: the separate Terraform types (aws_s3_bucket_versioning, ...). The
inline blocks of aws_s3_bucket (provider v3 style) are split into those types, so a
stack written either way compares the same. Every live bucket yields every child,
with AWS's answer "not configured" mapped to the value it means (no versioning,
no encryption, no public access block, no policy), and children left at AWS's own
defaults are never reported as unmanaged.
"""

from __future__ import annotations

from typing import Any

from driftctl.aws.policy import canonical_policy
from driftctl.aws.types import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    first_block,
    tag_dict,
)
from driftctl.declared.raw import RawResource
from driftctl.model import Ref, Resource

# Terraform attribute -> PublicAccessBlockConfiguration key
PAB_KEYS = {
    "block_public_acls": "BlockPublicAcls",
    "block_public_policy": "BlockPublicPolicy",
    "ignore_public_acls": "IgnorePublicAcls",
    "restrict_public_buckets": "RestrictPublicBuckets",
}
PAB_FLAGS = tuple(PAB_KEYS)


def _bucket(item: Item) -> dict[str, str]:
    return {"Bucket": item["Name"]}


def _bucket_region(item: Item) -> str | None:
    """The bucket's own region (ListBuckets' BucketRegion): its detail calls go there."""
    region = item.get("BucketRegion")
    return region if isinstance(region, str) and region else None


_HOME: dict[str, Any] = {"region": _bucket_region}


def build_bucket(item: Item, details: Details, region: str) -> list[Resource]:
    name = item["Name"]
    tag_set = (details.get("tagging") or {}).get("TagSet")
    tags = tag_dict(tag_set)
    versioning = details.get("versioning") or {}
    sse_rules = (
        (details.get("encryption") or {}).get("ServerSideEncryptionConfiguration") or {}
    ).get("Rules") or [{}]
    by_default = sse_rules[0].get("ApplyServerSideEncryptionByDefault") or {}
    rule: dict[str, Any] = {}
    if by_default:
        rule = {
            "sse_algorithm": by_default.get("SSEAlgorithm"),
            "kms_master_key_id": by_default.get("KMSMasterKeyID"),
            "bucket_key_enabled": bool(sse_rules[0].get("BucketKeyEnabled", False)),
        }
    pab = (details.get("public_access_block") or {}).get("PublicAccessBlockConfiguration") or {}
    policy = (details.get("policy") or {}).get("Policy")
    bucket_region = item.get("BucketRegion") or region

    def res(rtype: str, attrs: dict[str, Any]) -> Resource:
        return Resource(rtype, name, None, {"bucket": name, **attrs}, region=bucket_region)

    return [
        res(
            "aws_s3_bucket",
            {"arn": f"arn:aws:s3:::{name}", "tags": tags, **cfn_identity(tag_set)},
        ),
        res(
            "aws_s3_bucket_versioning",
            {
                "versioning_configuration": {
                    "status": versioning.get("Status", "Disabled"),
                    "mfa_delete": versioning.get("MFADelete", "Disabled"),
                }
            },
        ),
        res("aws_s3_bucket_server_side_encryption_configuration", {"rule": rule}),
        res(
            "aws_s3_bucket_public_access_block",
            {flag: bool(pab.get(key, False)) for flag, key in PAB_KEYS.items()},
        ),
        res("aws_s3_bucket_policy", {"policy": policy}),
    ]


SCANS = [
    ScanSpec(
        name="s3_buckets",
        service="s3",
        global_service=True,
        listing=ListCall("list_buckets", "Buckets", page_size=10000),
        details=(
            DetailCall(
                "tagging", "get_bucket_tagging", _bucket, frozenset({"NoSuchTagSet"}), **_HOME
            ),
            DetailCall("versioning", "get_bucket_versioning", _bucket, **_HOME),
            DetailCall(
                "encryption",
                "get_bucket_encryption",
                _bucket,
                frozenset({"ServerSideEncryptionConfigurationNotFoundError"}),
                **_HOME,
            ),
            DetailCall(
                "public_access_block",
                "get_public_access_block",
                _bucket,
                frozenset({"NoSuchPublicAccessBlockConfiguration"}),
                **_HOME,
            ),
            DetailCall(
                "policy", "get_bucket_policy", _bucket, frozenset({"NoSuchBucketPolicy"}), **_HOME
            ),
        ),
        build=build_bucket,
    )
]


# --- declared side: Terraform onto the canonical types ---------------------------------


def _child(raw: RawResource, rtype: str, bucket: Any, attrs: dict[str, Any]) -> Resource:
    return Resource(rtype, None, raw.address, {"bucket": bucket, **attrs}, raw.source)


def _versioning_attrs(block: dict[str, Any]) -> dict[str, Any]:
    conf: dict[str, Any] = {"status": "Enabled" if block.get("enabled") is True else "Suspended"}
    if "mfa_delete" in block:
        conf["mfa_delete"] = "Enabled" if block["mfa_delete"] is True else "Disabled"
    return {"versioning_configuration": conf}


def _sse_rule(block: dict[str, Any]) -> dict[str, Any]:
    rule = first_block(block.get("rule"))
    by_default = first_block(rule.get("apply_server_side_encryption_by_default"))
    out = {k: v for k, v in by_default.items() if k in ("sse_algorithm", "kms_master_key_id")}
    if "bucket_key_enabled" in rule:
        out["bucket_key_enabled"] = rule["bucket_key_enabled"]
    return {"rule": out}


def bucket_from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    bucket = a.get("bucket", Ref(raw.address, ("id",)))
    own = {k: v for k, v in a.items() if k in ("bucket", "bucket_prefix", "tags")}
    out = [
        Resource(
            "aws_s3_bucket", raw.import_id, raw.address, own, raw.source, provenance=raw.provenance
        )
    ]
    if a.get("versioning"):
        out.append(
            _child(
                raw,
                "aws_s3_bucket_versioning",
                bucket,
                _versioning_attrs(first_block(a["versioning"])),
            )
        )
    if a.get("server_side_encryption_configuration"):
        sse = first_block(a["server_side_encryption_configuration"])
        out.append(
            _child(
                raw, "aws_s3_bucket_server_side_encryption_configuration", bucket, _sse_rule(sse)
            )
        )
    if a.get("policy") is not None:
        out.append(_child(raw, "aws_s3_bucket_policy", bucket, {"policy": a["policy"]}))
    return out


def versioning_from_tf(raw: RawResource) -> list[Resource]:
    conf = first_block(raw.attrs.get("versioning_configuration"))
    attrs = {"bucket": raw.attrs.get("bucket"), "versioning_configuration": conf}
    return [_plain(raw, "aws_s3_bucket_versioning", attrs)]


def sse_from_tf(raw: RawResource) -> list[Resource]:
    attrs = {"bucket": raw.attrs.get("bucket"), **_sse_rule(raw.attrs)}
    return [_plain(raw, "aws_s3_bucket_server_side_encryption_configuration", attrs)]


def _plain(raw: RawResource, rtype: str, attrs: dict[str, Any]) -> Resource:
    return Resource(rtype, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)


def passthrough(rtype: str) -> Any:
    def convert(raw: RawResource) -> list[Resource]:
        return [_plain(raw, rtype, dict(raw.attrs))]

    return convert


# --- normalizers and AWS defaults -------------------------------------------------------


def _norm_versioning(attrs: dict[str, Any]) -> dict[str, Any]:
    conf = attrs.get("versioning_configuration")
    if isinstance(conf, dict) and conf.get("status") == "Disabled":
        # "never enabled" and "suspended" both mean: objects are not versioned
        attrs = {**attrs, "versioning_configuration": {**conf, "status": "Suspended"}}
    return attrs


def _norm_policy(attrs: dict[str, Any]) -> dict[str, Any]:
    return (
        {**attrs, "policy": canonical_policy(attrs.get("policy"))} if "policy" in attrs else attrs
    )


def _versioning_default(r: Resource) -> bool:
    conf = r.attrs["versioning_configuration"]
    # never enabled and suspended read the same once normalized: nothing is being versioned
    return bool(
        conf["status"] in ("Disabled", "Suspended") and conf.get("mfa_delete") in (None, "Disabled")
    )


def _sse_default(r: Resource) -> bool:
    rule = r.attrs["rule"]
    return not rule or (
        rule.get("sse_algorithm") == "AES256"
        and not rule.get("kms_master_key_id")
        and not rule.get("bucket_key_enabled")
    )


def _pab_default(r: Resource) -> bool:
    # absent (all false, buckets before 2023) and all on (every bucket since) are AWS's own
    return len({r.attrs[f] for f in PAB_FLAGS}) == 1


PARENT = ("aws_s3_bucket", "bucket")
BUCKET_KEY = (("bucket",),)

TYPES = [
    ResourceType(
        name="aws_s3_bucket",
        scan="s3_buckets",
        compared=frozenset({"bucket", "tags"}),
        exact=frozenset({"tags"}),
        natural_keys=(CFN_KEY, *BUCKET_KEY),
        name_prefix=("bucket", "bucket_prefix"),
        declared_id=lambda a: a.get("bucket"),
        declared_defaults={"tags": {}},
        from_terraform={"aws_s3_bucket": bucket_from_tf},
        tags=True,
    ),
    ResourceType(
        name="aws_s3_bucket_versioning",
        scan="s3_buckets",
        compared=frozenset({"versioning_configuration"}),
        natural_keys=BUCKET_KEY,
        declared_id=lambda a: a.get("bucket"),
        normalize=_norm_versioning,
        is_aws_default=_versioning_default,
        parent=PARENT,
        from_terraform={"aws_s3_bucket_versioning": versioning_from_tf},
    ),
    ResourceType(
        name="aws_s3_bucket_server_side_encryption_configuration",
        scan="s3_buckets",
        compared=frozenset({"rule"}),
        natural_keys=BUCKET_KEY,
        declared_id=lambda a: a.get("bucket"),
        is_aws_default=_sse_default,
        parent=PARENT,
        from_terraform={"aws_s3_bucket_server_side_encryption_configuration": sse_from_tf},
    ),
    ResourceType(
        name="aws_s3_bucket_public_access_block",
        scan="s3_buckets",
        compared=frozenset(PAB_FLAGS),
        natural_keys=BUCKET_KEY,
        declared_id=lambda a: a.get("bucket"),
        declared_defaults=dict.fromkeys(PAB_FLAGS, False),
        is_aws_default=_pab_default,
        parent=PARENT,
        from_terraform={
            "aws_s3_bucket_public_access_block": passthrough("aws_s3_bucket_public_access_block")
        },
    ),
    ResourceType(
        name="aws_s3_bucket_policy",
        scan="s3_buckets",
        compared=frozenset({"policy"}),
        exact=frozenset({"policy"}),
        natural_keys=BUCKET_KEY,
        declared_id=lambda a: a.get("bucket"),
        normalize=_norm_policy,
        is_aws_default=lambda r: r.attrs.get("policy") is None,
        parent=PARENT,
        from_terraform={"aws_s3_bucket_policy": passthrough("aws_s3_bucket_policy")},
    ),
]
