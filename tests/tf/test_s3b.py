"""driftctl reports what `terraform plan -refresh-only` reports, for the bucket settings
added by #13 (b-s3b): a lifecycle configuration, access logging and an event
notification to an SQS queue. terraform applies tests/tf/stacks/s3b to moto, driftctl
finds no drift, then each setting is changed with boto3 as a person would in the console,
and each tool says what drifted (tests/tf/checks.py)."""

from __future__ import annotations

from tests.tf.checks import StackChecks
from tests.tf.group import Group
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_s3_bucket_lifecycle_configuration.data", "rule", "s3",
        "put_bucket_lifecycle_configuration",
        {"Bucket": "s3b-data", "LifecycleConfiguration": {"Rules": [
            {"ID": "expire-tmp", "Status": "Enabled", "Filter": {"Prefix": "tmp/"},
             "Expiration": {"Days": 30}},
            {"ID": "archive-logs", "Status": "Enabled", "Filter": {"Prefix": "logs/"},
             "Transitions": [{"Days": 30, "StorageClass": "STANDARD_IA"}],
             "NoncurrentVersionExpiration": {"NoncurrentDays": 90}},
        ]}},
    ),
    Change(
        "aws_s3_bucket_logging.data", "target_prefix", "s3", "put_bucket_logging",
        {"Bucket": "s3b-data", "BucketLoggingStatus": {"LoggingEnabled": {
            "TargetBucket": "s3b-access-logs", "TargetPrefix": "elsewhere/"}}},
    ),
    Change(
        "aws_s3_bucket_notification.data", "queue", "s3",
        "put_bucket_notification_configuration",
        {"Bucket": "s3b-data", "NotificationConfiguration": {"QueueConfigurations": [
            {"QueueArn": "${aws_sqs_queue.events.arn}",
             "Events": ["s3:ObjectCreated:*", "s3:ObjectRemoved:*"],
             "Filter": {"Key": {"FilterRules": [{"Name": "prefix", "Value": "incoming/"}]}}},
        ]}},
    ),
]  # fmt: skip

GROUP = Group("s3b", CHANGES)


class TestS3Settings(StackChecks):
    group = GROUP
