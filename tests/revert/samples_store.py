"""Revert samples of the store group's types: bucket acceleration (merged into
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
}
