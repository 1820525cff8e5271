"""aws_iam_access_key on moto: the status of each key is compared, its secret is never
read or shown; a revert sets the status back and never creates or deletes a key."""

from __future__ import annotations

import json
from pathlib import Path

import boto3
import pytest

from driftctl.errors import DriftctlError
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_iam_user" "ci" {
  name = "iam2-ci"
}

resource "aws_iam_access_key" "ci" {
  user = aws_iam_user.ci.name
}
"""


def apply() -> tuple[str, str]:
    """The user and its key: (key id, secret) — the secret only to check it never shows."""
    iam = boto3.client("iam", region_name="us-east-1")
    iam.create_user(UserName="iam2-ci")
    key = iam.create_access_key(UserName="iam2-ci")["AccessKey"]
    return key["AccessKeyId"], key["SecretAccessKey"]


def deactivate(key_id: str) -> None:
    boto3.client("iam", region_name="us-east-1").update_access_key(
        UserName="iam2-ci", AccessKeyId=key_id, Status="Inactive"
    )


def test_an_applied_key_is_in_sync_and_its_secret_never_shows(aws: None, tmp_path: Path) -> None:
    _, secret = apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 2
    assert secret not in json.dumps(report)


def test_a_key_made_by_hand_is_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    iam = boto3.client("iam", region_name="us-east-1")
    iam.create_user(UserName="iam2-other")
    other = iam.create_access_key(UserName="iam2-other")["AccessKey"]
    # an undeclared user's key rolls up into the user
    found = drifts(scan(write(tmp_path / "tf", HCL)), "unmanaged")
    assert found == [("unmanaged", "aws_iam_user.iam2-other", [])]
    declared_user = 'resource "aws_iam_user" "o" {\n  name = "iam2-other"\n}\n'
    report = scan(write(tmp_path / "tf2", HCL + declared_user))
    assert drifts(report, "unmanaged") == [
        ("unmanaged", f"aws_iam_access_key.{other['AccessKeyId']}", [])
    ]
    assert other["SecretAccessKey"] not in json.dumps(report)


def test_a_deactivated_key_is_drift_and_a_revert_activates_it(aws: None, tmp_path: Path) -> None:
    key_id, secret = apply()
    deactivate(key_id)
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == [("changed", "aws_iam_access_key.ci", ["status"])]
    assert secret not in json.dumps(report)
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.name, c.params) for c in calls] == [
        (
            "iam.update_access_key",
            {"UserName": "iam2-ci", "AccessKeyId": key_id, "Status": "Active"},
        )
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_key_is_missing_and_never_created_again(aws: None, tmp_path: Path) -> None:
    key_id, _ = apply()
    boto3.client("iam", region_name="us-east-1").delete_access_key(
        UserName="iam2-ci", AccessKeyId=key_id
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_iam_access_key.ci", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert refusals == [
        "aws_iam_access_key.ci: cannot re-create: not supported for aws_iam_access_key"
    ]


def test_an_unmanaged_key_is_never_deleted(aws: None, tmp_path: Path) -> None:
    key_id, _ = apply()
    boto3.client("iam", region_name="us-east-1").create_access_key(UserName="iam2-ci")
    # two keys for one user: an import block says which one the declaration is
    chosen = f'import {{\n  to = aws_iam_access_key.ci\n  id = "{key_id}"\n}}\n'
    directory = write(tmp_path / "tf", HCL + chosen)
    [(kind, address, _)] = drifts(scan(directory))
    assert kind == "unmanaged" and address.startswith("aws_iam_access_key.AKIA")
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert refusals == [f"cannot delete {address}: not supported for aws_iam_access_key"]


def test_two_keys_of_one_user_and_no_id_is_a_clear_error(aws: None, tmp_path: Path) -> None:
    apply()
    boto3.client("iam", region_name="us-east-1").create_access_key(UserName="iam2-ci")
    with pytest.raises(DriftctlError, match="ambiguous match") as caught:
        scan(write(tmp_path / "tf", HCL))
    assert "import block" in str(caught.value.hint)


def test_a_deactivated_key_is_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    key_id, secret = apply()
    deactivate(key_id)
    directory = write(
        tmp_path / "tf",
        HCL.replace(
            "user = aws_iam_user.ci.name", 'user   = aws_iam_user.ci.name\n  status = "Active"'
        ),
    )
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '+  status = "Inactive"' in plan.diff
    assert secret not in plan.diff


def test_cloudformation_and_crossplane_declare_a_key(aws: None, tmp_path: Path) -> None:
    key_id, _ = apply()
    deactivate(key_id)
    cfn = template(
        tmp_path / "cfn",
        """  Key:
    Type: AWS::IAM::AccessKey
    Properties:
      UserName: iam2-ci
      Status: Active
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: iam.aws.upbound.io/v1beta1
kind: AccessKey
metadata:
  name: ci
  annotations:
    crossplane.io/external-name: {key_id}
spec:
  forProvider:
    user: iam2-ci
    status: Active
""",
    )
    for source in (cfn, crossplane):
        report, _ = scan_source(source)
        assert [(d["kind"], d["type"], [c["path"] for c in d["changes"]])
                for d in report["drifts"] if d["kind"] != "unmanaged"] == [
            ("changed", "aws_iam_access_key", ["status"])], source  # fmt: skip
