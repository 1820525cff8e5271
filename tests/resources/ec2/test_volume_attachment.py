"""aws_volume_attachment on moto: an attached volume is in sync; detached out of band it
is missing, and the revert attaches it again; an instance's root volume is its own,
never an unmanaged attachment; another device needs a human."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_instance" "db" {
  ami           = "ami-12c6146b"
  instance_type = "t3.micro"
  availability_zone = "us-east-1a"
  tags = { Name = "lb-db" }
}

resource "aws_ebs_volume" "data" {
  availability_zone = "us-east-1a"
  size              = 10
  tags = { Name = "lb-data" }
}

resource "aws_volume_attachment" "data" {
  device_name = "/dev/sdf"
  volume_id   = aws_ebs_volume.data.id
  instance_id = aws_instance.db.id
}
"""


def apply() -> tuple[str, str]:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    instance = ec2.run_instances(
        ImageId="ami-12c6146b",
        InstanceType="t3.micro",
        MinCount=1,
        MaxCount=1,
        Placement={"AvailabilityZone": "us-east-1a"},
        TagSpecifications=[
            {"ResourceType": "instance", "Tags": [{"Key": "Name", "Value": "lb-db"}]}
        ],
    )["Instances"][0]["InstanceId"]
    volume = ec2.create_volume(
        AvailabilityZone="us-east-1a",
        Size=10,
        TagSpecifications=[
            {"ResourceType": "volume", "Tags": [{"Key": "Name", "Value": "lb-data"}]}
        ],
    )["VolumeId"]
    ec2.attach_volume(Device="/dev/sdf", InstanceId=instance, VolumeId=volume)
    return instance, volume


def test_a_detached_volume_is_missing_and_attached_again(aws: None, tmp_path: Path) -> None:
    instance, volume = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory), "changed", "missing") == []
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.detach_volume(VolumeId=volume, InstanceId=instance)
    assert drifts(scan(directory), "changed", "missing") == [
        ("missing", "aws_volume_attachment.data", [])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        ("attach_volume", {"Device": "/dev/sdf", "VolumeId": volume, "InstanceId": instance})
    ]
    run(calls)
    assert drifts(scan(directory), "changed", "missing") == []


def test_an_undeclared_attachment_is_unmanaged_but_a_root_volume_is_not(
    aws: None, tmp_path: Path
) -> None:
    instance, volume = apply()
    directory = write(tmp_path / "tf", HCL.split('resource "aws_volume_attachment"')[0])
    found = drifts(scan(directory))
    attachments = [d for d in found if d[1].startswith("aws_volume_attachment.")]
    assert attachments == [("unmanaged", f"aws_volume_attachment./dev/sdf:{volume}:{instance}", [])]
