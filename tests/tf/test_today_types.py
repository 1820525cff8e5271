"""driftctl reports what `terraform plan -refresh-only` reports, for today's 13 types.

One stack holds them all (S3 bucket and its four split configurations; VPC, subnet and
security group; IAM role, role policy, attachments, policy and user): terraform applies
it to moto, driftctl finds no drift, then a person changes 16 things out of band with
boto3, and each tool says what drifted (tests/tf/checks.py). A few stacks, not one apply
per type: each terraform command costs seconds of provider start-up alone.

The bucket policy names `aws_s3_bucket.logs.arn` and the IAM policy attachment names
`aws_iam_policy.read.arn`: values known only after apply, which driftctl binds through
the match (#12) and then compares.
"""

from __future__ import annotations

from tests.tf import harness
from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change, Json

CHANGES = [
    # S3: the bucket and its split configurations
    Change(
        "aws_s3_bucket.logs", "tags.Owner", "s3", "put_bucket_tagging",
        {"Bucket": "${self.id}", "Tagging": {"TagSet": [
            {"Key": "Owner", "Value": "security"}, {"Key": "Env", "Value": "test"}]}},
    ),
    Change(
        "aws_s3_bucket_versioning.logs", "versioning_configuration", "s3",
        "put_bucket_versioning",
        {"Bucket": "${self.id}", "VersioningConfiguration": {"Status": "Suspended"}},
    ),
    Change(
        "aws_s3_bucket_server_side_encryption_configuration.logs", "rule", "s3",
        "put_bucket_encryption",
        {"Bucket": "${self.id}", "ServerSideEncryptionConfiguration": {"Rules": [
            {"ApplyServerSideEncryptionByDefault": {"SSEAlgorithm": "aws:kms"}}]}},
    ),
    Change(
        "aws_s3_bucket_public_access_block.logs", "block_public_policy", "s3",
        "put_public_access_block",
        {"Bucket": "${self.id}", "PublicAccessBlockConfiguration": {
            "BlockPublicAcls": True, "IgnorePublicAcls": True,
            "BlockPublicPolicy": False, "RestrictPublicBuckets": True}},
    ),
    Change(
        "aws_s3_bucket_policy.logs", "policy", "s3", "put_bucket_policy",
        {"Bucket": "${self.id}", "Policy": Json({"Version": "2012-10-17", "Statement": [
            {"Sid": "DenyInsecureTransport", "Effect": "Deny", "Principal": "*",
             "Action": "s3:*", "Resource": ["arn:aws:s3:::tfh-logs", "arn:aws:s3:::tfh-logs/*"],
             "Condition": {"Bool": {"aws:SecureTransport": "false"}}},
            {"Sid": "PartnerRead", "Effect": "Allow",
             "Principal": {"AWS": "arn:aws:iam::210987654321:root"},
             "Action": "s3:GetObject", "Resource": "arn:aws:s3:::tfh-logs/*"}]})},
    ),
    # VPC, subnet, security group
    Change(
        "aws_vpc.main", "enable_dns_hostnames", "ec2", "modify_vpc_attribute",
        {"VpcId": "${self.id}", "EnableDnsHostnames": {"Value": False}},
    ),
    Change(
        "aws_vpc.main", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_subnet.a", "map_public_ip_on_launch", "ec2", "modify_subnet_attribute",
        {"SubnetId": "${self.id}", "MapPublicIpOnLaunch": {"Value": True}},
    ),
    Change(
        "aws_security_group.web", "ingress", "ec2", "authorize_security_group_ingress",
        {"GroupId": "${self.id}", "IpPermissions": [{
            "IpProtocol": "tcp", "FromPort": 22, "ToPort": 22,
            "IpRanges": [{"CidrIp": "0.0.0.0/0", "Description": "debug"}]}]},
    ),
    # IAM
    Change(
        "aws_iam_role.app", "max_session_duration", "iam", "update_role",
        {"RoleName": "${self.id}", "MaxSessionDuration": 7200},
    ),
    Change(
        "aws_iam_role.app", "tags.Team", "iam", "tag_role",
        {"RoleName": "${self.id}", "Tags": [{"Key": "Team", "Value": "data"}]},
    ),
    Change(
        "aws_iam_role_policy.app", "policy", "iam", "put_role_policy",
        {"RoleName": "tfh-app", "PolicyName": "tfh-app-inline", "PolicyDocument": Json({
            "Version": "2012-10-17", "Statement": [{
                "Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject"],
                "Resource": "arn:aws:s3:::tfh-logs/*"}]})},
    ),
    Change(
        "aws_iam_policy.read", "policy", "iam", "create_policy_version",
        {"PolicyArn": "${self.arn}", "SetAsDefault": True, "PolicyDocument": Json({
            "Version": "2012-10-17", "Statement": [{
                "Effect": "Allow", "Action": ["s3:ListBucket", "s3:DeleteBucket"],
                "Resource": "arn:aws:s3:::tfh-logs"}]})},
    ),
    Change(
        "aws_iam_role_policy_attachment.app_ssm", harness.MISSING, "iam", "detach_role_policy",
        {"RoleName": "tfh-app", "PolicyArn": "arn:aws:iam::aws:policy/ReadOnlyAccess"},
    ),
    Change(
        "aws_iam_user.ci", "tags.Team", "iam", "tag_user",
        {"UserName": "${self.id}", "Tags": [{"Key": "Team", "Value": "data"}]},
    ),
    Change(
        "aws_iam_user.ci", "path", "iam", "update_user",
        {"UserName": "${self.id}", "NewPath": "/humans/"},
    ),
]  # fmt: skip

GROUP = Group("today", CHANGES, managed_policies=True)


class TestToday(StackChecks):
    group = GROUP

    def test_every_declared_resource_is_compared(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        assert summary["declared"] == summary["managed"] == 14
        assert summary["compared_share"] == 1.0
