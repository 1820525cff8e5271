"""aws_s3_bucket_cors_configuration on moto: read with every bucket, compared as sets
(order is not drift), reverted; no CORS configuration (AWS's default) is never
unmanaged."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.hcl import REGION, changed, kinds, revert_all, scan
from tests.resources.helpers import drifts, plan_calls, run, write
from tests.resources.helpers import scan as scan_report

HCL = """
resource "aws_s3_bucket" "site" {
  bucket = "cors-site"
}
resource "aws_s3_bucket_cors_configuration" "site" {
  bucket = aws_s3_bucket.site.id
  cors_rule {
    id              = "uploads"
    allowed_headers = ["*"]
    allowed_methods = ["PUT", "POST"]
    allowed_origins = ["https://example.com"]
    expose_headers  = ["ETag"]
    max_age_seconds = 3000
  }
  cors_rule {
    allowed_methods = ["GET"]
    allowed_origins = ["*"]
  }
}
resource "aws_s3_bucket" "plain" {
  bucket = "cors-plain"
}
"""
UPLOADS = {
    "ID": "uploads",
    "AllowedHeaders": ["*"],
    "AllowedMethods": ["POST", "PUT"],  # another order than declared: not drift
    "AllowedOrigins": ["https://example.com"],
    "ExposeHeaders": ["ETag"],
    "MaxAgeSeconds": 3000,
}
READ = {"AllowedMethods": ["GET"], "AllowedOrigins": ["*"]}


def _buckets() -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="cors-site")
    s3.create_bucket(Bucket="cors-plain")
    s3.put_bucket_cors(Bucket="cors-site", CORSConfiguration={"CORSRules": [READ, UPLOADS]})


def test_in_sync_and_no_cors_is_not_unmanaged(aws: None, tmp_path: Path) -> None:
    _buckets()
    boto3.client("s3", region_name=REGION).create_bucket(Bucket="cors-by-hand")
    assert kinds(scan(tmp_path, HCL)) == [("unmanaged", "aws_s3_bucket", "cors-by-hand")]


def test_a_changed_rule_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    _buckets()
    longer = {**UPLOADS, "MaxAgeSeconds": 60}
    boto3.client("s3", region_name=REGION).put_bucket_cors(
        Bucket="cors-site", CORSConfiguration={"CORSRules": [longer, READ]}
    )
    found = scan(tmp_path, HCL)
    assert changed(found, "aws_s3_bucket_cors_configuration.site") == {
        "cors_rule[0].max_age_seconds": (3000, 60)
    }
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []
    rules = boto3.client("s3", region_name=REGION).get_bucket_cors(Bucket="cors-site")
    assert sorted(r.get("MaxAgeSeconds", 0) for r in rules["CORSRules"]) == [0, 3000]


def test_removed_rules_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    _buckets()
    boto3.client("s3", region_name=REGION).delete_bucket_cors(Bucket="cors-site")
    found = scan(tmp_path, HCL)
    assert list(changed(found, "aws_s3_bucket_cors_configuration.site")) == ["cors_rule"]
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_undeclared_cors_is_unmanaged_and_removed(aws: None, tmp_path: Path) -> None:
    _buckets()
    boto3.client("s3", region_name=REGION).put_bucket_cors(
        Bucket="cors-plain", CORSConfiguration={"CORSRules": [READ]}
    )
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan_report(directory)) == [
        ("unmanaged", "aws_s3_bucket_cors_configuration.cors-plain", [])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        ("delete_bucket_cors", {"Bucket": "cors-plain"})
    ]
    run(calls)
    assert drifts(scan_report(directory)) == []
