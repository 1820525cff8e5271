"""Revert samples of the store group's types: bucket acceleration and object lock (merged into
samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

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
}
