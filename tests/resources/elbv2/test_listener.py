"""aws_lb and aws_lb_listener on moto: a load balancer and its listener created as
Terraform creates them are in sync; a changed idle timeout, deletion protection, listener
port or default action is drift a revert puts back; another scheme needs a human."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.80.0.0/16"
}

resource "aws_subnet" "a" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.80.1.0/24"
  availability_zone = "us-east-1a"
}

resource "aws_subnet" "b" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.80.2.0/24"
  availability_zone = "us-east-1b"
}

resource "aws_lb_target_group" "web" {
  name     = "lb-web"
  port     = 80
  protocol = "HTTP"
  vpc_id   = aws_vpc.main.id
}

resource "aws_lb" "web" {
  name     = "lb-web"
  internal = true
  subnets  = [aws_subnet.a.id, aws_subnet.b.id]
  tags     = { Team = "web" }
}

resource "aws_lb_listener" "http" {
  load_balancer_arn = aws_lb.web.arn
  port              = 80
  protocol          = "HTTP"
  default_action {
    type             = "forward"
    target_group_arn = aws_lb_target_group.web.arn
  }
}
"""


def apply() -> tuple[str, str]:
    """What `terraform apply` makes of HCL: (load balancer ARN, listener ARN)."""
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(CidrBlock="10.80.0.0/16")["Vpc"]["VpcId"]
    subnets = [
        ec2.create_subnet(VpcId=vpc, CidrBlock=cidr, AvailabilityZone=zone)["Subnet"]["SubnetId"]
        for cidr, zone in (("10.80.1.0/24", "us-east-1a"), ("10.80.2.0/24", "us-east-1b"))
    ]
    elb = boto3.client("elbv2", region_name="us-east-1")
    group = elb.create_target_group(Name="lb-web", Port=80, Protocol="HTTP", VpcId=vpc)
    group_arn = group["TargetGroups"][0]["TargetGroupArn"]
    lb = elb.create_load_balancer(
        Name="lb-web",
        Subnets=subnets,
        Scheme="internal",
        Type="application",
        Tags=[{"Key": "Team", "Value": "web"}],
    )["LoadBalancers"][0]
    lb_arn = str(lb["LoadBalancerArn"])
    elb.modify_load_balancer_attributes(
        LoadBalancerArn=lb_arn,
        Attributes=[{"Key": "idle_timeout.timeout_seconds", "Value": "60"}],
    )
    listener = elb.create_listener(
        LoadBalancerArn=lb_arn,
        Port=80,
        Protocol="HTTP",
        DefaultActions=[{"Type": "forward", "TargetGroupArn": group_arn}],
    )["Listeners"][0]
    return lb_arn, str(listener["ListenerArn"])


def test_a_changed_load_balancer_and_listener_are_put_back(aws: None, tmp_path: Path) -> None:
    lb_arn, listener_arn = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    elb = boto3.client("elbv2", region_name="us-east-1")
    elb.modify_load_balancer_attributes(
        LoadBalancerArn=lb_arn,
        Attributes=[
            {"Key": "idle_timeout.timeout_seconds", "Value": "120"},
            {"Key": "deletion_protection.enabled", "Value": "true"},
        ],
    )
    elb.modify_listener(
        ListenerArn=listener_arn,
        Port=8080,
        DefaultActions=[
            {
                "Type": "fixed-response",
                "FixedResponseConfig": {"StatusCode": "503", "ContentType": "text/plain"},
            }
        ],
    )
    assert drifts(scan(directory)) == [
        ("changed", "aws_lb.web", ["enable_deletion_protection", "idle_timeout"]),
        (
            "changed",
            "aws_lb_listener.http",
            ["default_action[0].target_group_arn", "default_action[0].type", "port"],
        ),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.operation for c in calls) == [
        "modify_listener",
        "modify_load_balancer_attributes",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_another_scheme_is_drift_that_a_human_replaces(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL.replace("internal = true", "internal = false"))
    assert drifts(scan(directory)) == [("changed", "aws_lb.web", ["internal"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert any("internal of aws_lb.web" in r for r in refusals)


def test_an_undeclared_listener_is_unmanaged(aws: None, tmp_path: Path) -> None:
    _, listener_arn = apply()
    directory = write(tmp_path / "tf", HCL.split('resource "aws_lb_listener"')[0])
    assert drifts(scan(directory)) == [("unmanaged", f"aws_lb_listener.{listener_arn}", [])]


def test_listeners_past_the_first_nineteen_are_read_with_their_tags(
    aws: None, tmp_path: Path
) -> None:
    """DescribeTags takes 20 ARNs: a load balancer with 25 tagged listeners needs a second
    call, and a tag changed on the 24th listener is drift."""
    lb_arn, _ = apply()
    elb = boto3.client("elbv2", region_name="us-east-1")
    group_arn = elb.describe_target_groups()["TargetGroups"][0]["TargetGroupArn"]
    arns = {}
    for port in range(8001, 8025):
        arns[port] = elb.create_listener(
            LoadBalancerArn=lb_arn,
            Port=port,
            Protocol="HTTP",
            DefaultActions=[{"Type": "forward", "TargetGroupArn": group_arn}],
            Tags=[{"Key": "Port", "Value": str(port)}],
        )["Listeners"][0]["ListenerArn"]
    more = "".join(
        f"""
resource "aws_lb_listener" "p{port}" {{
  load_balancer_arn = aws_lb.web.arn
  port              = {port}
  protocol          = "HTTP"
  tags              = {{ Port = "{port}" }}
  default_action {{
    type             = "forward"
    target_group_arn = aws_lb_target_group.web.arn
  }}
}}
"""
        for port in arns
    )
    directory = write(tmp_path / "tf", HCL + more)
    assert drifts(scan(directory)) == []
    elb.add_tags(ResourceArns=[arns[8023]], Tags=[{"Key": "Port", "Value": "changed"}])
    assert drifts(scan(directory)) == [("changed", "aws_lb_listener.p8023", ["tags.Port"])]
