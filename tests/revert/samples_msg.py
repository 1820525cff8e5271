"""Revert samples of the messaging and serverless types (merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

QUEUE = "https://sqs.us-east-1.amazonaws.com/123456789012/jobs"
QUEUE_POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Principal": "*", "Action": "sqs:SendMessage"}],
}
OTHER_QUEUE_POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Deny", "Principal": "*", "Action": "sqs:*"}],
}
DLQ = "arn:aws:sqs:us-east-1:123456789012:jobs-dlq"

# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_sqs_queue": (
        QUEUE,
        {
            "name": "jobs",
            "visibility_timeout_seconds": 60,
            "message_retention_seconds": 86400,
            "delay_seconds": 5,
            "max_message_size": 1024,
            "receive_wait_time_seconds": 10,
            "fifo_queue": False,
            "content_based_deduplication": False,
            "kms_master_key_id": "alias/other",
            "kms_data_key_reuse_period_seconds": 600,
            "sqs_managed_sse_enabled": False,
            "redrive_policy": {"deadLetterTargetArn": DLQ, "maxReceiveCount": 9},
            "redrive_allow_policy": {"redrivePermission": "allowAll"},
            "deduplication_scope": None,
            "fifo_throughput_limit": None,
            "tags": {"a": "1"},
        },
        {
            "name": "jobs",
            "visibility_timeout_seconds": 30,
            "message_retention_seconds": 345600,
            "delay_seconds": 0,
            "max_message_size": 262144,
            "receive_wait_time_seconds": 0,
            "fifo_queue": False,
            "content_based_deduplication": False,
            "kms_master_key_id": None,
            "kms_data_key_reuse_period_seconds": 300,
            "sqs_managed_sse_enabled": True,
            "redrive_policy": {"deadLetterTargetArn": DLQ, "maxReceiveCount": 4},
            "redrive_allow_policy": {"redrivePermission": "denyAll"},
            "deduplication_scope": None,
            "fifo_throughput_limit": None,
            "tags": {"b": "2"},
        },
    ),
    "aws_sqs_queue_policy": (
        QUEUE,
        {"queue_url": QUEUE, "policy": OTHER_QUEUE_POLICY},
        {"queue_url": QUEUE, "policy": QUEUE_POLICY},
    ),
}
