"""What every bucket setting shares (versioning, encryption, Block Public Access, policy):
a configuration AWS keeps per bucket and Terraform declares as a type of its own.

A `BucketSetting` says how the bucket scan reads it (one call per bucket, in the
bucket's own region), and how the formats that write it inline in the bucket declare
it (Terraform's provider-v3 blocks of aws_s3_bucket, CloudFormation's AWS::S3::Bucket
properties, ACK's Bucket spec). bucket.py reads every setting through these records;
each setting's own module holds the rest of its story (compare, revert, Crossplane).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from driftctl.base.calls import Attrs, Ctx
from driftctl.base.family import Where
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, no_calls
from driftctl.base.spec import DetailCall, Item
from driftctl.core.model import Resource

PARENT = ("aws_s3_bucket", "bucket")
BUCKET_KEY = (("bucket",),)
ID_DOC = "bucket name"

Attributes = dict[str, Any]
Inline = Callable[[Any], Attributes | None]  # the inline value -> the setting's attrs, or None


@dataclasses.dataclass(frozen=True)
class BucketSetting:
    type: str
    detail: DetailCall  # the per-bucket read
    live: Callable[[Any], Attributes]  # its response (None: "not configured") -> attrs
    # aws_s3_bucket's inline attribute for it, and its value -> the setting's attrs
    tf_inline: tuple[str, Inline] | None = None
    # AWS::S3::Bucket's properties -> the setting's attrs (Terraform-shaped), or None
    cfn_inline: Inline | None = None
    # ACK Bucket's spec -> the setting's attrs (Terraform-shaped), or None
    ack_inline: Inline | None = None
    # codify: where AWS::S3::Bucket / ACK's Bucket write each attribute
    cfn_properties: Mapping[str, Where] = dataclasses.field(default_factory=dict)
    ack_fields: Mapping[str, Where] = dataclasses.field(default_factory=dict)


def bucket_param(item: Item) -> dict[str, str]:
    return {"Bucket": item["Name"]}


def bucket_region(item: Item) -> str | None:
    """The bucket's own region (ListBuckets' BucketRegion): its detail calls go there."""
    region = item.get("BucketRegion")
    return region if isinstance(region, str) and region else None


def per_bucket(key: str, operation: str, absent: frozenset[str] = frozenset()) -> DetailCall:
    """A per-bucket read, made in the bucket's own region."""
    return DetailCall(key, operation, bucket_param, absent, region=bucket_region)


def plain(raw: RawResource, rtype: str, attrs: dict[str, Any]) -> Resource:
    return Resource(rtype, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)


def passthrough(rtype: str) -> Callable[[RawResource], list[Resource]]:
    def convert(raw: RawResource) -> list[Resource]:
        return [plain(raw, rtype, dict(raw.attrs))]

    return convert


def bucket_of(attrs: Mapping[str, Any]) -> Any:
    return attrs.get("bucket")


# -- revert: a setting of a new bucket ---------------------------------------------------


def _bucket_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("bucket") or ctx.id)


def created_with_bucket(fresh: dict[str, Any]) -> Create:
    """A setting of a new bucket: nothing to create, AWS's answer for it is `fresh`."""
    return Create(no_calls, lambda d: {"bucket": d.get("bucket"), **fresh}, _bucket_id, ("bucket",))
