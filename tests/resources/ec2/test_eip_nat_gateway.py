"""aws_eip and aws_nat_gateway on moto: scan, drift, revert (and what cannot be)."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.21.0.0/16"
  tags       = { Name = "net-main" }
}

resource "aws_subnet" "a" {
  vpc_id     = aws_vpc.main.id
  cidr_block = "10.21.1.0/24"
}

resource "aws_eip" "nat" {
  domain = "vpc"
  tags   = { Name = "net-nat" }
}

resource "aws_nat_gateway" "a" {
  subnet_id     = aws_subnet.a.id
  allocation_id = aws_eip.nat.id
  tags          = { Name = "net-nat-a" }
}
"""


def apply() -> dict[str, str]:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(
        CidrBlock="10.21.0.0/16",
        TagSpecifications=[{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": "net-main"}]}],
    )["Vpc"]["VpcId"]
    subnet = ec2.create_subnet(VpcId=vpc, CidrBlock="10.21.1.0/24")["Subnet"]["SubnetId"]
    eip = ec2.allocate_address(
        Domain="vpc",
        TagSpecifications=[
            {"ResourceType": "elastic-ip", "Tags": [{"Key": "Name", "Value": "net-nat"}]}
        ],
    )["AllocationId"]
    nat = ec2.create_nat_gateway(
        SubnetId=subnet,
        AllocationId=eip,
        TagSpecifications=[
            {"ResourceType": "natgateway", "Tags": [{"Key": "Name", "Value": "net-nat-a"}]}
        ],
    )["NatGateway"]["NatGatewayId"]
    return {"vpc": vpc, "subnet": subnet, "eip": eip, "nat": nat}


def test_an_applied_stack_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 4


def test_tag_drift_is_reverted_and_an_unmanaged_address_released(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.create_tags(Resources=[ids["eip"], ids["nat"]], Tags=[{"Key": "Owner", "Value": "x"}])
    stray = ec2.allocate_address(Domain="vpc")["AllocationId"]
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == [
        ("changed", "aws_eip.nat", ["tags.Owner"]),
        ("changed", "aws_nat_gateway.a", ["tags.Owner"]),
        ("unmanaged", f"aws_eip.{stray}", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.operation for c in calls) == ["delete_tags", "delete_tags", "release_address"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_nat_gateway_in_another_subnet_needs_a_human(aws: None, tmp_path: Path) -> None:
    """The subnet of a NAT gateway is fixed at creation: the plan says so, calls nothing."""
    apply()
    hcl = HCL.replace(
        'resource "aws_nat_gateway" "a" {\n  subnet_id     = aws_subnet.a.id',
        'resource "aws_nat_gateway" "a" {\n  subnet_id     = "subnet-0elsewhere"',
    )
    directory = write(tmp_path / "tf", hcl)
    report = scan(directory)
    assert ("changed", "aws_nat_gateway.a", ["subnet_id"]) in drifts(report)
    calls, refusals = plan_calls(tmp_path, directory)
    assert not [c for c in calls if c.operation.endswith("nat_gateway")]
    assert any("subnet_id of aws_nat_gateway.a" in r and "replace needed" in r for r in refusals)
