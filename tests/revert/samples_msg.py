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
ARN = "arn:aws:sqs:us-east-1:123456789012"
DLQ = f"{ARN}:jobs-dlq"
KEY = "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
TOPIC = "arn:aws:sns:us-east-1:123456789012:alerts"

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
    "aws_sns_topic": (
        TOPIC,
        {
            "name": "alerts",
            "display_name": "Old",
            "delivery_policy": {"http": {"defaultHealthyRetryPolicy": {"numRetries": 9}}},
            "kms_master_key_id": "alias/other",
            "fifo_topic": False,
            "content_based_deduplication": False,
            "signature_version": 2,
            "tracing_config": "Active",
            "tags": {"a": "1"},
        },
        {
            "name": "alerts",
            "display_name": "Alerts",
            "delivery_policy": None,
            "kms_master_key_id": None,
            "fifo_topic": False,
            "content_based_deduplication": False,
            "signature_version": 1,
            "tracing_config": "PassThrough",
            "tags": {"b": "2"},
        },
    ),
    "aws_sns_topic_policy": (
        TOPIC,
        {"arn": TOPIC, "policy": OTHER_QUEUE_POLICY},
        {"arn": TOPIC, "policy": QUEUE_POLICY},
    ),
    "aws_sns_topic_subscription": (
        f"{TOPIC}:0b7f9a8e-1111-2222-3333-444455556666",
        {
            "topic_arn": TOPIC,
            "protocol": "sqs",
            "endpoint": f"{ARN}:jobs",
            "raw_message_delivery": True,
            "filter_policy": {"kind": ["a"]},
            "filter_policy_scope": "MessageBody",
            "redrive_policy": {"deadLetterTargetArn": DLQ},
            "delivery_policy": None,
            "subscription_role_arn": None,
        },
        {
            "topic_arn": TOPIC,
            "protocol": "sqs",
            "endpoint": f"{ARN}:jobs",
            "raw_message_delivery": False,
            "filter_policy": {"kind": ["b"]},
            "filter_policy_scope": "MessageAttributes",
            "redrive_policy": None,
            "delivery_policy": None,
            "subscription_role_arn": None,
        },
    ),
    "aws_dynamodb_table": (
        "orders",
        {
            "name": "orders",
            "hash_key": "pk",
            "range_key": None,
            "attribute": [{"name": "pk", "type": "S"}],
            "billing_mode": "PAY_PER_REQUEST",
            "read_capacity": 0,
            "write_capacity": 0,
            "global_secondary_index": [],
            "local_secondary_index": [],
            "stream_enabled": True,
            "stream_view_type": "KEYS_ONLY",
            "table_class": "STANDARD_INFREQUENT_ACCESS",
            "deletion_protection_enabled": False,
            "point_in_time_recovery": [{"enabled": True}],
            "server_side_encryption": [{"enabled": True, "kms_key_arn": KEY}],
            "ttl": [{"enabled": True, "attribute_name": "expires"}],
            "tags": {"a": "1"},
            "arn": "arn:aws:dynamodb:us-east-1:123456789012:table/orders",
        },
        {
            "name": "orders",
            "hash_key": "pk",
            "range_key": None,
            "attribute": [{"name": "pk", "type": "S"}],
            "billing_mode": "PROVISIONED",
            "read_capacity": 5,
            "write_capacity": 5,
            "global_secondary_index": [],
            "local_secondary_index": [],
            "stream_enabled": False,
            "stream_view_type": None,
            "table_class": "STANDARD",
            "deletion_protection_enabled": True,
            "point_in_time_recovery": [{"enabled": False}],
            "server_side_encryption": [{"enabled": False}],
            "ttl": [{"enabled": False}],
            "tags": {"b": "2"},
        },
    ),
}
