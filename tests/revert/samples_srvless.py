"""Sample attributes of the serverless types of #26 (helper b-srvless):
type -> (id, live attrs, declared attrs), merged into tests/revert/samples.SAMPLES."""

from __future__ import annotations

from typing import Any

QUEUE = "arn:aws:sqs:us-east-1:123456789012:bus-dlq"
KEY = "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"

SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_cloudwatch_event_bus": (
        "orders",
        {
            "name": "orders",
            "description": "",
            "kms_key_identifier": "",
            "dead_letter_config": [],
            "tags": {"a": "1"},
            "arn": "arn:aws:events:us-east-1:123456789012:event-bus/orders",
        },
        {
            "name": "orders",
            "description": "orders placed",
            "kms_key_identifier": KEY,
            "dead_letter_config": [{"arn": QUEUE}],
            "tags": {"b": "2"},
        },
    ),
    "aws_lambda_alias": (
        "orders/live",
        {
            "name": "live",
            "function_name": "orders",
            "function_version": "1",
            "description": "",
            "routing_config": [],
            "arn": "arn:aws:lambda:us-east-1:123456789012:function:orders:live",
        },
        {
            "name": "live",
            "function_name": "orders",
            "function_version": "2",
            "description": "canary",
            "routing_config": [{"additional_version_weights": {"3": 0.1}}],
        },
    ),
    "aws_scheduler_schedule_group": (
        "nightly",
        {
            "name": "nightly",
            "tags": {"a": "1"},
            "arn": "arn:aws:scheduler:us-east-1:123456789012:schedule-group/nightly",
        },
        {"name": "nightly", "tags": {"b": "2"}},
    ),
}
