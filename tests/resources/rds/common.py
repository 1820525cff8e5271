"""A VPC with two subnets, as the database types' tests need them (moto checks them)."""

from __future__ import annotations

import boto3

from driftctl.base.calls import Call

REGION = "us-east-1"


def subnets() -> tuple[str, str]:
    ec2 = boto3.client("ec2", region_name=REGION)
    vpc = ec2.create_vpc(CidrBlock="10.60.0.0/16")["Vpc"]["VpcId"]
    a = ec2.create_subnet(VpcId=vpc, CidrBlock="10.60.1.0/24", AvailabilityZone="us-east-1a")
    b = ec2.create_subnet(VpcId=vpc, CidrBlock="10.60.2.0/24", AvailabilityZone="us-east-1b")
    return a["Subnet"]["SubnetId"], b["Subnet"]["SubnetId"]


def of_type(
    found: list[tuple[str, str, list[str]]], *types: str
) -> list[tuple[str, str, list[str]]]:
    """The drifts (tests.resources.helpers.drifts) of the types asked (the VPC and subnets
    the test made for moto are unmanaged, and not what the test is about)."""
    return [d for d in found if d[1].split(".")[0] in types]


def own(calls: list[Call], *services: str) -> list[Call]:
    """The calls of the services asked (a revert of everything would also delete the
    unmanaged VPC and subnets the test made for moto)."""
    return [c for c in calls if c.service in services]
