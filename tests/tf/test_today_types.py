"""driftctl reports what `terraform plan -refresh-only` reports, for today's 13 types.

One stack holds them all (S3 bucket and its four split configurations; VPC, subnet and
security group; IAM role, role policy, attachments, policy and user): terraform applies
it to moto, driftctl finds no drift, then a person changes 16 things out of band with
boto3, and each tool says what drifted. A few stacks, not one apply per type: each
terraform command costs seconds of provider start-up alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.tf import harness
from tests.tf.harness import Change, Drift, Json

STACK = Path(__file__).parent / "stacks" / "today"
BINDING = "#12 (helper types): a value known after apply is never bound"

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

# where the tools disagree and the fix is another helper's: address -> reason
KNOWN: dict[str, str] = {
    "aws_s3_bucket_policy.logs": f"{BINDING}: the policy names aws_s3_bucket.logs.arn",
}


@dataclass
class Outcome:
    clean: dict[str, Any]  # driftctl's report right after apply
    terraform: list[Drift]  # drift in configured attributes, after the changes
    unconfigured: list[Drift]  # terraform's drift in attributes nobody configured
    driftctl: list[Drift]
    timings: list[tuple[str, float]]


@pytest.fixture(scope="module")
def outcome(
    terraform: harness.Terraform, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Outcome]:
    files = {p.name: p.read_text() for p in sorted(STACK.glob("*.tf"))}
    start = len(terraform.timings)
    with harness.moto_server(managed_policies=True) as endpoint:
        stack = terraform.stack(tmp_path_factory.mktemp("today") / "stack", endpoint, files)
        stack.apply()
        stack.baseline()
        clean = stack.driftctl_report()
        harness.apply_changes(stack, CHANGES)
        tf, unconfigured = harness.split_configured(
            stack.terraform_drift(), harness.configured(stack.dir)
        )
        yield Outcome(clean, tf, unconfigured, stack.driftctl_drift(), terraform.timings[start:])


def test_driftctl_finds_no_drift_right_after_apply(outcome: Outcome) -> None:
    summary = outcome.clean["summary"]
    assert [d for d in outcome.clean["drifts"] if d["kind"] != "unmanaged"] == []
    assert summary["declared"] == summary["managed"] == 14
    assert summary["unsupported"] == {}


@pytest.mark.parametrize("change", CHANGES, ids=str)
def test_terraform_reports_the_change(outcome: Outcome, change: Change) -> None:
    """The oracle itself: each edit shows in terraform's refresh-only plan."""
    paths = {d.address: d.paths for d in outcome.terraform}.get(change.address, ())
    assert any(harness.attribute(p).startswith(change.attribute) for p in paths), paths


def _marks(address: str) -> list[pytest.MarkDecorator]:
    reason = KNOWN.get(address)
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


@pytest.mark.parametrize(
    "address",
    [pytest.param(a, marks=_marks(a)) for a in sorted({c.address for c in CHANGES})],
)
def test_driftctl_reports_what_terraform_reports(outcome: Outcome, address: str) -> None:
    found = harness.disagreements(
        [d for d in outcome.terraform if d.address == address],
        [d for d in outcome.driftctl if d.address == address],
    )
    assert found == [], "\n".join(map(str, found))


def test_no_drift_that_terraform_does_not_report(outcome: Outcome) -> None:
    """Every other address: driftctl is silent where terraform is (no false positives)."""
    changed = {c.address for c in CHANGES}
    found = [
        d
        for d in harness.disagreements(outcome.terraform, outcome.driftctl)
        if d.address not in changed
    ]
    assert found == [], "\n".join(map(str, found))


def test_zz_dump(outcome: Outcome) -> None:  # TEMP
    import json

    print(
        json.dumps(
            {
                "tf": outcome.terraform,
                "unconf": outcome.unconfigured,
                "dc": outcome.driftctl,
                "t": outcome.timings,
            },
            indent=1,
        )
    )
    assert 0
