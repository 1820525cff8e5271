"""aws_instance on moto: in sync after launch, security groups and monitoring put back,
a type change needs a stopped instance, Auto Scaling instances are never unmanaged."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import aws, drifts, plan_calls, run, scan, write

__all__ = ["aws"]

AMI = "ami-12c6146b"  # one of moto's images
# moto leaves DeleteOnTermination out of a root volume's attachment (AWS says true): the
# root volume then looks unmanaged here, so these tests look at the instance's drift only


def mine(found: list[tuple[str, str, list[str]]]) -> list[tuple[str, str, list[str]]]:
    return [d for d in found if not d[1].startswith("aws_ebs_volume.")]


HCL = f"""
resource "aws_vpc" "main" {{
  cidr_block = "10.24.0.0/16"
  tags       = {{ Name = "net-main" }}
}}

resource "aws_subnet" "a" {{
  vpc_id     = aws_vpc.main.id
  cidr_block = "10.24.1.0/24"
}}

resource "aws_security_group" "web" {{
  name   = "net-web"
  vpc_id = aws_vpc.main.id
}}

resource "aws_instance" "web" {{
  ami                    = "{AMI}"
  instance_type          = "t3.micro"
  subnet_id              = aws_subnet.a.id
  vpc_security_group_ids = [aws_security_group.web.id]
  tags                   = {{ Name = "net-web" }}
}}
"""


def apply() -> dict[str, str]:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(
        CidrBlock="10.24.0.0/16",
        TagSpecifications=[{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": "net-main"}]}],
    )["Vpc"]["VpcId"]
    subnet = ec2.create_subnet(VpcId=vpc, CidrBlock="10.24.1.0/24")["Subnet"]["SubnetId"]
    group = ec2.create_security_group(
        GroupName="net-web", Description="Managed by Terraform", VpcId=vpc
    )["GroupId"]
    ec2.revoke_security_group_egress(
        GroupId=group,
        IpPermissions=[{"IpProtocol": "-1", "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}],
    )
    instance = ec2.run_instances(
        ImageId=AMI,
        InstanceType="t3.micro",
        MinCount=1,
        MaxCount=1,
        SubnetId=subnet,
        SecurityGroupIds=[group],
        TagSpecifications=[
            {"ResourceType": "instance", "Tags": [{"Key": "Name", "Value": "net-web"}]}
        ],
    )["Instances"][0]["InstanceId"]
    return {"vpc": vpc, "subnet": subnet, "group": group, "instance": instance}


def test_a_launched_instance_is_in_sync_and_changes_are_put_back(aws: None, tmp_path: Path) -> None:
    ids = apply()
    directory = write(tmp_path / "tf", HCL)
    assert mine(drifts(scan(directory))) == []
    ec2 = boto3.client("ec2", region_name="us-east-1")
    other = ec2.create_security_group(GroupName="debug", Description="d", VpcId=ids["vpc"])
    ec2.modify_instance_attribute(InstanceId=ids["instance"], Groups=[other["GroupId"]])
    # moto has no MonitorInstances: the declaration asks for monitoring the instance lacks
    hcl = HCL.replace(
        'tags                   = { Name = "net-web" }',
        'monitoring = true\n  tags = { Name = "net-web" }',
    )
    directory = write(tmp_path / "tf", hcl)
    changed = drifts(scan(directory), "changed")
    assert [(k, a, sorted(set(p))) for k, a, p in changed] == [
        ("changed", "aws_instance.web", ["monitoring", "vpc_security_group_ids[0]"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    kept = [c for c in calls if c.operation not in ("delete_security_group", "delete_volume")]
    assert sorted(c.operation for c in kept) == ["modify_instance_attribute", "monitor_instances"]
    run([c for c in kept if c.operation == "modify_instance_attribute"])
    assert drifts(scan(directory), "changed") == [("changed", "aws_instance.web", ["monitoring"])]


def test_another_type_on_a_running_instance_needs_a_human(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL.replace('"t3.micro"', '"t3.large"'))
    assert drifts(scan(directory), "changed") == [
        ("changed", "aws_instance.web", ["instance_type"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c for c in calls if c.operation != "delete_volume"] == []
    assert any("only while the instance is stopped" in r for r in refusals)


def test_instances_an_auto_scaling_group_launched_are_not_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.run_instances(
        ImageId=AMI,
        MinCount=1,
        MaxCount=1,
        SubnetId=ids["subnet"],
        TagSpecifications=[
            {
                "ResourceType": "instance",
                "Tags": [{"Key": "aws:autoscaling:groupName", "Value": "g"}],
            }
        ],
    )
    stray = ec2.run_instances(ImageId=AMI, MinCount=1, MaxCount=1, SubnetId=ids["subnet"])
    report = scan(write(tmp_path / "tf", HCL))
    unmanaged = [a for _, a, _ in drifts(report, "unmanaged") if a.startswith("aws_instance.")]
    assert unmanaged == [f"aws_instance.{stray['Instances'][0]['InstanceId']}"]
