"""aws_autoscaling_lifecycle_hook on moto: hooks read per group, another hook unmanaged,
a changed timeout or result put back and codified, a deleted hook created again, and the
CloudFormation and Crossplane declarations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.autoscaling import test_group as group_test
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HOOK = """
resource "aws_autoscaling_lifecycle_hook" "launch" {
  name                   = "launch"
  autoscaling_group_name = aws_autoscaling_group.web.name
  lifecycle_transition   = "autoscaling:EC2_INSTANCE_LAUNCHING"
  default_result         = "CONTINUE"
  heartbeat_timeout      = 300
}
"""
HCL = group_test.HCL + HOOK


def hooks(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    return [d for d in drifts(report) if d[1].startswith("aws_autoscaling_lifecycle_hook.")]


def put(name: str = "launch", timeout: int = 300, result: str = "CONTINUE") -> None:
    boto3.client("autoscaling", region_name=REGION).put_lifecycle_hook(
        AutoScalingGroupName="lb-web",
        LifecycleHookName=name,
        LifecycleTransition="autoscaling:EC2_INSTANCE_LAUNCHING",
        DefaultResult=result,
        HeartbeatTimeout=timeout,
    )


def test_an_applied_hook_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    group_test.apply()
    put()
    put(name="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", "aws_autoscaling_lifecycle_hook.lb-web/by-hand", [])]


def test_a_changed_hook_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    group_test.apply()
    put(timeout=900, result="ABANDON")
    directory = write(tmp_path / "tf", HCL)
    assert hooks(scan(directory)) == [
        (
            "changed",
            "aws_autoscaling_lifecycle_hook.launch",
            ["default_result", "heartbeat_timeout"],
        )
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "heartbeat_timeout      = 900" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.operation for c in calls] == ["put_lifecycle_hook"]
    run(calls)
    assert drifts(scan(directory)) == []
    boto3.client("autoscaling", region_name=REGION).delete_lifecycle_hook(
        AutoScalingGroupName="lb-web", LifecycleHookName="launch"
    )
    assert hooks(scan(directory)) == [("missing", "aws_autoscaling_lifecycle_hook.launch", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    group_test.apply()
    put()
    cfn = template(
        tmp_path / "cfn",
        """  Launch:
    Type: AWS::AutoScaling::LifecycleHook
    Properties:
      LifecycleHookName: launch
      AutoScalingGroupName: lb-web
      LifecycleTransition: autoscaling:EC2_INSTANCE_LAUNCHING
      DefaultResult: CONTINUE
      HeartbeatTimeout: 300
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: autoscaling.aws.upbound.io/v1beta1
kind: LifecycleHook
metadata:
  name: launch
spec:
  forProvider:
    region: us-east-1
    autoscalingGroupName: lb-web
    lifecycleTransition: autoscaling:EC2_INSTANCE_LAUNCHING
    defaultResult: CONTINUE
    heartbeatTimeout: 600
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["kind"] != "unmanaged"] == []
    assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [
        (d["type"], [c["path"] for c in d["changes"]])
        for d in report["drifts"]
        if d["kind"] != "unmanaged"
    ]
    assert changed == [("aws_autoscaling_lifecycle_hook", ["heartbeat_timeout"])]
