"""The types whose delete loses data (ResourceType.holds_data): no revert rule deletes one,
only `--delete-data TYPE.ID` naming it (planner.py; tests/e2e/test_revert_safety.py runs
the refusal end to end). A type dropped from this list by mistake would be deleted by a
rule that says `kind: unmanaged`, its data with it."""

from __future__ import annotations

from driftctl.resources.registry import TYPES

HOLD_DATA = {
    "aws_backup_vault",  # recovery points
    "aws_cloudwatch_log_group",
    "aws_db_instance",
    "aws_dynamodb_table",
    "aws_ebs_volume",
    "aws_ecr_repository",
    "aws_efs_file_system",
    "aws_glue_catalog_database",  # its tables
    "aws_guardduty_detector",  # its findings
    "aws_kinesis_stream",
    "aws_kms_key",
    "aws_lambda_layer_version",
    "aws_rds_cluster",
    "aws_secretsmanager_secret",
    "aws_sqs_queue",
}


def test_every_type_whose_delete_loses_data_says_so() -> None:
    assert {name for name, rtype in TYPES.items() if rtype.holds_data} == HOLD_DATA
