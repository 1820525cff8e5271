"""aws_dynamodb_table on moto: scan (with the tags read by the ARN DescribeTable gives),
AWS defaults, indexes as sets, revert in place and "replace needed"."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_dynamodb_table" "orders" {
  name         = "orders"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"
  range_key    = "sk"

  attribute {
    name = "pk"
    type = "S"
  }
  attribute {
    name = "sk"
    type = "S"
  }
  attribute {
    name = "customer"
    type = "S"
  }

  global_secondary_index {
    name            = "by-customer"
    hash_key        = "customer"
    projection_type = "ALL"
  }

  ttl {
    attribute_name = "expires"
    enabled        = true
  }

  tags = { Team = "shop" }
}
"""


def apply() -> None:
    db = boto3.client("dynamodb", region_name="us-east-1")
    db.create_table(
        TableName="orders",
        AttributeDefinitions=[
            {"AttributeName": n, "AttributeType": "S"} for n in ("customer", "pk", "sk")
        ],
        KeySchema=[
            {"AttributeName": "pk", "KeyType": "HASH"},
            {"AttributeName": "sk", "KeyType": "RANGE"},
        ],
        BillingMode="PAY_PER_REQUEST",
        GlobalSecondaryIndexes=[
            {
                "IndexName": "by-customer",
                "KeySchema": [{"AttributeName": "customer", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"},
            }
        ],
        Tags=[{"Key": "Team", "Value": "shop"}],
    )
    db.update_time_to_live(
        TableName="orders", TimeToLiveSpecification={"Enabled": True, "AttributeName": "expires"}
    )


def test_an_applied_table_is_in_sync_and_defaults_are_never_drift(
    aws: None, tmp_path: Path
) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    apply()
    db = boto3.client("dynamodb", region_name="us-east-1")
    arn = db.describe_table(TableName="orders")["Table"]["TableArn"]
    db.update_continuous_backups(
        TableName="orders", PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True}
    )
    db.update_table(TableName="orders", DeletionProtectionEnabled=True)
    db.tag_resource(ResourceArn=arn, Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_dynamodb_table.orders",
            [
                "deletion_protection_enabled",
                "point_in_time_recovery[0].enabled",
                "point_in_time_recovery[0].recovery_period_in_days",  # 35 while on, as Terraform
                "tags.Owner",
            ],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "dynamodb.untag_resource",
        "dynamodb.update_continuous_backups",
        "dynamodb.update_table",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_key_change_needs_a_replacement_a_human_decides(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL.replace('range_key    = "sk"\n', ""))
    found = drifts(scan(directory))
    assert found == [("changed", "aws_dynamodb_table.orders", ["range_key"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert len(refusals) == 1 and "range_key" in refusals[0] and "a human decides" in refusals[0]


def test_a_missing_table_is_created_then_its_ttl_set(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_dynamodb_table.orders", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["dynamodb.create_table", "dynamodb.update_time_to_live"]
    assert refusals == []
    run(calls)
    assert drifts(scan(directory)) == []
