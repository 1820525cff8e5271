"""Revert samples of the store group's types: bucket acceleration, object lock,
replication, backup vaults (merged into samples.SAMPLES)."""

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
}
