"""aws_autoscaling_policy on moto: simple and target-tracking policies read with one
DescribePolicies, ECS managed scaling's policy never unmanaged, a changed adjustment or
target put back and codified, and every declared format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from driftctl import settings
from driftctl.engine import pipeline
from tests import needed
from tests.resources.autoscaling import test_group as group_test
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
POLICIES = """
resource "aws_autoscaling_policy" "out" {
  name                   = "scale-out"
  autoscaling_group_name = "lb-web"
  adjustment_type        = "ChangeInCapacity"
  scaling_adjustment     = 1
  cooldown               = 120
}

resource "aws_autoscaling_policy" "cpu" {
  name                   = "cpu"
  autoscaling_group_name = "lb-web"
  policy_type            = "TargetTrackingScaling"
  target_tracking_configuration {
    target_value = 60
    predefined_metric_specification {
      predefined_metric_type = "ASGAverageCPUUtilization"
    }
  }
}
"""
HCL = group_test.HCL + POLICIES
TRACKING = {
    "TargetValue": 60.0,
    "PredefinedMetricSpecification": {"PredefinedMetricType": "ASGAverageCPUUtilization"},
}


def policies(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    """The report's drifts of policies."""
    return [d for d in drifts(report) if d[1].startswith("aws_autoscaling_policy.")]


def apply() -> None:
    """test_group's group and the two policies POLICIES declares, as Terraform puts them."""
    group_test.apply()
    auto = boto3.client("autoscaling", region_name=REGION)
    auto.put_scaling_policy(
        AutoScalingGroupName="lb-web",
        PolicyName="scale-out",
        AdjustmentType="ChangeInCapacity",
        ScalingAdjustment=1,
        Cooldown=120,
    )
    auto.put_scaling_policy(
        AutoScalingGroupName="lb-web",
        PolicyName="cpu",
        PolicyType="TargetTrackingScaling",
        TargetTrackingConfiguration=TRACKING,
    )


def test_applied_policies_are_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    auto = boto3.client("autoscaling", region_name=REGION)
    for name in ("by-hand", "ECSManagedAutoScalingPolicy-0123"):
        auto.put_scaling_policy(
            AutoScalingGroupName="lb-web",
            PolicyName=name,
            AdjustmentType="ExactCapacity",
            ScalingAdjustment=1,
        )
    report = scan(write(tmp_path / "tf", HCL))
    assert policies(report) == [("unmanaged", "aws_autoscaling_policy.lb-web/by-hand", [])]
    assert drifts(report) == policies(report)
    assert report["summary"]["managed"] == 7


def test_a_changed_policy_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL)
    auto = boto3.client("autoscaling", region_name=REGION)
    auto.put_scaling_policy(
        AutoScalingGroupName="lb-web",
        PolicyName="scale-out",
        AdjustmentType="ChangeInCapacity",
        ScalingAdjustment=3,
        Cooldown=120,
    )
    auto.put_scaling_policy(
        AutoScalingGroupName="lb-web",
        PolicyName="cpu",
        PolicyType="TargetTrackingScaling",
        TargetTrackingConfiguration={**TRACKING, "TargetValue": 80.0},
    )
    assert policies(scan(directory)) == [
        (
            "changed",
            "aws_autoscaling_policy.cpu",
            ["target_tracking_configuration[0].target_value"],
        ),
        ("changed", "aws_autoscaling_policy.out", ["scaling_adjustment"]),
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "+  scaling_adjustment     = 3" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.operation for c in calls] == ["put_scaling_policy", "put_scaling_policy"]
    run(calls)
    assert policies(scan(directory)) == []
    auto.delete_policy(AutoScalingGroupName="lb-web", PolicyName="scale-out")
    assert policies(scan(directory)) == [("missing", "aws_autoscaling_policy.out", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert policies(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    apply()
    cfn = template(
        tmp_path / "cfn",
        """  Out:
    Type: AWS::AutoScaling::ScalingPolicy
    Properties:
      AutoScalingGroupName: lb-web
      AdjustmentType: ChangeInCapacity
      ScalingAdjustment: 1
      Cooldown: "120"
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: autoscaling.aws.upbound.io/v1beta1
kind: Policy
metadata:
  name: cpu
spec:
  forProvider:
    region: us-east-1
    autoscalingGroupName: lb-web
    policyType: TargetTrackingScaling
    targetTrackingConfiguration:
      - targetValue: 70
        predefinedMetricSpecification:
          - predefinedMetricType: ASGAverageCPUUtilization
""",
    )
    # CloudFormation names the policy itself: STACK-LOGICALID-SUFFIX
    auto = boto3.client("autoscaling", region_name=REGION)
    auto.put_scaling_policy(
        AutoScalingGroupName="lb-web",
        PolicyName="pol-stack-Out-A1B2C3D4E5F6G",
        AdjustmentType="ChangeInCapacity",
        ScalingAdjustment=2,
        Cooldown=120,
    )
    conf = settings.build(
        settings.Options(sources=[cfn], regions=[REGION], no_cache=True, stack_name="pol-stack")
    )
    declared = pipeline.load_declared(conf)
    report = pipeline.scan_report(declared, needed.load_live(conf, declared)).to_json()
    changed = [
        (d["kind"], d["id"], [c["path"] for c in d["changes"]])
        for d in report["drifts"]
        if d["kind"] != "unmanaged"
    ]
    assert changed == [("changed", "lb-web/pol-stack-Out-A1B2C3D4E5F6G", ["scaling_adjustment"])]
    report, _ = scan_source(crossplane)
    changed = [
        (d["type"], [c["path"] for c in d["changes"]])
        for d in report["drifts"]
        if d["kind"] == "changed"
    ]
    assert changed == [
        ("aws_autoscaling_policy", ["target_tracking_configuration[0].target_value"])
    ]
