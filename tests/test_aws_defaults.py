"""AWS's own defaults are never drift: real AWS differs from moto, so we set them by hand.

Every bucket created since 2023 has SSE-S3 encryption and all four Block Public Access
flags on; a new security group has an allow-all egress rule; a VPC comes with a default
security group. None of that may show up, on managed or unmanaged resources.
"""

from __future__ import annotations

from pathlib import Path

import boto3

from driftctl import settings
from driftctl.engine import pipeline

REGION = "us-east-1"


def modern_bucket(name: str) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket=name)
    s3.put_bucket_encryption(
        Bucket=name,
        ServerSideEncryptionConfiguration={
            "Rules": [{"ApplyServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"}}]
        },
    )
    flags = ("BlockPublicAcls", "BlockPublicPolicy", "IgnorePublicAcls", "RestrictPublicBuckets")
    s3.put_public_access_block(
        Bucket=name, PublicAccessBlockConfiguration=dict.fromkeys(flags, True)
    )


def scan(tmp_path: Path, hcl: str) -> list[tuple[str, str, str | None]]:
    (tmp_path / "main.tf").write_text(hcl)
    conf = settings.build(settings.Options(sources=[f"hcl://{tmp_path}"], regions=[REGION]))
    report = pipeline.scan_report(pipeline.load_declared(conf), pipeline.load_live(conf))
    assert report.errors == ()
    return [(d.kind, d.type, d.address or d.id) for d in report.drifts]


def test_default_encryption_and_public_access_block_are_not_drift(
    aws: None, tmp_path: Path
) -> None:
    modern_bucket("declared-plain")
    modern_bucket("nobody-declared-me")
    drifts = scan(tmp_path, 'resource "aws_s3_bucket" "b" {\n  bucket = "declared-plain"\n}\n')
    # the unmanaged bucket is reported once, its default settings not at all
    assert drifts == [("unmanaged", "aws_s3_bucket", "nobody-declared-me")]


def test_default_egress_and_default_group_are_not_drift(aws: None, tmp_path: Path) -> None:
    ec2 = boto3.client("ec2", region_name=REGION)
    vpc = ec2.create_vpc(
        CidrBlock="10.1.0.0/16",
        TagSpecifications=[{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": "v"}]}],
    )["Vpc"]["VpcId"]
    ec2.create_security_group(GroupName="app", Description="app", VpcId=vpc)
    hcl = """
resource "aws_vpc" "v" {
  cidr_block = "10.1.0.0/16"
  tags       = { Name = "v" }
}
resource "aws_security_group" "app" {
  name        = "app"
  description = "app"
  vpc_id      = aws_vpc.v.id
}
"""
    assert scan(tmp_path, hcl) == []


def test_a_real_setting_change_is_still_drift(aws: None, tmp_path: Path) -> None:
    modern_bucket("declared-plain")
    boto3.client("s3", region_name=REGION).put_bucket_versioning(
        Bucket="declared-plain", VersioningConfiguration={"Status": "Enabled"}
    )
    boto3.client("s3", region_name=REGION).put_bucket_policy(
        Bucket="declared-plain",
        Policy='{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":"*",'
        '"Action":"s3:GetObject","Resource":"arn:aws:s3:::declared-plain/*"}]}',
    )
    drifts = scan(tmp_path, 'resource "aws_s3_bucket" "b" {\n  bucket = "declared-plain"\n}\n')
    assert drifts == [
        ("unmanaged", "aws_s3_bucket_policy", "declared-plain"),
        ("unmanaged", "aws_s3_bucket_versioning", "declared-plain"),
    ]
