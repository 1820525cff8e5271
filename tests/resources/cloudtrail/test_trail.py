"""aws_cloudtrail on moto: an applied trail in sync and another unmanaged, a trail
stopped by hand (StopLogging) and a changed setting and tag as drift put back and
codified, a deleted trail created again, CloudFormation, Crossplane and ACK declaring
it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_s3_bucket" "logs" {
  bucket = "ct-logs"
}

resource "aws_cloudtrail" "audit" {
  name           = "audit"
  s3_bucket_name = aws_s3_bucket.logs.bucket
  s3_key_prefix  = "audit"
  enable_logging = true
  tags           = { Team = "sec" }
}
"""


def ours(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    """The trails' drift (the log bucket, declared nowhere here, is unmanaged)."""
    return drifts({"drifts": [d for d in report["drifts"] if d["type"] == "aws_cloudtrail"]})


def trails() -> Any:
    return boto3.client("cloudtrail", region_name=REGION)


def apply(name: str = "audit", prefix: str = "audit") -> None:
    """What Terraform's apply leaves: the trail, tagged, logging."""
    s3 = boto3.client("s3", region_name=REGION)
    if "Buckets" not in s3.list_buckets() or not s3.list_buckets()["Buckets"]:
        s3.create_bucket(Bucket="ct-logs")
    trails().create_trail(
        Name=name,
        S3BucketName="ct-logs",
        S3KeyPrefix=prefix,
        TagsList=[{"Key": "Team", "Value": "sec"}],
    )
    trails().start_logging(Name=name)


def test_an_applied_trail_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    apply(name="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert ours(report) == [("unmanaged", "aws_cloudtrail.by-hand", [])]
    assert report["summary"]["managed"] == 2  # the bucket and the trail


def test_a_stopped_trail_and_a_changed_setting_are_drift_put_back(
    aws: None, tmp_path: Path
) -> None:
    apply()
    trails().stop_logging(Name="audit")
    trails().update_trail(Name="audit", S3KeyPrefix="elsewhere")
    arn = trails().describe_trails()["trailList"][0]["TrailARN"]
    trails().add_tags(ResourceId=arn, TagsList=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    assert ours(scan(directory)) == [
        ("changed", "aws_cloudtrail.audit", ["enable_logging", "s3_key_prefix", "tags.Owner"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert "elsewhere" in plan.diff
    assert "enable_logging = false" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "cloudtrail.remove_tags",
        "cloudtrail.start_logging",
        "cloudtrail.update_trail",
    ]
    run(calls)
    assert ours(scan(directory)) == []
    assert trails().get_trail_status(Name="audit")["IsLogging"] is True


def test_a_deleted_trail_is_created_again_and_logging(aws: None, tmp_path: Path) -> None:
    apply()
    trails().delete_trail(Name="audit")
    directory = write(tmp_path / "tf", HCL)
    assert ours(scan(directory)) == [("missing", "aws_cloudtrail.audit", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cloudtrail.create_trail", "cloudtrail.start_logging"]
    run(calls)
    assert ours(scan(directory)) == []


def test_a_multi_region_trail_is_scanned_in_its_home_region_only(aws: None, tmp_path: Path) -> None:
    apply()
    trails().update_trail(Name="audit", IsMultiRegionTrail=True)
    hcl = HCL.replace(
        's3_key_prefix  = "audit"', 's3_key_prefix = "audit"\n  is_multi_region_trail = true'
    )
    directory = write(tmp_path / "tf", hcl)
    report = scan(directory)
    assert ours(report) == []
    assert report["summary"]["managed"] == 2


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    apply()
    cfn = template(
        tmp_path / "cfn",
        """  Audit:
    Type: AWS::CloudTrail::Trail
    Properties:
      TrailName: audit
      S3BucketName: ct-logs
      S3KeyPrefix: audit
      IsLogging: true
      Tags: [{Key: Team, Value: sec}]
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: cloudtrail.aws.upbound.io/v1beta1
kind: Trail
metadata:
  name: audit
spec:
  forProvider:
    region: us-east-1
    s3BucketName: ct-logs
    s3KeyPrefix: audit
    tags: {Team: sec}
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: cloudtrail.services.k8s.aws/v1alpha1
kind: Trail
metadata:
  name: audit
spec:
  name: audit
  s3BucketName: ct-logs
  s3KeyPrefix: other
  tags: [{key: Team, value: sec}]
""",
    )
    report, _ = scan_source(cfn)
    assert ours(report) == []
    assert report["summary"]["managed"] == 1
    # the provider tags what Crossplane manages; this trail was made without them
    tagged = ["tags.crossplane-kind", "tags.crossplane-name", "tags.crossplane-providerconfig"]
    assert ours(scan_source(crossplane)[0]) == [("changed", "Trail/audit", tagged)]
    report, _ = scan_source(ack)
    assert ours(report) == [("changed", "Trail/audit", ["s3_key_prefix"])]
