"""aws_s3_bucket_ownership_controls on moto: read with every bucket, compared, reverted;
AWS's own defaults (no controls, BucketOwnerEnforced) are never unmanaged."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.hcl import REGION, changed, kinds, revert_all, scan
from tests.resources.helpers import drifts, plan_calls, run, write
from tests.resources.helpers import scan as scan_report

HCL = """
resource "aws_s3_bucket" "site" {
  bucket = "own-site"
}
resource "aws_s3_bucket_ownership_controls" "site" {
  bucket = aws_s3_bucket.site.id
  rule {
    object_ownership = "BucketOwnerPreferred"
  }
}
resource "aws_s3_bucket" "plain" {
  bucket = "own-plain"
}
"""


def _buckets(plain: str | None = None) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="own-site")
    s3.put_bucket_ownership_controls(
        Bucket="own-site",
        OwnershipControls={"Rules": [{"ObjectOwnership": "BucketOwnerPreferred"}]},
    )
    if plain is None:
        s3.create_bucket(Bucket="own-plain")
    else:
        s3.create_bucket(Bucket="own-plain", ObjectOwnership=plain)  # type: ignore[arg-type]


def test_in_sync_and_aws_defaults_are_not_unmanaged(aws: None, tmp_path: Path) -> None:
    _buckets(plain="BucketOwnerEnforced")  # every new bucket's since 2023
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="own-by-hand")  # no controls at all: a bucket before 2023
    assert kinds(scan(tmp_path, HCL)) == [("unmanaged", "aws_s3_bucket", "own-by-hand")]


def test_a_changed_rule_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    _buckets()
    boto3.client("s3", region_name=REGION).put_bucket_ownership_controls(
        Bucket="own-site", OwnershipControls={"Rules": [{"ObjectOwnership": "ObjectWriter"}]}
    )
    found = scan(tmp_path, HCL)
    assert changed(found, "aws_s3_bucket_ownership_controls.site") == {
        "rule.object_ownership": ("BucketOwnerPreferred", "ObjectWriter")
    }
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_removed_controls_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    """A bucket always has a setting: removed controls read as no rule."""
    _buckets()
    boto3.client("s3", region_name=REGION).delete_bucket_ownership_controls(Bucket="own-site")
    assert changed(scan(tmp_path, HCL), "aws_s3_bucket_ownership_controls.site") == {
        "rule.object_ownership": ("BucketOwnerPreferred", None)
    }
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_undeclared_controls_are_unmanaged_and_enforced_again(aws: None, tmp_path: Path) -> None:
    _buckets(plain="ObjectWriter")
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan_report(directory)) == [
        ("unmanaged", "aws_s3_bucket_ownership_controls.own-plain", [])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        (
            "put_bucket_ownership_controls",
            {
                "Bucket": "own-plain",
                "OwnershipControls": {"Rules": [{"ObjectOwnership": "BucketOwnerEnforced"}]},
            },
        )
    ]
    run(calls)
    assert drifts(scan_report(directory)) == []
