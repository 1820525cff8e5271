"""aws_cognito_user_pool_client on moto: read per pool, an undeclared computed setting
not compared, a changed flow and callback put back (the rest sent again, not reset) and
codified, a deleted client created again, CloudFormation and Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
FLOWS = ["ALLOW_REFRESH_TOKEN_AUTH", "ALLOW_USER_SRP_AUTH"]
HCL = """
resource "aws_cognito_user_pool" "users" {
  name = "users"
}

resource "aws_cognito_user_pool_client" "web" {
  name                   = "web"
  user_pool_id           = aws_cognito_user_pool.users.id
  refresh_token_validity = 7

  explicit_auth_flows = [
    "ALLOW_USER_SRP_AUTH",
    "ALLOW_REFRESH_TOKEN_AUTH",
  ]
  callback_urls = [
    "https://example.com/callback",
  ]
}
"""


def client():  # type: ignore[no-untyped-def]
    return boto3.client("cognito-idp", region_name=REGION)


def create() -> tuple[str, str]:
    pool = str(client().create_user_pool(PoolName="users")["UserPool"]["Id"])
    made = client().create_user_pool_client(
        UserPoolId=pool,
        ClientName="web",
        ExplicitAuthFlows=FLOWS,
        CallbackURLs=["https://example.com/callback"],
        RefreshTokenValidity=7,
        ReadAttributes=["email"],
    )
    return pool, str(made["UserPoolClient"]["ClientId"])


def held(pool: str, cid: str) -> dict[str, Any]:
    answer = client().describe_user_pool_client(UserPoolId=pool, ClientId=cid)
    return dict(answer["UserPoolClient"])


def test_an_applied_client_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    pool, _ = create()
    other = client().create_user_pool_client(UserPoolId=pool, ClientName="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    # read_attributes is set live but not declared: Terraform's is computed, not compared
    assert drifts(report) == [
        (
            "unmanaged",
            f"aws_cognito_user_pool_client.{other['UserPoolClient']['ClientId']}",
            [],
        )
    ]
    assert report["summary"]["managed"] == 2


def test_a_changed_client_is_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    pool, cid = create()
    client().update_user_pool_client(
        UserPoolId=pool,
        ClientId=cid,
        ClientName="web",
        ExplicitAuthFlows=[*FLOWS, "ALLOW_USER_PASSWORD_AUTH"],
        CallbackURLs=["https://example.com/callback", "https://evil.example.com/callback"],
        RefreshTokenValidity=7,
        ReadAttributes=["email"],
    )
    directory = write(tmp_path / "tf", HCL)
    paths = ["callback_urls[0]", "explicit_auth_flows[1]"]  # a set's item added live
    assert drifts(scan(directory)) == [("changed", "aws_cognito_user_pool_client.web", paths)]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "https://evil.example.com/callback" in plan.diff
    assert "ALLOW_USER_PASSWORD_AUTH" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cognito-idp.update_user_pool_client"]
    run(calls)
    assert drifts(scan(directory)) == []
    # what the update did not change is sent again, not reset to AWS's defaults
    assert held(pool, cid)["ReadAttributes"] == ["email"]


def test_a_deleted_client_is_created_again(aws: None, tmp_path: Path) -> None:
    pool, cid = create()
    client().delete_user_pool_client(UserPoolId=pool, ClientId=cid)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_cognito_user_pool_client.web", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cognito-idp.create_user_pool_client"]
    run(calls)
    assert drifts(scan(directory)) == []


def _changed(report: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    pool, cid = create()
    cfn = template(
        tmp_path / "cfn",
        """  Users:
    Type: AWS::Cognito::UserPool
    Properties:
      UserPoolName: users
  Web:
    Type: AWS::Cognito::UserPoolClient
    Properties:
      ClientName: web
      UserPoolId: !Ref Users
      ExplicitAuthFlows: [ALLOW_USER_SRP_AUTH, ALLOW_REFRESH_TOKEN_AUTH]
      CallbackURLs: ["https://example.com/callback"]
      RefreshTokenValidity: 30
""",
    )
    assert _changed(scan_source(cfn)[0]) == [
        ("aws_cognito_user_pool_client", ["refresh_token_validity"])
    ]
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: cognitoidp.aws.upbound.io/v1beta1
kind: UserPoolClient
metadata:
  name: web
  annotations:
    crossplane.io/external-name: {cid}
spec:
  forProvider:
    region: us-east-1
    name: web
    userPoolId: {pool}
    explicitAuthFlows: [ALLOW_USER_SRP_AUTH]
    refreshTokenValidity: 7
""",
    )
    # the pool is not declared there: unmanaged
    assert _changed(scan_source(crossplane)[0]) == [
        ("aws_cognito_user_pool", []),
        ("aws_cognito_user_pool_client", ["explicit_auth_flows[0]"]),
    ]
