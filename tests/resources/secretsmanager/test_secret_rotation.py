"""aws_secretsmanager_secret_rotation on moto: read from the secrets' own pages, an
unmanaged rotation, changed rules reverted with RotateSecret (never rotating at once) and
codified, a cancelled rotation enabled again, CloudFormation and Crossplane declaring it."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

TYPE = "aws_secretsmanager_secret_rotation"


def sm() -> Any:
    return boto3.client("secretsmanager", region_name="us-east-1")


def function() -> str:
    role = boto3.client("iam", region_name="us-east-1").create_role(
        RoleName="rotator", AssumeRolePolicyDocument="{}"
    )["Role"]["Arn"]
    code = io.BytesIO()
    with zipfile.ZipFile(code, "w") as archive:
        archive.writestr("app.py", "def handler(event, context):\n    return None\n")
    made = boto3.client("lambda", region_name="us-east-1").create_function(
        FunctionName="rotator",
        Role=role,
        Handler="app.handler",
        Runtime="python3.12",
        Code={"ZipFile": code.getvalue()},
    )
    return str(made["FunctionArn"])


def apply(name: str = "db", days: int = 30) -> tuple[str, str]:
    fn = function()
    arn = str(sm().create_secret(Name=name, SecretString="s3cret")["ARN"])
    sm().rotate_secret(
        SecretId=arn,
        RotationLambdaARN=fn,
        RotationRules={"AutomaticallyAfterDays": days},
        RotateImmediately=False,
    )
    return arn, fn


def hcl(fn: str, days: int = 30) -> str:
    return f"""
resource "aws_secretsmanager_secret" "db" {{
  name = "db"
}}

resource "aws_secretsmanager_secret_rotation" "db" {{
  secret_id           = aws_secretsmanager_secret.db.id
  rotation_lambda_arn = "{fn}"
  rotation_rules {{
    automatically_after_days = {days}
  }}
}}
"""


def ours(report: dict[str, Any]) -> list[Any]:
    return [d for d in drifts(report) if d[1].startswith(TYPE)]


def test_an_applied_rotation_is_in_sync_and_another_is_unmanaged(aws: None, tmp_path: Path) -> None:
    _, fn = apply()
    sm().create_secret(Name="plain", SecretString="x")  # no rotation: none read
    directory = write(tmp_path / "tf", hcl(fn))
    assert ours(scan(directory)) == []
    # a rotation of a declared secret that nothing declares is unmanaged
    secret_only = write(
        tmp_path / "tf2", hcl(fn).split('resource "aws_secretsmanager_secret_rotation"')[0]
    )
    arn = sm().describe_secret(SecretId="db")["ARN"]
    assert ours(scan(secret_only)) == [("unmanaged", f"{TYPE}.{arn}", [])]


def test_changed_rules_are_reverted_without_rotating_and_codified(
    aws: None, tmp_path: Path
) -> None:
    arn, fn = apply()
    sm().rotate_secret(
        SecretId=arn,
        RotationLambdaARN=fn,
        RotationRules={"AutomaticallyAfterDays": 90},
        RotateImmediately=False,
    )
    directory = write(tmp_path / "tf", hcl(fn))
    found = ours(scan(directory))
    assert found == [("changed", f"{TYPE}.db", ["rotation_rules.automatically_after_days"])]
    _, changed = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in changed if d.kind == "changed" and d.type == TYPE])
    assert plan.humans == []
    assert "90" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    rotations = [c for c in calls if c.service == "secretsmanager"]
    assert [r for r in refusals if TYPE in r] == []
    assert [(c.name, c.params) for c in rotations] == [
        (
            "secretsmanager.rotate_secret",
            {
                "SecretId": arn,
                "RotateImmediately": False,
                "RotationLambdaARN": fn,
                "RotationRules": {"AutomaticallyAfterDays": 30},
            },
        )
    ]
    run(rotations)
    assert ours(scan(directory)) == []


def test_a_cancelled_rotation_is_enabled_again(aws: None, tmp_path: Path) -> None:
    arn, fn = apply()
    sm().cancel_rotate_secret(SecretId=arn)
    directory = write(tmp_path / "tf", hcl(fn))
    assert ours(scan(directory)) == [("missing", f"{TYPE}.db", [])]
    calls, _ = plan_calls(tmp_path, directory)
    rotations = [c for c in calls if c.service == "secretsmanager"]
    assert [c.name for c in rotations] == ["secretsmanager.rotate_secret"]
    assert rotations[0].params["SecretId"] == arn
    run(rotations)
    assert ours(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    arn, fn = apply()
    cfn = template(
        tmp_path / "cfn",
        f"""  Rotation:
    Type: AWS::SecretsManager::RotationSchedule
    Properties:
      SecretId: {arn}
      RotationLambdaARN: {fn}
      RotationRules: {{AutomaticallyAfterDays: 30}}
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["type"] == TYPE] == []
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: secretsmanager.aws.upbound.io/v1beta1
kind: SecretRotation
metadata:
  name: db
  annotations:
    crossplane.io/external-name: {arn}
spec:
  forProvider:
    region: us-east-1
    secretId: {arn}
    rotationLambdaArn: {fn}
    rotationRules:
      - automaticallyAfterDays: 7
""",
    )
    report, _ = scan_source(crossplane)
    paths = [
        c["path"]
        for d in report["drifts"]
        if d["type"] == TYPE and d["kind"] == "changed"
        for c in d["changes"]
    ]
    assert paths == ["rotation_rules.automatically_after_days"]
