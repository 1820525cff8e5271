"""aws_cloudwatch_metric_alarm on moto: target-tracking alarms never unmanaged; the
threshold, actions, dimensions and tags compared, and the whole alarm put back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.hcl import REGION, changed, kinds, revert_all, scan

TYPE = "aws_cloudwatch_metric_alarm"
TOPIC = "arn:aws:sns:us-east-1:123456789012:ops"
HCL = f"""
resource "aws_cloudwatch_metric_alarm" "cpu" {{
  alarm_name          = "cpu-high"
  comparison_operator = "GreaterThanOrEqualToThreshold"
  evaluation_periods  = 2
  metric_name         = "CPUUtilization"
  namespace           = "AWS/EC2"
  period              = 300
  statistic           = "Average"
  threshold           = 80
  alarm_description   = "CPU above 80%"
  alarm_actions       = ["{TOPIC}"]
  dimensions          = {{ AutoScalingGroupName = "web" }}
  tags                = {{ Team = "app" }}
}}
"""
ALARM: dict[str, Any] = {
    "AlarmName": "cpu-high",
    "ComparisonOperator": "GreaterThanOrEqualToThreshold",
    "EvaluationPeriods": 2,
    "MetricName": "CPUUtilization",
    "Namespace": "AWS/EC2",
    "Period": 300,
    "Statistic": "Average",
    "Threshold": 80.0,
    "AlarmDescription": "CPU above 80%",
    "AlarmActions": [TOPIC],
    "Dimensions": [{"Name": "AutoScalingGroupName", "Value": "web"}],
}


def _alarm() -> None:
    boto3.client("cloudwatch", region_name=REGION).put_metric_alarm(
        **ALARM, Tags=[{"Key": "Team", "Value": "app"}]
    )


def test_target_tracking_alarms_are_never_unmanaged(aws: None, tmp_path: Path) -> None:
    _alarm()
    cw = boto3.client("cloudwatch", region_name=REGION)
    made = {**ALARM, "AlarmActions": []}
    cw.put_metric_alarm(**{**made, "AlarmName": "TargetTracking-table/t-AlarmHigh-1a2b"})
    cw.put_metric_alarm(**{**made, "AlarmName": "by-hand"})
    assert kinds(scan(tmp_path, HCL)) == [("unmanaged", TYPE, "by-hand")]


def test_a_changed_alarm_is_drift_and_put_back_whole(aws: None, tmp_path: Path) -> None:
    _alarm()
    cw = boto3.client("cloudwatch", region_name=REGION)
    cw.put_metric_alarm(**{**ALARM, "Threshold": 99.0, "AlarmActions": []})
    drifts = scan(tmp_path, HCL)
    found = changed(drifts, "aws_cloudwatch_metric_alarm.cpu")
    assert found["threshold"] == (80, 99.0)
    assert set(found) == {"threshold", "alarm_actions"} or set(found) == {
        "threshold",
        "alarm_actions[0]",
    }
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []
    alarm = cw.describe_alarms(AlarmNames=["cpu-high"])["MetricAlarms"][0]
    assert alarm["Threshold"] == 80.0 and alarm["AlarmActions"] == [TOPIC]
