"""aws_instance on moto: in sync after launch, security groups and monitoring put back,
a type change needs a stopped instance, Auto Scaling instances are never unmanaged, and
the volume at its root device is its own (never unmanaged), deleted on termination or not."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

AMI = "ami-12c6146b"  # one of moto's images
ROOT = "/dev/sda1"  # its root device (moto's instances all say so)


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


def apply(keep_root: bool = False) -> dict[str, str]:
    """What `terraform apply` makes of HCL (keep_root: with `root_block_device {
    delete_on_termination = false }`)."""
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
        BlockDeviceMappings=[
            {"DeviceName": ROOT, "Ebs": {"VolumeSize": 8, "DeleteOnTermination": False}}
        ]
        if keep_root
        else [],
    )["Instances"][0]["InstanceId"]
    return {"vpc": vpc, "subnet": subnet, "group": group, "instance": instance}


def test_a_launched_instance_is_in_sync_and_changes_are_put_back(aws: None, tmp_path: Path) -> None:
    ids = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []  # the root volume is the instance's
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
    kept = [c for c in calls if c.operation != "delete_security_group"]
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
    assert calls == []  # the root volume is never deleted
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


def test_a_root_volume_kept_on_termination_is_the_instances_a_data_volume_is_not(
    aws: None, tmp_path: Path
) -> None:
    """AWS says DeleteOnTermination=false on the attachment of a root volume declared with
    `delete_on_termination = false` (moto says nothing): it is still the instance's
    root_block_device, while a volume attached elsewhere, kept on termination, is not."""
    ids = apply(keep_root=True)
    ec2 = boto3.client("ec2", region_name="us-east-1")
    zone = ec2.describe_subnets(SubnetIds=[ids["subnet"]])["Subnets"][0]["AvailabilityZone"]
    data = ec2.create_volume(AvailabilityZone=zone, Size=5)["VolumeId"]
    ec2.attach_volume(VolumeId=data, InstanceId=ids["instance"], Device="/dev/sdf")
    hcl = HCL.replace(
        'tags                   = { Name = "net-web" }',
        'tags = { Name = "net-web" }\n'
        "  root_block_device {\n    delete_on_termination = false\n  }",
    )
    report = scan(write(tmp_path / "tf", hcl))
    assert drifts(report) == [("unmanaged", f"aws_ebs_volume.{data}", [])]


KEEP_ROOT = HCL.replace(
    'tags                   = { Name = "net-web" }',
    'tags = { Name = "net-web" }\n  root_block_device {\n    delete_on_termination = false\n  }',
)


def _root_deleted_on_termination(instance: str) -> bool:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    found = ec2.describe_instances(InstanceIds=[instance])["Reservations"][0]["Instances"][0]
    [root] = [m for m in found["BlockDeviceMappings"] if m["DeviceName"] == ROOT]
    return bool(root["Ebs"]["DeleteOnTermination"])


def test_a_root_volume_switched_to_be_deleted_with_its_instance_is_drift_put_back(
    aws: None, tmp_path: Path
) -> None:
    """`root_block_device { delete_on_termination = false }`, switched to true in the
    console: terraform's refresh reports it (tests/tf/test_patterns.py), and so does
    driftctl; the revert switches it back."""
    ids = apply(keep_root=True)
    directory = write(tmp_path / "tf", KEEP_ROOT)
    assert drifts(scan(directory)) == []
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.modify_instance_attribute(
        InstanceId=ids["instance"],
        BlockDeviceMappings=[{"DeviceName": ROOT, "Ebs": {"DeleteOnTermination": True}}],
    )
    assert drifts(scan(directory)) == [
        ("changed", "aws_instance.web", ["root_block_device.delete_on_termination"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        (
            "modify_instance_attribute",
            {
                "InstanceId": ids["instance"],
                "BlockDeviceMappings": [
                    {"DeviceName": ROOT, "Ebs": {"DeleteOnTermination": False}}
                ],
            },
        )
    ]
    run(calls)
    assert _root_deleted_on_termination(ids["instance"]) is False
    assert drifts(scan(directory)) == []


def test_a_declared_root_block_device_is_deleted_on_termination_unless_it_says_not(
    aws: None, tmp_path: Path
) -> None:
    """Terraform defaults `delete_on_termination` to true: a declared root block that
    leaves it out, on an instance whose root volume is kept, drifts; with no
    root_block_device declared, the flag is not compared (Terraform computes it)."""
    apply(keep_root=True)
    sized = KEEP_ROOT.replace("delete_on_termination = false", "volume_size = 8")
    assert drifts(scan(write(tmp_path / "sized", sized))) == [
        ("changed", "aws_instance.web", ["root_block_device.delete_on_termination"])
    ]
    assert drifts(scan(write(tmp_path / "bare", HCL))) == []


def test_an_instance_launched_again_keeps_its_root_volume_on_termination(
    aws: None, tmp_path: Path
) -> None:
    """Terminated out of band, the instance is launched again by the revert, and its root
    volume is kept on termination as declared (the root device is the AMI's, read from
    RunInstances' answer). The old root volume, kept, is now unmanaged: it holds data,
    and no rule deletes it."""
    ids = apply(keep_root=True)
    directory = write(tmp_path / "tf", KEEP_ROOT)
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.terminate_instances(InstanceIds=[ids["instance"]])
    [kept] = ec2.describe_volumes()["Volumes"]
    assert drifts(scan(directory), "missing") == [("missing", "aws_instance.web", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [r.split(":")[0] for r in refusals] == [
        f"not deleting aws_ebs_volume.{kept['VolumeId']}"
    ]
    assert [c.operation for c in calls] == ["run_instances", "modify_instance_attribute"]
    run(calls)
    running = [
        i["InstanceId"]
        for r in ec2.describe_instances()["Reservations"]
        for i in r["Instances"]
        if i["State"]["Name"] == "running"
    ]
    assert len(running) == 1
    assert _root_deleted_on_termination(running[0]) is False
    assert drifts(scan(directory), "missing", "changed") == []
