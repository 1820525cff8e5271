"""aws_iam_account_password_policy on moto: the account's one policy in sync, an account
without one (NoSuchEntity: nothing, no error), a policy nobody declares unmanaged, a
weakened policy as drift put back whole and codified, a deleted one set again,
Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_iam_account_password_policy" "strict" {
  minimum_password_length        = 14
  require_symbols                = true
  require_numbers                = true
  max_password_age               = 90
  password_reuse_prevention      = 5
  allow_users_to_change_password = true
}
"""


def iam() -> Any:
    return boto3.client("iam", region_name="us-east-1")


def apply(length: int = 14) -> None:
    """What Terraform's apply leaves (allow_users_to_change_password defaults to true)."""
    iam().update_account_password_policy(
        MinimumPasswordLength=length,
        RequireSymbols=True,
        RequireNumbers=True,
        MaxPasswordAge=90,
        PasswordReusePrevention=5,
        AllowUsersToChangePassword=True,
    )


def test_the_applied_policy_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1
    assert report["errors"] == []


def test_no_policy_is_nothing_and_one_nobody_declares_is_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    other = write(tmp_path / "other", 'resource "aws_sqs_queue" "q" {\n  name = "q"\n}\n')
    report = scan(other)
    assert report["errors"] == []
    assert [d for d in report["drifts"] if d["type"].startswith("aws_iam_account")] == []
    apply()
    assert drifts(scan(other), "unmanaged") == [
        ("unmanaged", "aws_iam_account_password_policy.iam-account-password-policy", [])
    ]


def test_a_weakened_policy_is_drift_put_back_whole_and_codified(aws: None, tmp_path: Path) -> None:
    apply()
    # a person lowers the length in the console: the call resets every other setting
    iam().update_account_password_policy(MinimumPasswordLength=8, RequireSymbols=True)
    directory = write(tmp_path / "tf", HCL)
    changed = [
        "allow_users_to_change_password",
        "max_password_age",
        "minimum_password_length",
        "password_reuse_prevention",
        "require_numbers",
    ]
    assert drifts(scan(directory)) == [
        ("changed", "aws_iam_account_password_policy.strict", changed)
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "+  minimum_password_length        = 8\n" in plan.diff
    assert "+  allow_users_to_change_password = false\n" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["iam.update_account_password_policy"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_policy_is_set_again(aws: None, tmp_path: Path) -> None:
    apply()
    iam().delete_account_password_policy()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_iam_account_password_policy.strict", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["iam.update_account_password_policy"]
    run(calls)
    assert drifts(scan(directory)) == []
    assert iam().get_account_password_policy()["PasswordPolicy"]["MinimumPasswordLength"] == 14


def test_crossplane_declares_it(aws: None, tmp_path: Path) -> None:
    apply()
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: iam.aws.upbound.io/v1beta1
kind: AccountPasswordPolicy
metadata:
  name: strict
spec:
  forProvider:
    minimumPasswordLength: 16
    requireSymbols: true
    requireNumbers: true
    maxPasswordAge: 90
    passwordReusePrevention: 5
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_iam_account_password_policy", ["minimum_password_length"])]
