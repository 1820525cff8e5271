"""aws_wafv2_rule_group on moto: the rules compared as a web ACL's (Terraform's block
shape, ordered by priority), CloudFormation and ACK declaring it, a rule's changed action
put back (UpdateRuleGroup against the lock token read) and a deleted group created
again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
VISIBILITY = {"CloudWatchMetricsEnabled": False, "MetricName": "shared",
              "SampledRequestsEnabled": False}  # fmt: skip


def rules(action: str) -> list[dict[str, Any]]:
    return [
        {
            "Name": "admin",
            "Priority": 1,
            "Action": {action: {}},
            "Statement": {
                "ByteMatchStatement": {
                    "SearchString": "/admin",
                    "FieldToMatch": {"UriPath": {}},
                    "TextTransformations": [{"Priority": 0, "Type": "LOWERCASE"}],
                    "PositionalConstraint": "STARTS_WITH",
                }
            },
            "VisibilityConfig": {**VISIBILITY, "MetricName": "admin"},
        }
    ]


HCL = """
resource "aws_wafv2_rule_group" "shared" {
  name     = "shared"
  scope    = "REGIONAL"
  capacity = 10

  rule {
    name     = "admin"
    priority = 1
    action {
      block {}
    }
    statement {
      byte_match_statement {
        search_string         = "/admin"
        positional_constraint = "STARTS_WITH"
        field_to_match {
          uri_path {}
        }
        text_transformation {
          priority = 0
          type     = "LOWERCASE"
        }
      }
    }
    visibility_config {
      cloudwatch_metrics_enabled = false
      metric_name                = "admin"
      sampled_requests_enabled   = false
    }
  }

  visibility_config {
    cloudwatch_metrics_enabled = false
    metric_name                = "shared"
    sampled_requests_enabled   = false
  }

  tags = {
    Team = "edge"
  }
}
"""


def client():  # type: ignore[no-untyped-def]
    return boto3.client("wafv2", region_name=REGION)


def create(name: str = "shared") -> str:
    made = client().create_rule_group(
        Name=name,
        Scope="REGIONAL",
        Capacity=10,
        Rules=rules("Block"),
        VisibilityConfig=VISIBILITY,
        Tags=[{"Key": "Team", "Value": "edge"}],
    )
    return str(made["Summary"]["Id"])


def held(group: str) -> dict[str, Any]:
    return dict(client().get_rule_group(Name="shared", Scope="REGIONAL", Id=group))


def test_an_applied_group_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    other = create("by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_wafv2_rule_group.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_rule_set_to_count_is_put_back(aws: None, tmp_path: Path) -> None:
    group = create()
    token = held(group)["LockToken"]
    client().update_rule_group(
        Name="shared",
        Scope="REGIONAL",
        Id=group,
        Rules=rules("Count"),
        VisibilityConfig=VISIBILITY,
        LockToken=token,
    )
    directory = write(tmp_path / "tf", HCL)
    paths = ["rule[0].action[0].block", "rule[0].action[0].count"]
    assert drifts(scan(directory)) == [("changed", "aws_wafv2_rule_group.shared", paths)]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["wafv2.update_rule_group"]
    run(calls)
    assert drifts(scan(directory)) == []
    assert held(group)["RuleGroup"]["Rules"][0]["Action"] == {"Block": {}}


def test_a_deleted_group_is_created_again(aws: None, tmp_path: Path) -> None:
    group = create()
    token = held(group)["LockToken"]
    client().delete_rule_group(Name="shared", Scope="REGIONAL", Id=group, LockToken=token)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_wafv2_rule_group.shared", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["wafv2.create_rule_group"]
    run(calls)
    assert drifts(scan(directory)) == []


def _changed(report: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]


def test_cloudformation_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        """  Shared:
    Type: AWS::WAFv2::RuleGroup
    Properties:
      Name: shared
      Scope: REGIONAL
      Capacity: 10
      VisibilityConfig: {CloudWatchMetricsEnabled: false, MetricName: shared,
                         SampledRequestsEnabled: false}
      Rules:
        - Name: admin
          Priority: 1
          Action: {Allow: {}}
          Statement:
            ByteMatchStatement:
              SearchString: /admin
              PositionalConstraint: STARTS_WITH
              FieldToMatch: {UriPath: {}}
              TextTransformations: [{Priority: 0, Type: LOWERCASE}]
          VisibilityConfig: {CloudWatchMetricsEnabled: false, MetricName: admin,
                             SampledRequestsEnabled: false}
      Tags: [{Key: Team, Value: edge}]
""",
    )
    paths = ["rule[0].action[0].allow", "rule[0].action[0].block"]
    assert _changed(scan_source(cfn)[0]) == [("aws_wafv2_rule_group", paths)]
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: wafv2.services.k8s.aws/v1alpha1
kind: RuleGroup
metadata:
  name: shared
spec:
  name: shared
  scope: REGIONAL
  capacity: 10
  description: shared rules
  visibilityConfig: {cloudWatchMetricsEnabled: false, metricName: shared,
                     sampledRequestsEnabled: false}
  rules:
    - name: admin
      priority: 1
      action: {block: {}}
      statement:
        byteMatchStatement:
          searchString: /admin
          positionalConstraint: STARTS_WITH
          fieldToMatch: {uriPath: {}}
          textTransformations: [{priority: 0, type: LOWERCASE}]
      visibilityConfig: {cloudWatchMetricsEnabled: false, metricName: admin,
                         sampledRequestsEnabled: false}
  tags: [{key: Team, value: edge}]
""",
    )
    assert _changed(scan_source(ack)[0]) == [("aws_wafv2_rule_group", ["description"])]
