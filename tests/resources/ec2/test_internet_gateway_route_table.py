"""aws_internet_gateway, aws_route_table (with aws_route folded in) and
aws_route_table_association on moto: scan,
AWS's own resources, drift, and a revert that puts it back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.20.0.0/16"
  tags       = { Name = "net-main" }
}

resource "aws_internet_gateway" "gw" {
  vpc_id = aws_vpc.main.id
  tags   = { Name = "net-gw" }
}

resource "aws_route_table" "public" {
  vpc_id = aws_vpc.main.id
  route {
    cidr_block = "0.0.0.0/0"
    gateway_id = aws_internet_gateway.gw.id
  }
  tags = { Name = "net-public" }
}

resource "aws_route_table" "private" {
  vpc_id = aws_vpc.main.id
  tags   = { Name = "net-private" }
}

resource "aws_subnet" "a" {
  vpc_id     = aws_vpc.main.id
  cidr_block = "10.20.1.0/24"
}

resource "aws_route_table_association" "a" {
  subnet_id      = aws_subnet.a.id
  route_table_id = aws_route_table.public.id
}

resource "aws_route" "peer" {
  route_table_id         = aws_route_table.private.id
  destination_cidr_block = "10.99.0.0/16"
  gateway_id             = aws_internet_gateway.gw.id
}
"""


def apply() -> dict[str, str]:
    """What `terraform apply` of HCL leaves live."""
    ec2 = boto3.client("ec2", region_name="us-east-1")

    def tags(kind: str, name: str) -> list[dict[str, Any]]:
        return [{"ResourceType": kind, "Tags": [{"Key": "Name", "Value": name}]}]

    vpc = ec2.create_vpc(CidrBlock="10.20.0.0/16", TagSpecifications=tags("vpc", "net-main"))
    vpc_id = vpc["Vpc"]["VpcId"]
    gw = ec2.create_internet_gateway(TagSpecifications=tags("internet-gateway", "net-gw"))
    gw_id = gw["InternetGateway"]["InternetGatewayId"]
    ec2.attach_internet_gateway(InternetGatewayId=gw_id, VpcId=vpc_id)
    ids = {"vpc": vpc_id, "gw": gw_id}
    for name in ("public", "private"):
        rt = ec2.create_route_table(
            VpcId=vpc_id, TagSpecifications=tags("route-table", f"net-{name}")
        )
        ids[name] = rt["RouteTable"]["RouteTableId"]
    ec2.create_route(RouteTableId=ids["public"], DestinationCidrBlock="0.0.0.0/0", GatewayId=gw_id)
    ec2.create_route(
        RouteTableId=ids["private"], DestinationCidrBlock="10.99.0.0/16", GatewayId=gw_id
    )
    ids["subnet"] = ec2.create_subnet(VpcId=vpc_id, CidrBlock="10.20.1.0/24")["Subnet"]["SubnetId"]
    assoc = ec2.associate_route_table(RouteTableId=ids["public"], SubnetId=ids["subnet"])
    ids["assoc"] = assoc["AssociationId"]
    return ids


def test_an_applied_stack_is_in_sync_and_aws_own_tables_and_gateways_are_not_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    """The local route, each VPC's main table and the default VPC's gateway are AWS's:
    neither drift nor unmanaged; the aws_route folds into its table."""
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 6


def test_gateway_and_route_changes_are_drift(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    other = ec2.create_vpc(CidrBlock="10.30.0.0/16")["Vpc"]["VpcId"]
    ec2.detach_internet_gateway(InternetGatewayId=ids["gw"], VpcId=ids["vpc"])
    ec2.attach_internet_gateway(InternetGatewayId=ids["gw"], VpcId=other)
    ec2.create_tags(Resources=[ids["gw"]], Tags=[{"Key": "Owner", "Value": "someone"}])
    ec2.create_route(
        RouteTableId=ids["public"], DestinationCidrBlock="10.50.0.0/16", GatewayId=ids["gw"]
    )
    ec2.delete_route(RouteTableId=ids["private"], DestinationCidrBlock="10.99.0.0/16")
    ec2.replace_route_table_association(AssociationId=ids["assoc"], RouteTableId=ids["private"])
    report = scan(write(tmp_path / "tf", HCL))
    changed = drifts(report, "changed")
    assert changed == [
        ("changed", "aws_internet_gateway.gw", ["tags.Owner", "vpc_id"]),
        ("changed", "aws_route_table.private", ["route[0]"]),
        ("changed", "aws_route_table.public", ["route[1]"]),
        ("changed", "aws_route_table_association.a", ["route_table_id"]),
    ]
    # the other VPC is unmanaged, its main route table is AWS's own
    unmanaged = drifts(report, "unmanaged")
    assert [u[1].split(".")[0] for u in unmanaged] == ["aws_vpc"]


def test_an_unmanaged_route_table_and_gateway_are_reported(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    extra = ec2.create_route_table(VpcId=ids["vpc"])["RouteTable"]["RouteTableId"]
    gw = ec2.create_internet_gateway()["InternetGateway"]["InternetGatewayId"]
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report, "unmanaged") == [
        ("unmanaged", f"aws_internet_gateway.{gw}", []),
        ("unmanaged", f"aws_route_table.{extra}", []),
    ]


def test_a_revert_puts_routes_and_the_attachment_back(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    other = ec2.create_vpc(CidrBlock="10.30.0.0/16")["Vpc"]["VpcId"]
    ec2.detach_internet_gateway(InternetGatewayId=ids["gw"], VpcId=ids["vpc"])
    ec2.attach_internet_gateway(InternetGatewayId=ids["gw"], VpcId=other)
    ec2.create_route(
        RouteTableId=ids["public"], DestinationCidrBlock="10.50.0.0/16", GatewayId=ids["gw"]
    )
    ec2.delete_route(RouteTableId=ids["private"], DestinationCidrBlock="10.99.0.0/16")
    directory = write(tmp_path / "tf", HCL)
    ec2.replace_route_table_association(AssociationId=ids["assoc"], RouteTableId=ids["private"])
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    ops = sorted(c.operation for c in calls if c.operation != "delete_vpc")
    assert ops == [
        "attach_internet_gateway",
        "create_route",
        "delete_route",
        "detach_internet_gateway",
        "replace_route_table_association",
    ]
    run([c for c in calls if c.operation != "delete_vpc"])
    assert drifts(scan(directory), "changed") == []
