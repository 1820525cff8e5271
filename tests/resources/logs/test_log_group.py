"""aws_cloudwatch_log_group on moto: service groups never unmanaged, but compared when
declared; retention, KMS key and tags compared and reverted."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.hcl import REGION, changed, kinds, refusals, revert_all, scan

HCL = """
resource "aws_cloudwatch_log_group" "web" {
  name              = "/app/web"
  retention_in_days = 30
  tags              = { Team = "app" }
}
resource "aws_cloudwatch_log_group" "fn" {
  name              = "/aws/lambda/handler"
  retention_in_days = 7
}
"""


def _groups() -> None:
    logs = boto3.client("logs", region_name=REGION)
    logs.create_log_group(logGroupName="/app/web", tags={"Team": "app"})
    logs.put_retention_policy(logGroupName="/app/web", retentionInDays=30)
    logs.create_log_group(logGroupName="/aws/lambda/handler")
    logs.put_retention_policy(logGroupName="/aws/lambda/handler", retentionInDays=7)


def test_service_groups_are_never_unmanaged_and_hand_made_ones_are(
    aws: None, tmp_path: Path
) -> None:
    _groups()
    logs = boto3.client("logs", region_name=REGION)
    logs.create_log_group(logGroupName="/aws/lambda/other-fn")  # Lambda made it
    logs.create_log_group(logGroupName="API-Gateway-Execution-Logs_abc/prod")
    logs.create_log_group(logGroupName="by-hand")
    drifts = scan(tmp_path, HCL)
    assert kinds(drifts) == [("unmanaged", "aws_cloudwatch_log_group", "by-hand")]


def test_a_declared_service_group_is_compared_and_everything_is_reverted(
    aws: None, tmp_path: Path
) -> None:
    _groups()
    logs = boto3.client("logs", region_name=REGION)
    logs.delete_retention_policy(logGroupName="/app/web")
    logs.tag_log_group(logGroupName="/app/web", tags={"Extra": "x"})
    logs.put_retention_policy(logGroupName="/aws/lambda/handler", retentionInDays=14)
    drifts = scan(tmp_path, HCL)
    assert changed(drifts, "aws_cloudwatch_log_group.web") == {
        "retention_in_days": (30, 0),
        "tags.Extra": (None, "x"),
    }
    assert changed(drifts, "aws_cloudwatch_log_group.fn") == {"retention_in_days": (7, 14)}
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_the_class_is_fixed_at_creation() -> None:
    live = {"log_group_class": "INFREQUENT_ACCESS"}
    found = refusals("aws_cloudwatch_log_group", live, {"log_group_class": "STANDARD"})
    assert len(found) == 1 and "replace needed: a human decides" in found[0]
