"""aws_lb_listener_rule on moto: rules read with their load balancer's listeners (the
default rule is the listener's, never unmanaged), conditions compared as a set, a changed
priority, condition or action reverted and codified, and every declared format."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.elbv2 import test_listener as listener_test
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
RULE = """
resource "aws_lb_listener_rule" "api" {
  listener_arn = aws_lb_listener.http.arn
  priority     = 10
  action {
    type             = "forward"
    target_group_arn = aws_lb_target_group.web.arn
  }
  condition {
    path_pattern {
      values = ["/b/*", "/a/*"]
    }
  }
  condition {
    host_header {
      values = ["api.example.com"]
    }
  }
  tags = { Team = "api" }
}
"""
HCL = listener_test.HCL + RULE


def apply() -> tuple[str, str, str]:
    """test_listener's load balancer, listener and target group, and the rule RULE declares
    (as Terraform creates it): (listener ARN, target group ARN, rule ARN)."""
    _, listener_arn = listener_test.apply()
    elb = boto3.client("elbv2", region_name=REGION)
    group_arn = str(elb.describe_target_groups()["TargetGroups"][0]["TargetGroupArn"])
    rule = elb.create_rule(
        ListenerArn=listener_arn,
        Priority=10,
        Conditions=[
            {"Field": "path-pattern", "PathPatternConfig": {"Values": ["/a/*", "/b/*"]}},
            {"Field": "host-header", "HostHeaderConfig": {"Values": ["api.example.com"]}},
        ],
        Actions=[{"Type": "forward", "TargetGroupArn": group_arn}],
        Tags=[{"Key": "Team", "Value": "api"}],
    )["Rules"][0]
    return listener_arn, group_arn, str(rule["RuleArn"])


def test_an_applied_rule_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    listener_arn, group_arn, _ = apply()
    elb = boto3.client("elbv2", region_name=REGION)
    other = elb.create_rule(
        ListenerArn=listener_arn,
        Priority=20,
        Conditions=[{"Field": "path-pattern", "PathPatternConfig": {"Values": ["/x"]}}],
        Actions=[{"Type": "forward", "TargetGroupArn": group_arn}],
    )["Rules"][0]["RuleArn"]
    report = scan(write(tmp_path / "tf", HCL))
    # the listener's default rule is its default action, not a rule of its own
    assert drifts(report) == [("unmanaged", f"aws_lb_listener_rule.{other}", [])]
    assert report["summary"]["managed"] == 7


def test_a_changed_rule_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    *_, rule_arn = apply()
    directory = write(tmp_path / "tf", HCL)
    elb = boto3.client("elbv2", region_name=REGION)
    elb.set_rule_priorities(RulePriorities=[{"RuleArn": rule_arn, "Priority": 30}])
    fixed = {"StatusCode": "503", "ContentType": "text/plain"}
    elb.modify_rule(
        RuleArn=rule_arn, Actions=[{"Type": "fixed-response", "FixedResponseConfig": fixed}]
    )
    # found by its conditions, the priority changed
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_lb_listener_rule.api",
            [
                "action[0].target_group_arn",
                "action[0].type",
                "priority",
            ],
        )
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "+  priority     = 30" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.operation for c in calls) == ["modify_rule", "set_rule_priorities"]
    run(calls)
    assert drifts(scan(directory)) == []
    conditions = [{"Field": "path-pattern", "PathPatternConfig": {"Values": ["/a/*", "/c/*"]}}]
    elb.modify_rule(RuleArn=rule_arn, Conditions=conditions)
    assert drifts(scan(directory)) == [("changed", "aws_lb_listener_rule.api", ["condition"])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.operation for c in calls] == ["modify_rule"]
    run(calls)
    assert drifts(scan(directory)) == []
    elb.delete_rule(RuleArn=rule_arn)
    assert drifts(scan(directory)) == [("missing", "aws_lb_listener_rule.api", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.operation for c in calls] == ["create_rule"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    listener_arn, group_arn, rule_arn = apply()
    cfn = template(
        tmp_path / "cfn",
        f"""  Api:
    Type: AWS::ElasticLoadBalancingV2::ListenerRule
    Properties:
      ListenerArn: {listener_arn}
      Priority: 10
      Actions:
        - Type: forward
          TargetGroupArn: {group_arn}
      Conditions:
        - Field: host-header
          HostHeaderConfig:
            Values: [api.example.com]
        - Field: path-pattern
          Values: ["/a/*", "/b/*"]
      Tags:
        - Key: Team
          Value: api
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: elbv2.services.k8s.aws/v1alpha1
kind: Rule
metadata:
  name: api
spec:
  listenerARN: {listener_arn}
  priority: 10
  actions:
    - type: forward
      targetGroupARN: {group_arn}
  conditions:
    - field: path-pattern
      pathPatternConfig:
        values: ["/b/*", "/a/*"]
    - field: host-header
      hostHeaderConfig:
        values: [api.example.com]
  tags:
    - key: Team
      value: api
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: elbv2.aws.upbound.io/v1beta1
kind: LBListenerRule
metadata:
  name: api
  annotations:
    crossplane.io/external-name: {rule_arn}
spec:
  forProvider:
    region: us-east-1
    listenerArn: {listener_arn}
    priority: 11
    action:
      - type: forward
        targetGroupArn: {group_arn}
    condition:
      - hostHeader:
          - values: [api.example.com]
      - pathPattern:
          - values: ["/a/*", "/b/*"]
    tags:
      Team: api
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert [
            (d["kind"], d["changes"]) for d in report["drifts"] if d["kind"] != "unmanaged"
        ] == [], source
        assert report["summary"]["managed"] == 1, source
    tags = {
        "crossplane-kind": "lblistenerrule.elbv2.aws.upbound.io",
        "crossplane-name": "api",
        "crossplane-providerconfig": "default",
    }
    elb = boto3.client("elbv2", region_name=REGION)
    elb.add_tags(ResourceArns=[rule_arn], Tags=[{"Key": k, "Value": v} for k, v in tags.items()])
    report, _ = scan_source(crossplane)
    changed = [
        (d["type"], [c["path"] for c in d["changes"]])
        for d in report["drifts"]
        if d["kind"] == "changed"
    ]
    assert changed == [("aws_lb_listener_rule", ["priority"])]


def test_a_rule_retagged_by_hand_is_drift(aws: None, tmp_path: Path) -> None:
    """A rule's tags are read by DescribeTags after DescribeRules, itself made after
    DescribeListeners: a detail call needing one that needed another."""
    *_, rule_arn = apply()
    elb = boto3.client("elbv2", region_name=REGION)
    elb.add_tags(ResourceArns=[rule_arn], Tags=[{"Key": "Team", "Value": "ops"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", "aws_lb_listener_rule.api", ["tags.Team"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.operation for c in calls] == ["add_tags"]
    run(calls)
    assert drifts(scan(directory)) == []
