"""The demo's two acts on the emulator: apply the sample stack, then drift it by hand.

`apply` creates with boto3 what `terraform apply` of driftctl/fixtures/demo would
create (the end-to-end tests check that a scan of the result is clean), and
`drift` makes the out-of-band changes a person would make in the console.
"""

from __future__ import annotations

import json
from typing import Any

import boto3
from botocore.config import Config

REGION = "us-east-1"
COMMON = {"Project": "driftctl-demo", "Env": "demo", "ManagedBy": "terraform"}


def _tags(extra: dict[str, str] | None = None) -> list[dict[str, str]]:
    return [{"Key": k, "Value": v} for k, v in sorted({**COMMON, **(extra or {})}.items())]


def _spec(kind: str, extra: dict[str, str] | None = None) -> list[dict[str, Any]]:
    return [{"ResourceType": kind, "Tags": _tags(extra)}]


# one attempt, and time to answer it: a create sent again after a timeout or an error
# whose request did land makes the resource twice (two VPCs, and the scan cannot tell
# which one the code declares)
ONCE = Config(retries={"total_max_attempts": 1}, read_timeout=300)


def clients(endpoint: str) -> dict[str, Any]:
    return {
        s: boto3.client(s, region_name=REGION, endpoint_url=endpoint, config=ONCE)
        for s in ("ec2", "s3", "iam")
    }


def apply(endpoint: str) -> dict[str, str]:
    """Create the stack; returns the ids AWS assigned (vpc, web, db)."""
    c = clients(endpoint)
    ec2, s3, iam = c["ec2"], c["s3"], c["iam"]
    vpc = ec2.create_vpc(
        CidrBlock="10.42.0.0/16", TagSpecifications=_spec("vpc", {"Name": "demo-vpc"})
    )["Vpc"]
    vpc_id = vpc["VpcId"]
    ec2.modify_vpc_attribute(VpcId=vpc_id, EnableDnsHostnames={"Value": True})
    for az, cidr in (("a", "10.42.1.0/24"), ("b", "10.42.2.0/24")):
        ec2.create_subnet(
            VpcId=vpc_id,
            CidrBlock=cidr,
            AvailabilityZone=f"{REGION}{az}",
            TagSpecifications=_spec("subnet", {"Name": f"demo-private-{az}"}),
        )
    web = ec2.create_security_group(
        GroupName="demo-web",
        Description="Web tier: HTTPS from anywhere",
        VpcId=vpc_id,
        TagSpecifications=_spec("security-group"),
    )["GroupId"]
    ec2.authorize_security_group_ingress(
        GroupId=web,
        IpPermissions=[
            {
                "IpProtocol": "tcp",
                "FromPort": 443,
                "ToPort": 443,
                "IpRanges": [{"CidrIp": "0.0.0.0/0", "Description": "HTTPS"}],
            }
        ],
    )
    db = ec2.create_security_group(
        GroupName="demo-db",
        Description="Database tier",
        VpcId=vpc_id,
        TagSpecifications=_spec("security-group"),
    )["GroupId"]
    ec2.authorize_security_group_ingress(
        GroupId=db,
        IpPermissions=[
            {
                "IpProtocol": "tcp",
                "FromPort": 5432,
                "ToPort": 5432,
                "UserIdGroupPairs": [{"GroupId": web, "Description": "Postgres from the web tier"}],
            }
        ],
    )
    for zone in ("raw", "curated"):
        name = f"acme-demo-{zone}"
        s3.create_bucket(Bucket=name)
        s3.put_bucket_tagging(Bucket=name, Tagging={"TagSet": _tags({"Zone": zone})})
        s3.put_bucket_versioning(Bucket=name, VersioningConfiguration={"Status": "Enabled"})
        s3.put_bucket_encryption(
            Bucket=name,
            ServerSideEncryptionConfiguration={
                "Rules": [{"ApplyServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"}}]
            },
        )
    s3.create_bucket(Bucket="acme-demo-logs")
    s3.put_bucket_tagging(Bucket="acme-demo-logs", Tagging={"TagSet": _tags()})
    s3.put_public_access_block(
        Bucket="acme-demo-logs",
        PublicAccessBlockConfiguration={
            "BlockPublicAcls": True,
            "BlockPublicPolicy": True,
            "IgnorePublicAcls": True,
            "RestrictPublicBuckets": True,
        },
    )
    trust = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Principal": {"Service": "ec2.amazonaws.com"},
                "Action": "sts:AssumeRole",
            }
        ],
    }
    iam.create_role(RoleName="demo-app", AssumeRolePolicyDocument=json.dumps(trust), Tags=_tags())
    read = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": ["s3:ListBucket", "s3:GetObject"],
                "Resource": ["arn:aws:s3:::acme-demo-raw/*", "arn:aws:s3:::acme-demo-raw"],
            }
        ],
    }
    iam.put_role_policy(
        RoleName="demo-app", PolicyName="read-data", PolicyDocument=json.dumps(read)
    )
    audit = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": ["config:Get*", "cloudtrail:LookupEvents"],
                "Resource": "*",
            }
        ],
    }
    arn = iam.create_policy(
        PolicyName="demo-audit",
        Description="Read-only audit access",
        PolicyDocument=json.dumps(audit),
        Tags=_tags(),
    )["Policy"]["Arn"]
    iam.attach_role_policy(RoleName="demo-app", PolicyArn=arn)
    return {"vpc": vpc_id, "web": web, "db": db}


# What `drift` does, in the words the demo prints.
DRIFT_STEPS = (
    "opened SSH (tcp/22) to 0.0.0.0/0 on security group demo-web",
    "changed the Zone tag of bucket acme-demo-raw from raw to analytics",
    "suspended versioning on bucket acme-demo-curated",
    "created bucket acme-demo-scratch by hand",
    "deleted the inline policy read-data of role demo-app",
)


def drift(endpoint: str, ids: dict[str, str]) -> None:
    c = clients(endpoint)
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
    s3.put_bucket_tagging(Bucket="acme-demo-raw", Tagging={"TagSet": _tags({"Zone": "analytics"})})
    s3.put_bucket_versioning(
        Bucket="acme-demo-curated", VersioningConfiguration={"Status": "Suspended"}
    )
    s3.create_bucket(Bucket="acme-demo-scratch")
    iam.delete_role_policy(RoleName="demo-app", PolicyName="read-data")
