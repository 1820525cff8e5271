"""tests/fixtures/stack applied with boto3 (what any of its five declarations would create),
and the out-of-band changes a person would make to it.

`extra_tags` adds the tags a controller puts on what it manages (Crossplane's
crossplane-kind/-name/-providerconfig, ACK's services.k8s.aws/*), keyed by the
resource's short name: vpc, subnet-a, subnet-b, web, db, raw, curated, logs, app, audit, ci.
"""

from __future__ import annotations

import json
from typing import Any

import boto3

from driftctl.demo.emulator import FAKE_CREDENTIALS

REGION = "us-east-1"
COMMON = {"Project": "driftctl-demo", "Env": "demo"}
Tags = dict[str, dict[str, str]]


def _tags(extra: Tags, key: str, own: dict[str, str] | None = None) -> list[dict[str, str]]:
    merged = {**COMMON, **(own or {}), **extra.get(key, {})}
    return [{"Key": k, "Value": v} for k, v in sorted(merged.items())]


def clients(endpoint: str) -> dict[str, Any]:
    return {
        s: boto3.client(s, region_name=REGION, endpoint_url=endpoint, **_creds())
        for s in ("ec2", "s3", "iam")
    }


def _creds() -> dict[str, str]:
    return {
        "aws_access_key_id": FAKE_CREDENTIALS["AWS_ACCESS_KEY_ID"],
        "aws_secret_access_key": FAKE_CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
    }


def apply(endpoint: str, extra: Tags | None = None) -> dict[str, str]:
    extra = extra or {}
    c = clients(endpoint)
    ec2, s3, iam = c["ec2"], c["s3"], c["iam"]

    def spec(kind: str, key: str, own: dict[str, str] | None = None) -> list[dict[str, Any]]:
        return [{"ResourceType": kind, "Tags": _tags(extra, key, own)}]

    vpc = ec2.create_vpc(
        CidrBlock="10.42.0.0/16", TagSpecifications=spec("vpc", "vpc", {"Name": "demo-vpc"})
    )
    vpc_id = vpc["Vpc"]["VpcId"]
    ec2.modify_vpc_attribute(VpcId=vpc_id, EnableDnsHostnames={"Value": True})
    subnets = {}
    for az, cidr in (("a", "10.42.1.0/24"), ("b", "10.42.2.0/24")):
        subnets[f"subnet-{az}"] = ec2.create_subnet(
            VpcId=vpc_id,
            CidrBlock=cidr,
            AvailabilityZone=f"{REGION}{az}",
            TagSpecifications=spec("subnet", f"subnet-{az}", {"Name": f"demo-private-{az}"}),
        )["Subnet"]["SubnetId"]
    web = ec2.create_security_group(
        GroupName="demo-web",
        Description="Web tier: HTTPS from anywhere",
        VpcId=vpc_id,
        TagSpecifications=spec("security-group", "web"),
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
        TagSpecifications=spec("security-group", "db"),
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
        s3.put_bucket_tagging(Bucket=name, Tagging={"TagSet": _tags(extra, zone, {"Zone": zone})})
        s3.put_bucket_versioning(Bucket=name, VersioningConfiguration={"Status": "Enabled"})
        s3.put_bucket_encryption(
            Bucket=name,
            ServerSideEncryptionConfiguration={
                "Rules": [{"ApplyServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"}}]
            },
        )
    s3.create_bucket(Bucket="acme-demo-logs")
    s3.put_bucket_tagging(Bucket="acme-demo-logs", Tagging={"TagSet": _tags(extra, "logs")})
    s3.put_public_access_block(
        Bucket="acme-demo-logs",
        PublicAccessBlockConfiguration=dict.fromkeys(
            ("BlockPublicAcls", "BlockPublicPolicy", "IgnorePublicAcls", "RestrictPublicBuckets"),
            True,
        ),
    )
    s3.put_bucket_policy(Bucket="acme-demo-logs", Policy=json.dumps(LOGS_POLICY))
    iam.create_role(
        RoleName="demo-app",
        Description="The application's instance role",
        AssumeRolePolicyDocument=json.dumps(TRUST),
        Tags=_tags(extra, "app"),
    )
    iam.put_role_policy(
        RoleName="demo-app", PolicyName="read-data", PolicyDocument=json.dumps(READ)
    )
    audit_tags = [{"Key": k, "Value": v} for k, v in sorted(extra.get("audit", {}).items())]
    arn = iam.create_policy(
        PolicyName="demo-audit",
        Path="/audit/",
        Description="Read-only audit access",
        PolicyDocument=json.dumps(AUDIT),
        **({"Tags": audit_tags} if audit_tags else {}),
    )["Policy"]["Arn"]
    iam.attach_role_policy(RoleName="demo-app", PolicyArn=arn)
    iam.create_user(UserName="demo-ci", Path="/ci/", Tags=_tags(extra, "ci", {"Team": "platform"}))
    return {"vpc": vpc_id, "web": web, "db": db, **subnets}


def drift(endpoint: str, ids: dict[str, str], extra: Tags | None = None) -> None:
    """Five out-of-band changes, as a person would make them in the console."""
    extra = extra or {}
    c = clients(endpoint)
    c["ec2"].authorize_security_group_ingress(
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
    c["s3"].put_bucket_tagging(
        Bucket="acme-demo-raw", Tagging={"TagSet": _tags(extra, "raw", {"Zone": "analytics"})}
    )
    c["s3"].put_bucket_versioning(
        Bucket="acme-demo-curated", VersioningConfiguration={"Status": "Suspended"}
    )
    c["s3"].create_bucket(Bucket="acme-demo-scratch")
    c["iam"].delete_role_policy(RoleName="demo-app", PolicyName="read-data")


# (kind, type, id, changed paths) of the drift `drift` makes, whatever the declaration
EXPECTED_DRIFT = {
    ("changed", "aws_security_group", "web", ("ingress[1]",)),
    ("changed", "aws_s3_bucket", "acme-demo-raw", ("tags.Zone",)),
    (
        "changed",
        "aws_s3_bucket_versioning",
        "acme-demo-curated",
        ("versioning_configuration.status",),
    ),
    ("unmanaged", "aws_s3_bucket", "acme-demo-scratch", ()),
    ("missing", "aws_iam_role_policy", "demo-app:read-data", ()),
}

TRUST = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"Service": "ec2.amazonaws.com"},
            "Action": "sts:AssumeRole",
        }
    ],
}
READ = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Action": ["s3:ListBucket", "s3:GetObject"],
            "Resource": ["arn:aws:s3:::acme-demo-raw/*", "arn:aws:s3:::acme-demo-raw"],
        }
    ],
}
AUDIT = {
    "Version": "2012-10-17",
    "Statement": [
        {"Effect": "Allow", "Action": ["config:Get*", "cloudtrail:LookupEvents"], "Resource": "*"}
    ],
}
LOGS_POLICY = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Sid": "DenyInsecureTransport",
            "Effect": "Deny",
            "Principal": "*",
            "Action": "s3:*",
            "Resource": ["arn:aws:s3:::acme-demo-logs", "arn:aws:s3:::acme-demo-logs/*"],
            "Condition": {"Bool": {"aws:SecureTransport": "false"}},
        }
    ],
}
