"""aws_cognito_user_pool_domain on moto: read with its pool (no call for a pool without
a domain), every declared format, a deleted domain created again."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_cognito_user_pool" "users" {
  name = "users"
}

resource "aws_cognito_user_pool_domain" "login" {
  domain       = "example-login"
  user_pool_id = aws_cognito_user_pool.users.id
}
"""


def client():  # type: ignore[no-untyped-def]
    return boto3.client("cognito-idp", region_name=REGION)


def create() -> str:
    pool = str(client().create_user_pool(PoolName="users")["UserPool"]["Id"])
    client().create_user_pool_domain(Domain="example-login", UserPoolId=pool)
    return pool


def test_an_applied_domain_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    other = str(client().create_user_pool(PoolName="by-hand")["UserPool"]["Id"])
    client().create_user_pool_domain(Domain="by-hand-login", UserPoolId=other)
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [
        ("unmanaged", f"aws_cognito_user_pool.{other}", []),
        ("unmanaged", "aws_cognito_user_pool_domain.by-hand-login", []),
    ]
    assert report["summary"]["managed"] == 2


def test_a_deleted_domain_is_missing_and_created_again(aws: None, tmp_path: Path) -> None:
    pool = create()
    client().delete_user_pool_domain(Domain="example-login", UserPoolId=pool)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_cognito_user_pool_domain.login", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cognito-idp.create_user_pool_domain"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_declares_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        """  Users:
    Type: AWS::Cognito::UserPool
    Properties:
      UserPoolName: users
  Login:
    Type: AWS::Cognito::UserPoolDomain
    Properties:
      Domain: example-login
      UserPoolId: !Ref Users
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 2
