"""aws_s3_bucket: the bucket, and the scan that reads it with every bucket setting.

Canonical shape: the separate Terraform types (aws_s3_bucket_versioning, ...; one
module each, beside this one, each described by a `BucketSetting`). The inline blocks
of aws_s3_bucket (provider v3 style), CloudFormation's AWS::S3::Bucket properties and
ACK's Bucket spec are split into those types, so a bucket written any way compares the
same. Every live bucket yields every setting, with AWS's answer "not configured" mapped
to the value it means, and settings left at AWS's own defaults are never unmanaged.

A bucket is deleted by a revert only when it is empty: driftctl never deletes objects.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, Where, cfn_tags
from driftctl.base.helpers import pairs, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_attrs,
    tag_dict,
)
from driftctl.core.model import Ref, Resource
from driftctl.resources.s3 import (
    bucket_accelerate_configuration,
    bucket_acl,
    bucket_cors_configuration,
    bucket_encryption,
    bucket_object_lock_configuration,
    bucket_ownership_controls,
    bucket_policy,
    bucket_public_access_block,
    bucket_replication_configuration,
    bucket_versioning,
    bucket_website_configuration,
)
from driftctl.resources.s3 import bucket_lifecycle as s3_bucket_lifecycle
from driftctl.resources.s3 import bucket_logging as s3_bucket_logging
from driftctl.resources.s3 import bucket_notification as s3_bucket_notification
from driftctl.resources.s3.setting import BUCKET_KEY, ID_DOC, BucketSetting, per_bucket

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_s3_bucket"

# every bucket setting, in the order they are read and declared
SETTINGS: tuple[BucketSetting, ...] = (
    bucket_versioning.SETTING,
    bucket_encryption.SETTING,
    bucket_public_access_block.SETTING,
    bucket_policy.SETTING,
    s3_bucket_lifecycle.SETTING,
    s3_bucket_logging.SETTING,
    s3_bucket_notification.SETTING,
    bucket_ownership_controls.SETTING,
    bucket_acl.SETTING,
    bucket_cors_configuration.SETTING,
    bucket_website_configuration.SETTING,
    bucket_accelerate_configuration.SETTING,
    bucket_object_lock_configuration.SETTING,
    bucket_replication_configuration.SETTING,
)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    name = item["Name"]
    tag_set = (details.get("tagging") or {}).get("TagSet")
    bucket_region = item.get("BucketRegion") or region

    def res(rtype: str, attrs: dict[str, Any]) -> Resource:
        return Resource(rtype, name, None, {"bucket": name, **attrs}, region=bucket_region)

    own = {"arn": f"arn:aws:s3:::{name}", "tags": tag_dict(tag_set), **cfn_identity(tag_set)}
    settings = [res(s.type, s.live(details.get(s.detail.key))) for s in SETTINGS]
    locked = any(r.attrs.get("object_lock_enabled") == "Enabled" for r in settings)
    if locked:  # AWS turns versioning on with object lock: the versioning setting says so
        settings = [
            res(r.type, {**r.attrs, "object_lock_enabled": "Enabled"})
            if r.type == bucket_versioning.TYPE
            else r
            for r in settings
        ]
    return [res(TYPE, own), *settings]


SCAN = ScanSpec(
    name="s3_buckets",
    service="s3",
    global_service=True,
    listing=ListCall("list_buckets", "Buckets", page_size=10000),
    details=(
        per_bucket("tagging", "get_bucket_tagging", frozenset({"NoSuchTagSet"})),
        *(s.detail for s in SETTINGS),
    ),
    build=build,
    item_id=lambda item: str(item["Name"]),
    tags_detail="tagging",
)


# --- Terraform: a bucket's inline settings (provider v3) become the separate types -------


def _from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    bucket = a.get("bucket", Ref(raw.address, ("id",)))
    own = {k: v for k, v in a.items() if k in ("bucket", "bucket_prefix", "tags")}
    out = [Resource(TYPE, raw.import_id, raw.address, own, raw.source, provenance=raw.provenance)]
    for setting in SETTINGS:
        if setting.tf_inline is None:
            continue
        attr, convert = setting.tf_inline
        attrs = convert(a.get(attr))
        if attrs is not None:
            child = {"bucket": bucket, **attrs}
            out.append(Resource(setting.type, None, raw.address, child, raw.source))
    return out


def _state_drop(attrs: dict[str, Any], has: Callable[[str, tuple[str, ...]], bool]) -> None:
    """State repeats each separate setting in the bucket's computed inline block."""
    for setting in SETTINGS:
        if setting.tf_inline is not None and has(setting.type, (str(attrs.get("bucket")),)):
            attrs.pop(setting.tf_inline[0], None)


# --- CloudFormation: AWS::S3::Bucket carries its settings inline ---------------------------


def _cfn_bucket(d: Declaring) -> None:
    p = d.props
    d.emit(TYPE, {"bucket": p.get("BucketName"), "tags": d.tags()})
    name = p.get("BucketName") or Ref(d.logical, ("id",))
    for setting in SETTINGS:
        attrs = setting.cfn_inline(p) if setting.cfn_inline is not None else None
        if attrs is not None:
            d.emit(setting.type, {"bucket": name, **attrs}, TYPE)


CFN = CfnType(
    "AWS::S3::Bucket",
    _cfn_bucket,
    emits=(TYPE, *(s.type for s in SETTINGS if s.cfn_inline is not None)),
    ref=("id",),
    getatt={"Arn": ("arn",)},
    name_attr="bucket",
    properties={
        TYPE: {"tags": ("tags", ("Tags",))},
        **{s.type: s.cfn_properties for s in SETTINGS if s.cfn_properties},
    },
    imports={TYPE: lambda a: {"BucketName": a.get("bucket"), "Tags": cfn_tags(a)}},
)


# --- Crossplane: the external name is the bucket's name (upjet's NameAsIdentifier) -------


_xp_external_name = xp_same_name("bucket", overwrite=True, annotated_only=True)


_XP_TAGS: Where = ("map", ("tags",))
CROSSPLANE = CrossplaneKind(
    "s3",
    "Bucket",
    TYPE,
    external_name=_xp_external_name,
    tagged=True,
    fields={"tags": _XP_TAGS},
    importable=True,
)


# --- ACK: the Bucket kind carries its settings inline; adopted by its name --------------


def _ack_bucket(c: AckContext) -> list[RawResource]:
    s, name = c.spec, c.name()
    tagging = s.get("tagging")
    tags = c.tags(tagging.get("tagSet") if isinstance(tagging, dict) else None)
    out = [c.raw(TYPE, {"bucket": name, "tags": tags}, name)]
    for setting in SETTINGS:
        attrs = setting.ack_inline(s) if setting.ack_inline is not None else None
        if attrs is not None:
            out.append(c.raw(setting.type, {"bucket": name, **attrs}, owner=TYPE))
    return out


def _ack_adopt(rid: str, live: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    spec: dict[str, Any] = {"name": rid}
    tags = live.get("tags") or {}
    if tags:
        spec["tagging"] = {"tagSet": [{"key": k, "value": v} for k, v in sorted(tags.items())]}
    return spec, {"name": rid}


ACK = AckKind(
    "s3",
    "Bucket",
    TYPE,
    _ack_bucket,
    emits=(TYPE, *(s.type for s in SETTINGS if s.ack_inline is not None)),
    fields={
        TYPE: {"tags": ("tag_list", ("tagging", "tagSet"))},
        **{s.type: s.ack_fields for s in SETTINGS if s.ack_fields},
    },
    adopt=_ack_adopt,
)


# --- revert ---------------------------------------------------------------------------------


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    tags = after.get("tags") or {}
    if not tags:
        return [ctx.call("s3", "delete_bucket_tagging", Bucket=ctx.id)]
    return [ctx.call("s3", "put_bucket_tagging", Bucket=ctx.id, Tagging={"TagSet": pairs(tags)})]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Bucket": desired["bucket"]}
    if ctx.region != "us-east-1":
        params["CreateBucketConfiguration"] = {"LocationConstraint": ctx.region}
    return [ctx.call("s3", "create_bucket", **params)]


def _not_empty(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """it holds objects (driftctl never deletes objects)"""
    listing = ctx.facts.get("objects") or {}
    if listing.get("Versions") or listing.get("DeleteMarkers"):
        return (
            f"cannot delete bucket {ctx.id}: it is not empty, and driftctl never deletes "
            "objects (empty it by hand, or declare it)"
        )
    return None


def _bucket_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("bucket") or ctx.id)


def _objects(ctx: Ctx, live: Attrs) -> dict[str, Any]:
    return {"Bucket": ctx.id, "MaxKeys": 1}


REVERT = RevertSpec(
    type=TYPE,
    updaters=(Updater(("tags",), _tags),),
    fixed={"bucket": "a bucket cannot be renamed"},
    create=Create(_create, lambda d: {"bucket": d["bucket"], "tags": {}}, _bucket_id, ("bucket",)),
    delete=Delete(
        lambda ctx, live, children: [ctx.call("s3", "delete_bucket", Bucket=ctx.id)], _not_empty
    ),
    facts=(Fact("objects", "s3", "list_object_versions", _objects, frozenset({"delete"})),),
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One bucket and its settings, read again through the scan's own detail calls."""
    item = {"Name": unit.id, "BucketRegion": unit.region}
    details = reader.details(SCAN, unit, item, frozenset({"NoSuchBucket"}))
    return SCAN.build(item, details, unit.region)


def _read_attrs(reader: Reader, unit: Unit, touched: frozenset[str]) -> dict[str, Any] | None:
    """A bucket's tags alone: GetBucketTagging (the watch's read of a tagging event)."""
    if not touched <= {"tags"}:
        return None
    params = {"Bucket": unit.id}
    got = reader.call("s3", unit.region, "get_bucket_tagging", params, *_TAG_CODES)
    return tag_attrs((got or {}).get("TagSet"))


_TAG_CODES = (frozenset({"NoSuchTagSet"}), frozenset({"NoSuchBucket"}))  # absent, gone


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("CreateBucket",),
    change=(
        "PutBucketTagging",
        "DeleteBucketTagging",
    ),
    delete=("DeleteBucket",),
    ids=("requestParameters.bucketName",),
    touches={
        "PutBucketTagging": frozenset({"tags"}),
        "DeleteBucketTagging": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=frozenset({"bucket", "tags"}),
            exact=frozenset({"tags"}),
            natural_keys=(CFN_KEY, *BUCKET_KEY),
            name_prefix=("bucket", "bucket_prefix"),
            declared_id=lambda a: a.get("bucket"),
            declared_defaults={"tags": {}},
            from_terraform={TYPE: _from_tf},
            tags=True,
            computed=frozenset({"arn", "bucket"}),
            id_doc=ID_DOC,
            state_id=True,
            state_drop=_state_drop,
        ),
    ),
    scans=(SCAN,),
    reverts=(REVERT,),
    readers={SCAN.name: _read},
    attr_readers={SCAN.name: _read_attrs},
    cfn=(CFN,),
    crossplane=(CROSSPLANE,),
    ack=(ACK,),
)
