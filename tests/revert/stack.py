"""Out-of-band changes a person would make to the demo stack, for the revert tests."""

from __future__ import annotations

import json
from typing import Any

from driftctl.demo import stack as demo_stack

OPEN_POLICY = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": "*",
            "Action": "s3:GetObject",
            "Resource": "arn:aws:s3:::acme-demo-logs/*",
        }
    ],
}
TRUST_ANYONE = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"AWS": "arn:aws:iam::123456789012:root"},
            "Action": "sts:AssumeRole",
        }
    ],
}
WIDER_READ = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}],
}

# What drift_everything does, one line each (the revert tests name them)
STEPS = (
    "opened SSH (tcp/22) to 0.0.0.0/0 on demo-web",
    "removed the Postgres rule (from demo-web) of demo-db",
    "changed the Zone tag of acme-demo-raw",
    "suspended versioning on acme-demo-curated",
    "removed default encryption from acme-demo-raw",
    "turned Block Public Access off on acme-demo-logs",
    "added a public bucket policy to acme-demo-logs",
    "let the whole account assume demo-app",
    "widened the inline policy read-data of demo-app",
    "turned map_public_ip_on_launch on for demo-private-a",
    "turned DNS hostnames off on demo-vpc",
    "created bucket acme-demo-scratch by hand",
)


def subnet_id(ec2: Any, cidr: str) -> str:
    subnets = ec2.describe_subnets(Filters=[{"Name": "cidr-block", "Values": [cidr]}])["Subnets"]
    return str(subnets[0]["SubnetId"])


def drift_everything(endpoint: str, ids: dict[str, str]) -> None:
    c = demo_stack.clients(endpoint)
    ec2, s3, iam = c["ec2"], c["s3"], c["iam"]
    ec2.authorize_security_group_ingress(
        GroupId=ids["web"],
        IpPermissions=[
            {
                "IpProtocol": "tcp",
                "FromPort": 22,
                "ToPort": 22,
                "IpRanges": [{"CidrIp": "0.0.0.0/0"}],
            }
        ],
    )
    ec2.revoke_security_group_ingress(
        GroupId=ids["db"],
        IpPermissions=[
            {
                "IpProtocol": "tcp",
                "FromPort": 5432,
                "ToPort": 5432,
                "UserIdGroupPairs": [
                    {"GroupId": ids["web"], "Description": "Postgres from the web tier"}
                ],
            }
        ],
    )
    s3.put_bucket_tagging(
        Bucket="acme-demo-raw", Tagging={"TagSet": demo_stack._tags({"Zone": "analytics"})}
    )
    s3.put_bucket_versioning(
        Bucket="acme-demo-curated", VersioningConfiguration={"Status": "Suspended"}
    )
    s3.delete_bucket_encryption(Bucket="acme-demo-raw")
    s3.put_public_access_block(
        Bucket="acme-demo-logs",
        PublicAccessBlockConfiguration={
            "BlockPublicAcls": False,
            "BlockPublicPolicy": False,
            "IgnorePublicAcls": False,
            "RestrictPublicBuckets": False,
        },
    )
    s3.put_bucket_policy(Bucket="acme-demo-logs", Policy=json.dumps(OPEN_POLICY))
    iam.update_assume_role_policy(RoleName="demo-app", PolicyDocument=json.dumps(TRUST_ANYONE))
    iam.put_role_policy(
        RoleName="demo-app", PolicyName="read-data", PolicyDocument=json.dumps(WIDER_READ)
    )
    ec2.modify_subnet_attribute(
        SubnetId=subnet_id(ec2, "10.42.1.0/24"), MapPublicIpOnLaunch={"Value": True}
    )
    ec2.modify_vpc_attribute(VpcId=ids["vpc"], EnableDnsHostnames={"Value": False})
    s3.create_bucket(Bucket="acme-demo-scratch")


RULES = """\
rules:
  - name: revert-declared
    match:
      kind: [changed, missing]
    action: revert
    severity: high
  - name: delete-hand-made-s3
    match:
      kind: unmanaged
      type: "aws_s3_bucket*"
    action: revert
"""
