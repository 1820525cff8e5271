"""The cast of the end-to-end attribution tests, behind the CloudTrail recorder.

The admin (the recorder's default identity: any key it has not seen made) creates the
trail's bucket, the IAM user alice and three roles: the pipeline's `ci-deploy`, a
`BreakGlass` role and an IAM Identity Center-style `AWSReservedSSO_*` role. After the
pipeline made the stack (a security group, the bucket `data-prod`, the role
`legacy-batch`), `change_by_hand` makes the four drifts the tests attribute: alice opens
SSH on the group, `BreakGlass/bob` retags the bucket, `carol@example.com` (the SSO role)
deletes the role, and alice makes the bucket `hand-made`.
"""

from __future__ import annotations

import json
from typing import Any

import boto3

from tests.attribution.recorder import ACCOUNT

REGION = "us-east-1"
TRAIL = "org-cloudtrail"  # the bucket the trail delivers its log files to
SSO_ROLE = "AWSReservedSSO_AdministratorAccess_0f1e2d3c4b5a6978"
SSO_PATH = "/aws-reserved/sso.amazonaws.com/"
ADMIN = {
    "type": "IAMUser",
    "principalId": "AIDAADMIN",
    "arn": f"arn:aws:iam::{ACCOUNT}:user/admin",
    "accountId": ACCOUNT,
    "userName": "admin",
}
TRUST = json.dumps(
    {
        "Version": "2012-10-17",
        "Statement": [
            {"Effect": "Allow", "Principal": {"AWS": ACCOUNT}, "Action": "sts:AssumeRole"}
        ],
    }
)


def client(service: str, url: str, creds: dict[str, str] | None = None) -> Any:
    return boto3.client(service, region_name=REGION, endpoint_url=url, **(creds or {}))


def session(url: str, role: str, name: str, path: str = "/") -> dict[str, str]:
    """A role session's credentials (sts:AssumeRole through the recorder, which learns them)."""
    arn = f"arn:aws:iam::{ACCOUNT}:role{path}{role}"
    got = client("sts", url).assume_role(RoleArn=arn, RoleSessionName=name)["Credentials"]
    return {
        "aws_access_key_id": got["AccessKeyId"],
        "aws_secret_access_key": got["SecretAccessKey"],
        "aws_session_token": got["SessionToken"],
    }


def provider(url: str, creds: dict[str, str]) -> str:
    """Terraform's provider block for moto behind the recorder, signed with a session's keys."""
    from tests.tf import harness

    keys = (
        f'  access_key                  = "{creds["aws_access_key_id"]}"\n'
        f'  secret_key                  = "{creds["aws_secret_access_key"]}"\n'
        f'  token                       = "{creds["aws_session_token"]}"\n'
    )
    return harness.provider_block(url, keys)


def cast(url: str) -> dict[str, str]:
    """The admin makes the trail's bucket, alice and the three roles; alice's credentials."""
    client("s3", url).create_bucket(Bucket=TRAIL)
    iam = client("iam", url)
    iam.create_user(UserName="alice")
    key = iam.create_access_key(UserName="alice")["AccessKey"]
    for role, path in (("ci-deploy", "/"), ("BreakGlass", "/"), (SSO_ROLE, SSO_PATH)):
        iam.create_role(RoleName=role, Path=path, AssumeRolePolicyDocument=TRUST)
    return {"aws_access_key_id": key["AccessKeyId"], "aws_secret_access_key": "x"}


def change_by_hand(url: str, alice: dict[str, str], group: str) -> None:
    """The four out-of-band changes, each by its person."""
    client("ec2", url, alice).authorize_security_group_ingress(
        GroupId=group,
        IpPermissions=[
            {
                "IpProtocol": "tcp",
                "FromPort": 22,
                "ToPort": 22,
                "IpRanges": [{"CidrIp": "0.0.0.0/0"}],
            }
        ],
    )
    client("s3", url, session(url, "BreakGlass", "bob")).put_bucket_tagging(
        Bucket="data-prod", Tagging={"TagSet": [{"Key": "Env", "Value": "dev"}]}
    )
    sso = session(url, SSO_ROLE, "carol@example.com", SSO_PATH)
    client("iam", url, sso).delete_role(RoleName="legacy-batch")
    client("s3", url, alice).create_bucket(Bucket="hand-made")


def expected(group: str) -> dict[tuple[str, str, str], tuple[str, str]]:
    """(kind, type, id) -> (actor, identity_type) of the four drifts."""
    return {
        ("changed", "aws_security_group", group): ("alice", "iam-user"),
        ("changed", "aws_s3_bucket", "data-prod"): ("BreakGlass/bob", "assumed-role"),
        ("missing", "aws_iam_role", "legacy-batch"): ("carol@example.com", "sso"),
        ("unmanaged", "aws_s3_bucket", "hand-made"): ("alice", "iam-user"),
    }


def found(report: dict[str, Any], keys: Any) -> dict[tuple[str, str, str], tuple[Any, Any]]:
    """The same keys as the report attributes them."""
    drifts = {(d["kind"], d["type"], d["id"]): d["attribution"] for d in report["drifts"]}
    return {
        k: (drifts[k].get("actor"), drifts[k].get("identity_type")) for k in keys if k in drifts
    }
