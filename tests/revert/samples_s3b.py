"""Revert samples of the S3 bucket settings added for #13 by b-s3b (live and declared
attributes, merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

EXPIRE = {
    "id": "expire-logs",
    "status": "Enabled",
    "filter": {"prefix": "logs/"},
    "expiration": {"days": 30},
    "transition": [{"days": 7, "storage_class": "STANDARD_IA"}],
}

QUEUE = "arn:aws:sqs:us-east-1:123456789012:uploads"

SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_s3_bucket_lifecycle_configuration": (
        "logs",
        {"bucket": "logs", "rule": [{**EXPIRE, "expiration": {"days": 90}}]},
        {"bucket": "logs", "rule": [EXPIRE]},
    ),
    "aws_s3_bucket_logging": (
        "logs",
        {"bucket": "logs", "target_bucket": "other-logs", "target_prefix": "x/"},
        {"bucket": "logs", "target_bucket": "access-logs", "target_prefix": "logs/"},
    ),
    "aws_s3_bucket_notification": (
        "logs",
        {
            "bucket": "logs",
            "eventbridge": False,
            "queue": [{"id": "q", "queue_arn": QUEUE, "events": ["s3:ObjectRemoved:*"]}],
            "topic": [],
            "lambda_function": [],
        },
        {
            "bucket": "logs",
            "eventbridge": True,
            "queue": [
                {
                    "id": "q",
                    "queue_arn": QUEUE,
                    "events": ["s3:ObjectCreated:*"],
                    "filter_prefix": "in/",
                    "filter_suffix": ".csv",
                }
            ],
            "topic": [],
            "lambda_function": [],
        },
    ),
}
