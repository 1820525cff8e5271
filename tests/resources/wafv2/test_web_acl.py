"""aws_wafv2_web_acl on moto: the rules compared as a document in Terraform's block shape
(ordered by priority), every declared format, drift put back (UpdateWebACL against the
lock token read); a changed rule is left to a human by codify."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
VISIBILITY = {"CloudWatchMetricsEnabled": True, "MetricName": "edge",
              "SampledRequestsEnabled": True}  # fmt: skip
RULES: list[dict[str, Any]] = [
    {
        "Name": "bad-inputs",
        "Priority": 2,
        "OverrideAction": {"None": {}},
        "Statement": {
            "ManagedRuleGroupStatement": {
                "VendorName": "AWS",
                "Name": "AWSManagedRulesKnownBadInputsRuleSet",
            }
        },
        "VisibilityConfig": {**VISIBILITY, "MetricName": "bad-inputs"},
    },
    {
        "Name": "admin",
        "Priority": 1,
        "Action": {"Block": {}},
        "Statement": {
            "ByteMatchStatement": {
                "SearchString": "/admin",
                "FieldToMatch": {"UriPath": {}},
                "TextTransformations": [{"Priority": 0, "Type": "LOWERCASE"}],
                "PositionalConstraint": "STARTS_WITH",
            }
        },
        "VisibilityConfig": {**VISIBILITY, "MetricName": "admin"},
    },
]
HCL = """
resource "aws_wafv2_web_acl" "edge" {
  name  = "edge"
  scope = "REGIONAL"

  default_action {
    allow {}
  }

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
      cloudwatch_metrics_enabled = true
      metric_name                = "admin"
      sampled_requests_enabled   = true
    }
  }

  rule {
    name     = "bad-inputs"
    priority = 2
    override_action {
      none {}
    }
    statement {
      managed_rule_group_statement {
        name        = "AWSManagedRulesKnownBadInputsRuleSet"
        vendor_name = "AWS"
      }
    }
    visibility_config {
      cloudwatch_metrics_enabled = true
      metric_name                = "bad-inputs"
      sampled_requests_enabled   = true
    }
  }

  visibility_config {
    cloudwatch_metrics_enabled = true
    metric_name                = "edge"
    sampled_requests_enabled   = true
  }

  tags = {
    Team = "edge"
  }
}
"""


def client():  # type: ignore[no-untyped-def]
    return boto3.client("wafv2", region_name=REGION)


def create(name: str = "edge", rules: list[dict[str, Any]] = RULES) -> str:
    answer = client().create_web_acl(
        Name=name,
        Scope="REGIONAL",
        DefaultAction={"Allow": {}},
        Rules=rules,
        VisibilityConfig=VISIBILITY,
        Tags=[{"Key": "Team", "Value": "edge"}],
    )
    return str(answer["Summary"]["Id"])


def update(acl_id: str, rules: list[dict[str, Any]], **extra: Any) -> None:
    token = client().get_web_acl(Name="edge", Scope="REGIONAL", Id=acl_id)["LockToken"]
    client().update_web_acl(
        Name="edge",
        Scope="REGIONAL",
        Id=acl_id,
        DefaultAction={"Allow": {}},
        Rules=rules,
        VisibilityConfig=VISIBILITY,
        LockToken=token,
        **extra,
    )


def test_an_applied_acl_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()  # its rules listed out of priority order: not drift
    other = create(name="by-hand", rules=[])
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_wafv2_web_acl.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_rule_set_to_count_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    acl_id = create()
    counted = [{**r, "Action": {"Count": {}}} if r["Name"] == "admin" else r for r in RULES]
    update(acl_id, counted)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_wafv2_web_acl.edge",
            ["rule[0].action[0].block", "rule[0].action[0].count"],
        )
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    # codify writes no nested block: the changed rule is a human's to edit
    assert [h.path for h in plan.humans] == ["rule[0].action[0].block"]
    assert plan.diff == ""
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["wafv2.update_web_acl"]
    run(calls)
    assert drifts(scan(directory)) == []
    held = client().get_web_acl(Name="edge", Scope="REGIONAL", Id=acl_id)["WebACL"]
    assert [r["Action"] for r in held["Rules"] if r["Name"] == "admin"] == [{"Block": {}}]


def test_a_removed_rule_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    acl_id = create()
    update(acl_id, [r for r in RULES if r["Name"] == "bad-inputs"])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", "aws_wafv2_web_acl.edge", ["rule"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    run(calls)
    assert drifts(scan(directory)) == []


def test_rules_declared_as_json_are_compared_alike(aws: None, tmp_path: Path) -> None:
    create()
    start = HCL.index("  rule {")
    end = HCL.index(
        "  visibility_config {\n    cloudwatch_metrics_enabled = true\n    metric_name  "
    )
    as_json = HCL[:start] + f"  rule_json = {json.dumps(json.dumps(RULES))}\n\n" + HCL[end:]
    assert drifts(scan(write(tmp_path / "tf", as_json))) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    acl_id = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Edge:
    Type: AWS::WAFv2::WebACL
    Properties:
      Name: edge
      Scope: REGIONAL
      DefaultAction: {{Allow: {{}}}}
      VisibilityConfig: {json.dumps(VISIBILITY)}
      Rules: {json.dumps(RULES)}
      Tags:
        - {{Key: Team, Value: edge}}
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: wafv2.services.k8s.aws/v1alpha1
kind: WebACL
metadata:
  name: edge
spec:
  name: edge
  scope: REGIONAL
  defaultAction: {allow: {}}
  visibilityConfig: {cloudWatchMetricsEnabled: true, metricName: edge,
                     sampledRequestsEnabled: true}
  rules:
    - name: admin
      priority: 1
      action: {count: {}}
      statement:
        byteMatchStatement:
          searchString: /admin
          positionalConstraint: STARTS_WITH
          fieldToMatch: {uriPath: {}}
          textTransformations: [{priority: 0, type: LOWERCASE}]
      visibilityConfig: {cloudWatchMetricsEnabled: true, metricName: admin,
                         sampledRequestsEnabled: true}
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == [], cfn
    assert report["summary"]["managed"] == 1
    report, _ = scan_source(ack)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    # one rule declared where two are live, and the ACK controller's tags
    assert changed[0][0] == "aws_wafv2_web_acl"
    assert "rule" in changed[0][1]
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: wafv2.aws.upbound.io/v1beta1
kind: WebACL
metadata:
  name: edge
  annotations:
    crossplane.io/external-name: {acl_id}
spec:
  forProvider:
    region: us-east-1
    name: edge
    scope: REGIONAL
    description: not the live one
    defaultAction:
      - allow: [{{}}]
    visibilityConfig:
      - cloudwatchMetricsEnabled: true
        metricName: edge
        sampledRequestsEnabled: true
    ruleJson: '{json.dumps(RULES)}'
    tags: {{Team: edge}}
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed and changed[0][1][0] == "description"
