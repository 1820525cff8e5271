"""aws_cloudwatch_event_rule and aws_cloudwatch_event_target on moto: read together, the
pattern compared as a document, service-managed rules never unmanaged, both reverted."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.resources.hcl import REGION, changed, kinds, revert_all, scan

QUEUE = "arn:aws:sqs:us-east-1:123456789012:jobs"
HCL = f"""
resource "aws_cloudwatch_event_rule" "ec2" {{
  name        = "ec2-changes"
  description = "EC2 state changes"
  event_pattern = jsonencode({{
    source      = ["aws.ec2"]
    detail-type = ["EC2 Instance State-change Notification"]
  }})
  tags = {{ Team = "app" }}
}}
resource "aws_cloudwatch_event_target" "jobs" {{
  rule      = aws_cloudwatch_event_rule.ec2.name
  target_id = "jobs"
  arn       = "{QUEUE}"
}}
resource "aws_cloudwatch_event_rule" "custom" {{
  name           = "on-custom-bus"
  event_bus_name = "orders"
  event_pattern  = jsonencode({{ source = ["orders"] }})
}}
"""
PATTERN = {"detail-type": ["EC2 Instance State-change Notification"], "source": ["aws.ec2"]}


def _rule() -> None:
    events = boto3.client("events", region_name=REGION)
    events.put_rule(
        Name="ec2-changes",
        Description="EC2 state changes",
        EventPattern=json.dumps(PATTERN, indent=4),
        Tags=[{"Key": "Team", "Value": "app"}],
    )
    events.put_targets(Rule="ec2-changes", Targets=[{"Id": "jobs", "Arn": QUEUE}])


def test_in_sync_and_a_hand_made_rule_is_unmanaged(aws: None, tmp_path: Path) -> None:
    _rule()
    events = boto3.client("events", region_name=REGION)
    events.put_rule(Name="by-hand", ScheduleExpression="rate(5 minutes)")
    drifts = scan(tmp_path, HCL)
    # the rule on a custom bus is not read (nor reported missing)
    assert kinds(drifts) == [("unmanaged", "aws_cloudwatch_event_rule", "by-hand")]


def test_a_changed_pattern_and_target_are_drift_and_reverted(aws: None, tmp_path: Path) -> None:
    _rule()
    events = boto3.client("events", region_name=REGION)
    events.put_rule(
        Name="ec2-changes",
        Description="EC2 state changes",
        EventPattern=json.dumps({"source": ["aws.ec2", "aws.s3"]}),
        State="DISABLED",
    )
    events.put_targets(
        Rule="ec2-changes", Targets=[{"Id": "jobs", "Arn": QUEUE, "Input": '{"x": 1}'}]
    )
    drifts = scan(tmp_path, HCL)
    rule = changed(drifts, "aws_cloudwatch_event_rule.ec2")
    assert "state" in rule and rule["state"] == ("ENABLED", "DISABLED")
    assert any(p.startswith("event_pattern") for p in rule)
    assert changed(drifts, "aws_cloudwatch_event_target.jobs") == {"input": ("", '{"x": 1}')}
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []
