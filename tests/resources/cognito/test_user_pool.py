"""aws_cognito_user_pool on moto: the settings Terraform compares (its defaults for unset
MFA, deletion protection and attribute lists), every declared format, drift put back
(UpdateUserPool sending again what it read); codify leaves a password policy to a
human. moto's UpdateUserPool forgets a pool's username attributes (AWS keeps them: no
update changes them), so the pools here sign in by user name."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_cognito_user_pool" "users" {
  name                     = "users"
  auto_verified_attributes = ["email"]

  password_policy {
    minimum_length  = 12
    require_symbols = true
  }

  tags = {
    Team = "identity"
  }
}
"""
POLICY = {"MinimumLength": 12, "RequireSymbols": True, "RequireUppercase": True,
          "RequireLowercase": True, "RequireNumbers": True,
          "TemporaryPasswordValidityDays": 7}  # fmt: skip


def client():  # type: ignore[no-untyped-def]
    return boto3.client("cognito-idp", region_name=REGION)


def create(name: str = "users") -> str:
    answer = client().create_user_pool(
        PoolName=name,
        AutoVerifiedAttributes=["email"],
        Policies={"PasswordPolicy": POLICY},
        UserPoolTags={"Team": "identity"},
    )
    return str(answer["UserPool"]["Id"])


def test_an_applied_pool_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    other = create(name="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_cognito_user_pool.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_weaker_password_policy_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    pool = create()
    client().update_user_pool(
        UserPoolId=pool,
        AutoVerifiedAttributes=["email"],
        Policies={"PasswordPolicy": {**POLICY, "MinimumLength": 6}},
        DeletionProtection="INACTIVE",
        UserPoolTags={"Team": "identity"},
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_cognito_user_pool.users", ["password_policy.minimum_length"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    # a password policy's values are masked by their name, as any `password` path is:
    # codify writes no masked value into code, a human does
    assert [h.reason for h in plan.humans] == [
        "the value is sensitive: driftctl never writes a live secret into code"
    ]
    assert plan.diff == ""
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cognito-idp.update_user_pool"]
    run(calls)
    assert drifts(scan(directory)) == []
    held = client().describe_user_pool(UserPoolId=pool)["UserPool"]
    # what the update did not change is sent again, not reset to AWS's defaults
    assert held["UserPoolTags"] == {"Team": "identity"}


def test_a_missing_pool_is_created_again(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_cognito_user_pool.users", [])]
    calls, _ = plan_calls(tmp_path, directory)
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
      AutoVerifiedAttributes: [email]
      MfaConfiguration: OPTIONAL
      Policies:
        PasswordPolicy: {MinimumLength: 12, RequireSymbols: true}
      UserPoolTags: {Team: identity}
""",
    )
    report, _ = scan_source(cfn)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_cognito_user_pool", ["mfa_configuration"])]
