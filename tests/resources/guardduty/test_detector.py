"""aws_guardduty_detector on moto: the region's one detector matched whatever its random
id, a disabled detector and a changed frequency as drift put back and codified, a deleted
one created again, CloudFormation and Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_guardduty_detector" "main" {
  enable                       = true
  finding_publishing_frequency = "FIFTEEN_MINUTES"
  tags                         = { Team = "sec" }
}
"""


def guardduty() -> Any:
    return boto3.client("guardduty", region_name="us-east-1")


def apply() -> str:
    found = guardduty().create_detector(
        Enable=True, FindingPublishingFrequency="FIFTEEN_MINUTES", Tags={"Team": "sec"}
    )
    return str(found["DetectorId"])


def test_the_regions_detector_is_the_declared_one(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1


def test_a_detector_nobody_declares_is_unmanaged(aws: None, tmp_path: Path) -> None:
    detector = apply()
    other = write(tmp_path / "tf", 'resource "aws_sqs_queue" "q" {\n  name = "q"\n}\n')
    assert drifts(scan(other), "unmanaged") == [
        ("unmanaged", f"aws_guardduty_detector.{detector}", [])
    ]


def test_a_disabled_detector_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    detector = apply()
    guardduty().update_detector(
        DetectorId=detector, Enable=False, FindingPublishingFrequency="SIX_HOURS"
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_guardduty_detector.main", ["enable", "finding_publishing_frequency"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '+  finding_publishing_frequency = "SIX_HOURS"\n' in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["guardduty.update_detector"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_detector_is_created_again(aws: None, tmp_path: Path) -> None:
    guardduty().delete_detector(DetectorId=apply())
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_guardduty_detector.main", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["guardduty.create_detector"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    apply()
    cfn = template(
        tmp_path / "cfn",
        """  Main:
    Type: AWS::GuardDuty::Detector
    Properties:
      Enable: true
      FindingPublishingFrequency: FIFTEEN_MINUTES
      Tags: [{Key: Team, Value: sec}]
""",
    )
    report, _ = scan_source(cfn)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: guardduty.aws.upbound.io/v1beta1
kind: Detector
metadata:
  name: main
spec:
  forProvider:
    region: us-east-1
    enable: true
    findingPublishingFrequency: ONE_HOUR
    tags: {Team: sec}
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    # the provider tags what Crossplane manages; this detector was made without them
    tagged = ["tags.crossplane-kind", "tags.crossplane-name", "tags.crossplane-providerconfig"]
    assert changed == [("aws_guardduty_detector", ["finding_publishing_frequency", *tagged])]
