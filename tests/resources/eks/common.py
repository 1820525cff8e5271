"""What the EKS tests share: the network and roles a cluster needs, declared in HCL and
made in moto as `terraform apply` makes them."""

from __future__ import annotations

import json

import boto3

REGION = "us-east-1"
TRUST = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"Service": "eks.amazonaws.com"},
            "Action": "sts:AssumeRole",
        }
    ],
}

NETWORK_HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.90.0.0/16"
}

resource "aws_subnet" "a" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.90.1.0/24"
  availability_zone = "us-east-1a"
}

resource "aws_subnet" "b" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.90.2.0/24"
  availability_zone = "us-east-1b"
}

resource "aws_iam_role" "eks" {
  name = "eks"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "eks.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}
"""


def network() -> tuple[str, list[str]]:
    """The role's ARN and the two subnets' ids."""
    ec2 = boto3.client("ec2", region_name=REGION)
    vpc = ec2.create_vpc(CidrBlock="10.90.0.0/16")["Vpc"]["VpcId"]
    subnets = [
        ec2.create_subnet(VpcId=vpc, CidrBlock=cidr, AvailabilityZone=zone)["Subnet"]["SubnetId"]
        for cidr, zone in (("10.90.1.0/24", "us-east-1a"), ("10.90.2.0/24", "us-east-1b"))
    ]
    iam = boto3.client("iam", region_name=REGION)
    role = iam.create_role(RoleName="eks", AssumeRolePolicyDocument=json.dumps(TRUST))
    return str(role["Role"]["Arn"]), subnets
