"""aws_secretsmanager_secret on moto: metadata compared, the value never read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto.secretsmanager.models import SecretsManagerBackend

from tests.resources.hcl import REGION, changed, kinds, revert_all, scan

POLICY = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"AWS": "arn:aws:iam::123456789012:root"},
            "Action": "secretsmanager:GetSecretValue",
            "Resource": "*",
        }
    ],
}
HCL = """
resource "aws_secretsmanager_secret" "db" {
  name        = "app/db"
  description = "database credentials"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { AWS = "arn:aws:iam::123456789012:root" }
      Action    = "secretsmanager:GetSecretValue"
      Resource  = "*"
    }]
  })
  tags = { Team = "app" }
}
"""


@pytest.fixture
def no_values(aws: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Any read of a secret's value fails the test."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("driftctl read a secret value")

    monkeypatch.setattr(SecretsManagerBackend, "get_secret_value", refuse)
    monkeypatch.setattr(SecretsManagerBackend, "batch_get_secret_value", refuse)


def _secret() -> str:
    sm = boto3.client("secretsmanager", region_name=REGION)
    arn = sm.create_secret(
        Name="app/db",
        Description="database credentials",
        SecretString="hunter2-do-not-print",
        Tags=[{"Key": "Team", "Value": "app"}],
    )["ARN"]
    sm.put_resource_policy(SecretId=arn, ResourcePolicy=json.dumps(POLICY))
    return str(arn)


def test_in_sync_and_a_deleted_or_hand_made_secret(no_values: None, tmp_path: Path) -> None:
    _secret()
    sm = boto3.client("secretsmanager", region_name=REGION)
    by_hand = sm.create_secret(Name="by-hand", SecretString="x")["ARN"]
    going = sm.create_secret(Name="going", SecretString="x")["ARN"]
    sm.delete_secret(SecretId=going, RecoveryWindowInDays=7)
    drifts = scan(tmp_path, HCL)
    assert kinds(drifts) == [("unmanaged", "aws_secretsmanager_secret", by_hand)]


def test_metadata_drift_is_reported_and_reverted_without_the_value(
    no_values: None, tmp_path: Path
) -> None:
    arn = _secret()
    sm = boto3.client("secretsmanager", region_name=REGION)
    sm.update_secret(SecretId=arn, Description="temp")
    sm.tag_resource(SecretId=arn, Tags=[{"Key": "Team", "Value": "ops"}])
    sm.delete_resource_policy(SecretId=arn)
    sm.put_secret_value(SecretId=arn, SecretString="rotated-value")  # never drift, never read
    drifts = scan(tmp_path, HCL)
    found = changed(drifts, "aws_secretsmanager_secret.db")
    assert sorted(found) == ["description", "policy", "tags.Team"]
    assert found["description"] == ("database credentials", "temp")
    assert "rotated-value" not in repr(drifts) and "hunter2" not in repr(drifts)
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []
