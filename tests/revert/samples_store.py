"""Revert samples of the store group's types: bucket acceleration, object lock,
replication, backup vaults and plans, Athena workgroups, Glue databases and jobs (merged
into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

ROLE = "arn:aws:iam::123456789012:role/replicate"
RULE = {
    "id": "all",
    "priority": 1,
    "status": "Enabled",
    "delete_marker_replication": {"status": "Disabled"},
    "destination": {"bucket": "arn:aws:s3:::copy", "storage_class": "STANDARD"},
}
BACKUP_RULE = {
    "rule_name": "daily",
    "target_vault_name": "main",
    "schedule": "cron(0 5 * * ? *)",
    "lifecycle": {"delete_after": 14},
}

# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_s3_bucket_accelerate_configuration": (
        "logs",
        {"bucket": "logs", "status": "Suspended"},
        {"bucket": "logs", "status": "Enabled"},
    ),
    "aws_s3_bucket_object_lock_configuration": (
        "vault",
        {
            "bucket": "vault",
            "object_lock_enabled": "Enabled",
            "rule": {"default_retention": {"mode": "GOVERNANCE", "days": 1}},
        },
        {
            "bucket": "vault",
            "object_lock_enabled": "Enabled",
            "rule": {"default_retention": {"mode": "COMPLIANCE", "years": 7}},
        },
    ),
    "aws_s3_bucket_replication_configuration": (
        "logs",
        {"bucket": "logs", "role": ROLE, "rule": [RULE]},
        {
            "bucket": "logs",
            "role": ROLE,
            "rule": [{**RULE, "filter": {"and": {"prefix": "a/", "tags": {"k": "v"}}}}],
        },
    ),
    "aws_backup_vault": (
        "store-main",
        {"name": "store-main", "tags": {"team": "ops"}},
        {"name": "store-main", "tags": {"team": "data"}},
    ),
    "aws_backup_plan": (
        "4f0a9c1e-1d2b-4c3d-9e8f-0a1b2c3d4e5f",
        {"name": "daily", "rule": [BACKUP_RULE], "tags": {}},
        {
            "name": "daily",
            "rule": [{**BACKUP_RULE, "lifecycle": {"delete_after": 30}}],
            "advanced_backup_setting": [
                {"resource_type": "EC2", "backup_options": {"WindowsVSS": "enabled"}}
            ],
            "tags": {"team": "data"},
        },
    ),
    "aws_athena_workgroup": (
        "reports",
        {
            "name": "reports",
            "description": "",
            "state": "ENABLED",
            "configuration": {"result_configuration": {"output_location": "s3://a/"}},
        },
        {
            "name": "reports",
            "description": "query results",
            "state": "DISABLED",
            "configuration": {
                "bytes_scanned_cutoff_per_query": 10485760,
                "engine_version": {"selected_engine_version": "Athena engine version 3"},
                "result_configuration": {
                    "output_location": "s3://b/",
                    "encryption_configuration": {"encryption_option": "SSE_S3"},
                },
            },
        },
    ),
    "aws_glue_catalog_database": (
        "sales",
        {"name": "sales", "description": "", "location_uri": "", "parameters": {}},
        {
            "name": "sales",
            "description": "sales events",
            "location_uri": "s3://lake/sales/",
            "parameters": {"classification": "parquet"},
            "target_database": {"catalog_id": "123456789012", "database_name": "shared"},
        },
    ),
    "aws_glue_job": (
        "etl",
        {
            "name": "etl",
            "role_arn": ROLE,
            "command": {"name": "glueetl", "script_location": "s3://a/etl.py"},
            "default_arguments": {},
            "kept": {"LogUri": "s3://logs/"},
        },
        {
            "name": "etl",
            "role_arn": ROLE,
            "description": "nightly",
            "command": {"name": "glueetl", "script_location": "s3://b/etl.py"},
            "default_arguments": {"--job-language": "python"},
            "non_overridable_arguments": {"--x": "1"},
            "connections": ["db"],
            "max_retries": 1,
            "timeout": 60,
            "glue_version": "4.0",
            "worker_type": "G.1X",
            "number_of_workers": 2,
            "security_configuration": "sec",
            "execution_property": {"max_concurrent_runs": 2},
        },
    ),
}
