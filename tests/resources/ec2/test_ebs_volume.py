"""aws_ebs_volume on moto: size and type drift put back with ModifyVolume; a smaller
size needs a human."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_ebs_volume" "data" {
  availability_zone = "us-east-1a"
  size              = 20
  type              = "gp3"
  tags              = { Name = "net-data" }
}
"""


def apply() -> str:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    volume = ec2.create_volume(
        AvailabilityZone="us-east-1a",
        Size=20,
        VolumeType="gp3",
        TagSpecifications=[
            {"ResourceType": "volume", "Tags": [{"Key": "Name", "Value": "net-data"}]}
        ],
    )
    return str(volume["VolumeId"])


def test_a_volume_grown_and_retyped_out_of_band_is_put_back_where_it_can_be(
    aws: None, tmp_path: Path
) -> None:
    volume = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.modify_volume(VolumeId=volume, Size=50, VolumeType="io1")
    assert drifts(scan(directory)) == [("changed", "aws_ebs_volume.data", ["size", "type"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert refusals and "only grows" in refusals[0]


def test_a_changed_type_is_put_back(aws: None, tmp_path: Path) -> None:
    volume = apply()
    directory = write(tmp_path / "tf", HCL)
    boto3.client("ec2", region_name="us-east-1").modify_volume(VolumeId=volume, VolumeType="io1")
    assert drifts(scan(directory)) == [("changed", "aws_ebs_volume.data", ["type"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        ("modify_volume", {"VolumeId": volume, "VolumeType": "gp3"})
    ]
    run(calls)
    assert drifts(scan(directory)) == []
