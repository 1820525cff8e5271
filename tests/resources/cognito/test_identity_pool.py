"""aws_cognito_identity_pool on moto: the pool with Terraform's defaults for unset flags
and providers, every declared format, drift put back (one UpdateIdentityPool) and
codified."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_cognito_identity_pool" "app" {
  identity_pool_name               = "app"
  allow_unauthenticated_identities = false

  supported_login_providers = {
    "accounts.google.com" = "123-abc.apps.googleusercontent.com"
  }

  tags = {
    Team = "identity"
  }
}
"""


def client():  # type: ignore[no-untyped-def]
    return boto3.client("cognito-identity", region_name=REGION)


def create(name: str = "app") -> str:
    answer = client().create_identity_pool(
        IdentityPoolName=name,
        AllowUnauthenticatedIdentities=False,
        SupportedLoginProviders={"accounts.google.com": "123-abc.apps.googleusercontent.com"},
        IdentityPoolTags={"Team": "identity"},
    )
    return str(answer["IdentityPoolId"])


def test_an_applied_pool_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    other = create(name="by_hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_cognito_identity_pool.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_guests_let_in_by_hand_are_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    pool = create()
    client().update_identity_pool(
        IdentityPoolId=pool,
        IdentityPoolName="app",
        AllowUnauthenticatedIdentities=True,
        SupportedLoginProviders={"accounts.google.com": "123-abc.apps.googleusercontent.com"},
        IdentityPoolTags={"Team": "identity"},
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_cognito_identity_pool.app", ["allow_unauthenticated_identities"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "allow_unauthenticated_identities = true" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cognito-identity.update_identity_pool"]
    run(calls)
    assert drifts(scan(directory)) == []
    client().delete_identity_pool(IdentityPoolId=pool)
    assert drifts(scan(directory)) == [("missing", "aws_cognito_identity_pool.app", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_declares_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        """  App:
    Type: AWS::Cognito::IdentityPool
    Properties:
      IdentityPoolName: app
      AllowUnauthenticatedIdentities: false
      SupportedLoginProviders: {accounts.google.com: 123-abc.apps.googleusercontent.com}
      IdentityPoolTags: {Team: identity}
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
