"""aws_autoscaling_group on moto: a group of no instances created as Terraform creates
it is in sync; changed sizes, subnets and a tag's propagation are drift a revert puts
back; another name needs a human."""

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

resource "aws_launch_template" "web" {
  name          = "lb-web"
  image_id      = "ami-12c6146b"
  instance_type = "t3.micro"
}

resource "aws_autoscaling_group" "web" {
  name                = "lb-web"
  min_size            = 0
  max_size            = 2
  desired_capacity    = 0
  vpc_zone_identifier = [aws_subnet.a.id, aws_subnet.b.id]
  launch_template {
    id      = aws_launch_template.web.id
    version = "$Latest"
  }
  tag {
    key                 = "Team"
    value               = "web"
    propagate_at_launch = true
  }
}
"""


def apply() -> list[str]:
    """What `terraform apply` makes of HCL: the subnets' ids."""
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(CidrBlock="10.80.0.0/16")["Vpc"]["VpcId"]
    subnets = [
        ec2.create_subnet(VpcId=vpc, CidrBlock=cidr, AvailabilityZone=zone)["Subnet"]["SubnetId"]
        for cidr, zone in (("10.80.1.0/24", "us-east-1a"), ("10.80.2.0/24", "us-east-1b"))
    ]
    template = ec2.create_launch_template(
        LaunchTemplateName="lb-web",
        LaunchTemplateData={"ImageId": "ami-12c6146b", "InstanceType": "t3.micro"},
    )["LaunchTemplate"]["LaunchTemplateId"]
    boto3.client("autoscaling", region_name="us-east-1").create_auto_scaling_group(
        AutoScalingGroupName="lb-web",
        MinSize=0,
        MaxSize=2,
        DesiredCapacity=0,
        VPCZoneIdentifier=",".join(subnets),
        LaunchTemplate={"LaunchTemplateId": template, "Version": "$Latest"},
        Tags=[{"Key": "Team", "Value": "web", "PropagateAtLaunch": True}],
    )
    return subnets


def test_changed_sizes_subnets_and_tags_are_put_back(aws: None, tmp_path: Path) -> None:
    subnets = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    asg = boto3.client("autoscaling", region_name="us-east-1")
    asg.update_auto_scaling_group(
        AutoScalingGroupName="lb-web", MaxSize=3, VPCZoneIdentifier=subnets[0]
    )
    asg.create_or_update_tags(
        Tags=[
            {
                "ResourceId": "lb-web",
                "ResourceType": "auto-scaling-group",
                "Key": "Team",
                "Value": "web",
                "PropagateAtLaunch": False,
            }
        ]
    )
    # a set element changed is one removed and one added, at whatever index it sorts
    [(kind, address, paths)] = drifts(scan(directory))
    assert (kind, address) == ("changed", "aws_autoscaling_group.web")
    assert sorted({p.split("[")[0] for p in paths}) == ["max_size", "tag", "vpc_zone_identifier"]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.operation for c in calls) == [
        "create_or_update_tags",
        "update_auto_scaling_group",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_another_name_is_drift_that_a_human_replaces(aws: None, tmp_path: Path) -> None:
    apply()
    hcl = HCL.replace('name                = "lb-web"', 'name = "lb-app"')
    state = 'import {\n  to = aws_autoscaling_group.web\n  id = "lb-web"\n}\n'
    directory = write(tmp_path / "tf", state + hcl)
    assert drifts(scan(directory)) == [("changed", "aws_autoscaling_group.web", ["name"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert any("name of aws_autoscaling_group.web" in r for r in refusals)
