"""aws_s3_bucket_object_lock_configuration on moto: read with every declared bucket,
compared in every format, the default retention put back and codified; a bucket without
object lock, or with object lock and no default retention, is never unmanaged, nor is the
versioning object lock turns on."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.hcl import REGION, changed, kinds, revert_all, scan
from tests.resources.helpers import drifts, plan_calls, run, write
from tests.resources.helpers import scan as scan_report

TYPE = "aws_s3_bucket_object_lock_configuration"
HCL = """
resource "aws_s3_bucket" "vault" {
  bucket              = "lock-vault"
  object_lock_enabled = true
}
resource "aws_s3_bucket_object_lock_configuration" "vault" {
  bucket = aws_s3_bucket.vault.id
  rule {
    default_retention {
      mode = "GOVERNANCE"
      days = 30
    }
  }
}
resource "aws_s3_bucket" "locked" {
  bucket              = "lock-plain"
  object_lock_enabled = true
}
resource "aws_s3_bucket_versioning" "vault" {
  bucket = aws_s3_bucket.vault.id
  versioning_configuration {
    status = "Enabled"
  }
}
resource "aws_s3_bucket_versioning" "locked" {
  bucket = aws_s3_bucket.locked.id
  versioning_configuration {
    status = "Enabled"
  }
}
"""


def _retain(bucket: str, retention: dict[str, object] | None) -> None:
    conf: dict[str, object] = {"ObjectLockEnabled": "Enabled"}
    if retention:
        conf["Rule"] = {"DefaultRetention": retention}
    boto3.client("s3", region_name=REGION).put_object_lock_configuration(
        Bucket=bucket,
        ObjectLockConfiguration=conf,  # type: ignore[arg-type]
    )


def _buckets() -> None:
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("lock-vault", "lock-plain"):
        s3.create_bucket(Bucket=name, ObjectLockEnabledForBucket=True)
    _retain("lock-vault", {"Mode": "GOVERNANCE", "Days": 30})


def test_in_sync_and_aws_defaults_are_not_unmanaged(aws: None, tmp_path: Path) -> None:
    _buckets()
    boto3.client("s3", region_name=REGION).create_bucket(Bucket="lock-by-hand")
    assert kinds(scan(tmp_path, HCL)) == [("unmanaged", "aws_s3_bucket", "lock-by-hand")]


def test_the_versioning_object_lock_turns_on_is_not_unmanaged(aws: None, tmp_path: Path) -> None:
    """A bucket with object lock declares no aws_s3_bucket_versioning: AWS versions it, as it
    must, and that is not drift (Terraform reports none); on a bucket without object lock,
    versioning turned on by hand still is."""
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="lock-plain", ObjectLockEnabledForBucket=True)
    s3.create_bucket(Bucket="plain")
    s3.put_bucket_versioning(Bucket="plain", VersioningConfiguration={"Status": "Enabled"})
    hcl = """
resource "aws_s3_bucket" "locked" {
  bucket              = "lock-plain"
  object_lock_enabled = true
}
resource "aws_s3_bucket" "plain" {
  bucket = "plain"
}
"""
    assert kinds(scan(tmp_path, hcl)) == [("unmanaged", "aws_s3_bucket_versioning", "plain")]


def test_a_changed_retention_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    _buckets()
    _retain("lock-vault", {"Mode": "COMPLIANCE", "Days": 7})
    assert changed(scan(tmp_path, HCL), f"{TYPE}.vault") == {
        "rule.default_retention.mode": ("GOVERNANCE", "COMPLIANCE"),
        "rule.default_retention.days": (30, 7),
    }
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '+      mode = "COMPLIANCE"' in plan.diff and "+      days = 7" in plan.diff
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_a_period_in_years_set_by_hand_is_drift(aws: None, tmp_path: Path) -> None:
    """The retention is compared whole: years in place of the declared days."""
    _buckets()
    _retain("lock-vault", {"Mode": "GOVERNANCE", "Years": 1})
    assert changed(scan(tmp_path, HCL), f"{TYPE}.vault") == {
        "rule.default_retention.days": (30, None),
        "rule.default_retention.years": (None, 1),
    }
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_an_undeclared_retention_is_unmanaged_and_removed(aws: None, tmp_path: Path) -> None:
    _buckets()
    _retain("lock-plain", {"Mode": "GOVERNANCE", "Days": 1})
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan_report(directory)) == [("unmanaged", f"{TYPE}.lock-plain", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        (
            "put_object_lock_configuration",
            {"Bucket": "lock-plain", "ObjectLockConfiguration": {"ObjectLockEnabled": "Enabled"}},
        )
    ]
    run(calls)
    assert drifts(scan_report(directory)) == []


def test_object_lock_declared_on_a_bucket_without_it_is_turned_on(
    aws: None, tmp_path: Path
) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="lock-vault")  # made without object lock, versioned later
    s3.put_bucket_versioning(Bucket="lock-vault", VersioningConfiguration={"Status": "Enabled"})
    s3.create_bucket(Bucket="lock-plain", ObjectLockEnabledForBucket=True)
    assert changed(scan(tmp_path, HCL), f"{TYPE}.vault") == {
        "object_lock_enabled": ("Enabled", None),
        "rule.default_retention": ({"mode": "GOVERNANCE", "days": 30}, None),
    }
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    _buckets()
    cfn = template(
        tmp_path / "cfn",
        """  Vault:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: lock-vault
      ObjectLockEnabled: true
      ObjectLockConfiguration:
        ObjectLockEnabled: Enabled
        Rule:
          DefaultRetention: {Mode: GOVERNANCE, Days: 30}
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: s3.aws.upbound.io/v1beta1
kind: Bucket
metadata:
  name: lock-vault
spec:
  forProvider:
    region: {REGION}
    objectLockEnabled: true
---
apiVersion: s3.aws.upbound.io/v1beta1
kind: BucketObjectLockConfiguration
metadata:
  name: vault
spec:
  forProvider:
    region: {REGION}
    bucketRef:
      name: lock-vault
    rule:
      - defaultRetention:
          - mode: GOVERNANCE
            days: 30
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: s3.services.k8s.aws/v1alpha1
kind: Bucket
metadata:
  name: plain
spec:
  name: lock-plain
  objectLockEnabledForBucket: true
""",
    )
    # ACK's Bucket declares object lock but no default retention: lock-plain's
    report, _ = scan_source(ack)
    assert [d for d in report["drifts"] if d["type"] == TYPE] == []
    # (the Crossplane bucket's provider tags are not on moto's bucket: not this type)
    for source in (cfn, crossplane):
        report, _ = scan_source(source)
        assert [d for d in report["drifts"] if d["type"] == TYPE] == [], source
    _retain("lock-vault", {"Mode": "GOVERNANCE", "Days": 7})
    for source in (cfn, crossplane):
        report, _ = scan_source(source)
        found = [
            (d["type"], [(c["path"], c["expected"], c["actual"]) for c in d["changes"]])
            for d in report["drifts"]
            if d["type"] == TYPE
        ]
        assert found == [(TYPE, [("rule.default_retention.days", 30, 7)])], source
