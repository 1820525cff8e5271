"""What the bucket-setting tests share: buckets made on moto as a person would."""

from __future__ import annotations

import json

import boto3

from tests.resources.helpers import REGION


def log_target(bucket: str) -> None:
    """A bucket that S3's logging service may write to (moto checks its policy)."""
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket=bucket)
    policy = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Principal": {"Service": "logging.s3.amazonaws.com"},
                "Action": ["s3:PutObject"],
                "Resource": f"arn:aws:s3:::{bucket}/*",
            }
        ],
    }
    s3.put_bucket_policy(Bucket=bucket, Policy=json.dumps(policy))


def logs_to(bucket: str, target: str, prefix: str) -> None:
    status = {"LoggingEnabled": {"TargetBucket": target, "TargetPrefix": prefix}}
    s3 = boto3.client("s3", region_name=REGION)
    s3.put_bucket_logging(Bucket=bucket, BucketLoggingStatus=status)
