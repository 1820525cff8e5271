"""aws_lb_target_group on moto: a group created as Terraform creates it is in sync; a
changed deregistration delay or health check is drift that a revert puts back, and a
changed port needs a human."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.80.0.0/16"
}

resource "aws_alb_target_group" "web" {
  name                 = "lb-web"
  port                 = 80
  protocol             = "HTTP"
  vpc_id               = aws_vpc.main.id
  deregistration_delay = 60
  health_check {
    path    = "/health"
    matcher = "200"
  }
  tags = { Team = "web" }
}
"""


def apply() -> str:
    """What `terraform apply` makes of HCL: the group, then its attributes."""
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(CidrBlock="10.80.0.0/16")["Vpc"]["VpcId"]
    elb = boto3.client("elbv2", region_name="us-east-1")
    group = elb.create_target_group(
        Name="lb-web",
        Port=80,
        Protocol="HTTP",
        VpcId=vpc,
        HealthCheckPath="/health",
        HealthCheckPort="traffic-port",
        HealthCheckIntervalSeconds=30,
        HealthyThresholdCount=3,
        UnhealthyThresholdCount=3,
        Matcher={"HttpCode": "200"},
        Tags=[{"Key": "Team", "Value": "web"}],
    )["TargetGroups"][0]
    arn = str(group["TargetGroupArn"])
    elb.modify_target_group_attributes(
        TargetGroupArn=arn,
        Attributes=[{"Key": "deregistration_delay.timeout_seconds", "Value": "60"}],
    )
    return arn


def test_a_changed_delay_and_health_check_are_put_back(aws: None, tmp_path: Path) -> None:
    arn = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    elb = boto3.client("elbv2", region_name="us-east-1")
    elb.modify_target_group_attributes(
        TargetGroupArn=arn,
        Attributes=[{"Key": "deregistration_delay.timeout_seconds", "Value": "30"}],
    )
    elb.modify_target_group(TargetGroupArn=arn, HealthCheckPath="/")
    elb.add_tags(ResourceArns=[arn], Tags=[{"Key": "Owner", "Value": "someone"}])
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_alb_target_group.web",
            ["deregistration_delay", "health_check.path", "tags.Owner"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.operation for c in calls) == [
        "modify_target_group",
        "modify_target_group_attributes",
        "remove_tags",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_another_port_is_drift_that_a_human_replaces(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL.replace("port                 = 80", "port = 8080"))
    assert drifts(scan(directory)) == [("changed", "aws_alb_target_group.web", ["port"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert any("port of aws_alb_target_group.web" in r for r in refusals)


def test_an_undeclared_group_is_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL.split('resource "aws_alb')[0])
    found = [d for d in drifts(scan(directory)) if d[1].startswith("aws_lb_target_group.")]
    assert [d[0] for d in found] == ["unmanaged"]
