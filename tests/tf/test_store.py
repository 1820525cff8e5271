"""driftctl against `terraform plan -refresh-only` for the store group's types (#26):
S3 transfer acceleration, object lock, replication; AWS Backup vaults and plans; Athena
workgroups; Glue databases and jobs.

One stack (tests/tf/stacks/store), applied once: driftctl finds no drift and nothing
unmanaged, then one out-of-band change per type is made with boto3, and each change is
found by both tools, address by address, and nothing else drifts.
"""

from __future__ import annotations

from tests.tf.checks import DeclaredStackChecks
from tests.tf.group import Group
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_s3_bucket_accelerate_configuration.store", "status", "s3",
        "put_bucket_accelerate_configuration",
        {"Bucket": "${self.bucket}", "AccelerateConfiguration": {"Status": "Suspended"}},
    ),
    Change(
        "aws_s3_bucket_object_lock_configuration.vault", "rule", "s3",
        "put_object_lock_configuration",
        {"Bucket": "${self.bucket}", "ObjectLockConfiguration": {
            "ObjectLockEnabled": "Enabled",
            "Rule": {"DefaultRetention": {"Mode": "GOVERNANCE", "Days": 7}}}},
    ),
    Change(
        "aws_s3_bucket_replication_configuration.source", "rule", "s3", "put_bucket_replication",
        {"Bucket": "${self.bucket}", "ReplicationConfiguration": {
            "Role": "${self.role}",
            "Rules": [{"ID": "all", "Priority": 1, "Status": "Enabled", "Filter": {"Prefix": ""},
                       "DeleteMarkerReplication": {"Status": "Disabled"},
                       "Destination": {"Bucket": "${aws_s3_bucket.replica.arn}",
                                       "StorageClass": "GLACIER"}}]}},
    ),
    Change(
        "aws_backup_vault.store", "tags.team", "backup", "tag_resource",
        {"ResourceArn": "${self.arn}", "Tags": {"team": "ops"}},
    ),
    Change(
        "aws_backup_plan.store", "rule", "backup", "update_backup_plan",
        {"BackupPlanId": "${self.id}", "BackupPlan": {"BackupPlanName": "store-daily", "Rules": [
            {"RuleName": "daily", "TargetBackupVaultName": "store-vault",
             "ScheduleExpression": "cron(0 5 * * ? *)", "StartWindowMinutes": 60,
             "CompletionWindowMinutes": 180, "Lifecycle": {"DeleteAfterDays": 30}}]}},
    ),
    Change(
        "aws_athena_workgroup.store", "configuration.result_configuration.output_location",
        "athena", "update_work_group",
        {"WorkGroup": "store-reports", "ConfigurationUpdates": {
            "ResultConfigurationUpdates": {"OutputLocation": "s3://store-data/elsewhere/"}}},
    ),
    Change(
        "aws_glue_catalog_database.store", "parameters.classification", "glue",
        "update_database",
        {"Name": "store_sales", "DatabaseInput": {"Name": "store_sales",
            "Description": "sales events", "Parameters": {"classification": "csv"}}},
    ),
    Change(
        "aws_glue_job.store", "default_arguments.--job-language", "glue", "update_job",
        {"JobName": "store-etl", "JobUpdate": {"Role": "${self.role_arn}",
            "Command": {"Name": "glueetl", "ScriptLocation": "s3://store-data/etl.py"},
            "DefaultArguments": {"--job-language": "scala"}}},
    ),
]  # fmt: skip

GROUP = Group("store", CHANGES)


class TestStorage(DeclaredStackChecks):
    group = GROUP
