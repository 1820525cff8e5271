"""aws_s3_bucket_accelerate_configuration on moto: read with every declared bucket,
compared in every format, put back and codified; a bucket never accelerated (and a
suspended one) is AWS's own default, never unmanaged."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.hcl import REGION, changed, kinds, revert_all, scan
from tests.resources.helpers import drifts, plan_calls, run, write
from tests.resources.helpers import scan as scan_report

TYPE = "aws_s3_bucket_accelerate_configuration"
HCL = """
resource "aws_s3_bucket" "fast" {
  bucket = "acc-fast"
}
resource "aws_s3_bucket_accelerate_configuration" "fast" {
  bucket = aws_s3_bucket.fast.id
  status = "Enabled"
}
resource "aws_s3_bucket" "plain" {
  bucket = "acc-plain"
}
"""


def _accelerate(bucket: str, status: str) -> None:
    boto3.client("s3", region_name=REGION).put_bucket_accelerate_configuration(
        Bucket=bucket,
        AccelerateConfiguration={"Status": status},  # type: ignore[typeddict-item]
    )


def _buckets() -> None:
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("acc-fast", "acc-plain"):
        s3.create_bucket(Bucket=name)
    _accelerate("acc-fast", "Enabled")


def test_in_sync_and_aws_defaults_are_not_unmanaged(aws: None, tmp_path: Path) -> None:
    _buckets()
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="acc-by-hand")
    assert kinds(scan(tmp_path, HCL)) == [("unmanaged", "aws_s3_bucket", "acc-by-hand")]
    _accelerate("acc-plain", "Enabled")
    _accelerate("acc-plain", "Suspended")  # suspended again: as never accelerated
    assert kinds(scan(tmp_path, HCL)) == [("unmanaged", "aws_s3_bucket", "acc-by-hand")]


def test_a_suspended_bucket_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    _buckets()
    _accelerate("acc-fast", "Suspended")
    assert changed(scan(tmp_path, HCL), f"{TYPE}.fast") == {"status": ("Enabled", "Suspended")}
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '-  status = "Enabled"' in plan.diff and '+  status = "Suspended"' in plan.diff
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_undeclared_acceleration_is_unmanaged_and_suspended(aws: None, tmp_path: Path) -> None:
    _buckets()
    _accelerate("acc-plain", "Enabled")
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan_report(directory)) == [("unmanaged", f"{TYPE}.acc-plain", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        (
            "put_bucket_accelerate_configuration",
            {"Bucket": "acc-plain", "AccelerateConfiguration": {"Status": "Suspended"}},
        )
    ]
    run(calls)
    assert drifts(scan_report(directory)) == []


def test_an_inline_acceleration_status_declares_it(aws: None, tmp_path: Path) -> None:
    """Provider v3's `acceleration_status` on the bucket is the same setting."""
    _buckets()
    inline = """
resource "aws_s3_bucket" "fast" {
  bucket              = "acc-fast"
  acceleration_status = "Suspended"
}
"""
    found = scan(tmp_path, inline)
    assert changed(found, "aws_s3_bucket.fast") == {"status": ("Suspended", "Enabled")}


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    _buckets()
    cfn = template(
        tmp_path / "cfn",
        """  Fast:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: acc-fast
      AccelerateConfiguration:
        AccelerationStatus: Enabled
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: s3.services.k8s.aws/v1alpha1
kind: Bucket
metadata:
  name: fast
spec:
  name: acc-fast
  accelerate:
    status: Enabled
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: s3.aws.upbound.io/v1beta1
kind: Bucket
metadata:
  name: acc-fast
spec:
  forProvider:
    region: {REGION}
---
apiVersion: s3.aws.upbound.io/v1beta1
kind: BucketAccelerateConfiguration
metadata:
  name: fast
spec:
  forProvider:
    region: {REGION}
    bucketRef:
      name: acc-fast
    status: Enabled
""",
    )
    # (the Crossplane bucket's provider tags are not on moto's bucket: not this type)
    for source in (cfn, ack, crossplane):
        report, _ = scan_source(source)
        assert [d for d in report["drifts"] if d["type"] == TYPE] == [], source
    _accelerate("acc-fast", "Suspended")
    for source in (cfn, ack, crossplane):
        report, _ = scan_source(source)
        found = [
            (d["type"], [(c["path"], c["expected"], c["actual"]) for c in d["changes"]])
            for d in report["drifts"]
            if d["type"] == TYPE
        ]
        assert found == [(TYPE, [("status", "Enabled", "Suspended")])], source
