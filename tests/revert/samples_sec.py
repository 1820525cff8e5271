"""Sample attributes of the security, observability and container types (helper b-sec):
type -> (id, live attrs, declared attrs), merged into tests/revert/samples.SAMPLES."""

from __future__ import annotations

from typing import Any

KEY_ID = "1234abcd-12ab-34cd-56ef-1234567890ab"
KEY_POLICY = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"AWS": "arn:aws:iam::123456789012:root"},
            "Action": "kms:*",
            "Resource": "*",
        }
    ],
}
OTHER_KEY_POLICY = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"AWS": "arn:aws:iam::210987654321:root"},
            "Action": "kms:*",
            "Resource": "*",
        }
    ],
}

SEC_SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_kms_key": (
        KEY_ID,
        {
            "description": "old",
            "key_usage": "ENCRYPT_DECRYPT",
            "customer_master_key_spec": "SYMMETRIC_DEFAULT",
            "policy": OTHER_KEY_POLICY,
            "is_enabled": False,
            "enable_key_rotation": False,
            "multi_region": False,
            "tags": {"a": "1"},
        },
        {
            "description": "app data",
            "key_usage": "ENCRYPT_DECRYPT",
            "customer_master_key_spec": "SYMMETRIC_DEFAULT",
            "policy": KEY_POLICY,
            "is_enabled": True,
            "enable_key_rotation": True,
            "multi_region": False,
            "tags": {"b": "2"},
        },
    ),
    "aws_kms_alias": (
        "alias/app",
        {"name": "alias/app", "target_key_id": "0000-old"},
        {"name": "alias/app", "target_key_id": KEY_ID},
    ),
    "aws_secretsmanager_secret": (
        "arn:aws:secretsmanager:us-east-1:123456789012:secret:db-AbCdEf",
        {
            "name": "db",
            "description": "old",
            "kms_key_id": None,
            "policy": OTHER_KEY_POLICY,
            "tags": {"a": "1"},
        },
        {
            "name": "db",
            "description": "database credentials",
            "kms_key_id": KEY_ID,
            "policy": KEY_POLICY,
            "tags": {"b": "2"},
        },
    ),
    "aws_ssm_parameter": (
        "/app/url",
        {
            "name": "/app/url",
            "type": "String",
            "value": "http://old",
            "description": "old",
            "allowed_pattern": "",
            "tier": "Standard",
            "data_type": "text",
            "tags": {"a": "1"},
        },
        {
            "name": "/app/url",
            "type": "String",
            "value": "https://app",
            "description": "the app's URL",
            "allowed_pattern": "^https://.*",
            "tier": "Standard",
            "data_type": "text",
            "tags": {"b": "2"},
        },
    ),
    "aws_cloudwatch_log_group": (
        "/app/web",
        {
            "name": "/app/web",
            "retention_in_days": 0,
            "kms_key_id": "",
            "log_group_class": "STANDARD",
            "tags": {"a": "1"},
        },
        {
            "name": "/app/web",
            "retention_in_days": 30,
            "kms_key_id": f"arn:aws:kms:us-east-1:123456789012:key/{KEY_ID}",
            "log_group_class": "STANDARD",
            "tags": {"b": "2"},
        },
    ),
    "aws_cloudwatch_metric_alarm": (
        "cpu-high",
        {
            "alarm_name": "cpu-high",
            "comparison_operator": "GreaterThanThreshold",
            "evaluation_periods": 1,
            "metric_name": "CPUUtilization",
            "namespace": "AWS/EC2",
            "period": 60,
            "statistic": "Average",
            "threshold": 95.0,
            "alarm_description": "",
            "actions_enabled": False,
            "alarm_actions": [],
            "ok_actions": [],
            "insufficient_data_actions": [],
            "dimensions": {},
            "treat_missing_data": "missing",
            "tags": {"a": "1"},
            "arn": "arn:aws:cloudwatch:us-east-1:123456789012:alarm:cpu-high",
        },
        {
            "alarm_name": "cpu-high",
            "comparison_operator": "GreaterThanOrEqualToThreshold",
            "evaluation_periods": 2,
            "metric_name": "CPUUtilization",
            "namespace": "AWS/EC2",
            "period": 300,
            "statistic": "Average",
            "extended_statistic": None,
            "threshold": 80,
            "alarm_description": "CPU above 80%",
            "actions_enabled": True,
            "alarm_actions": ["arn:aws:sns:us-east-1:123456789012:ops"],
            "ok_actions": ["arn:aws:sns:us-east-1:123456789012:ops"],
            "insufficient_data_actions": ["arn:aws:sns:us-east-1:123456789012:ops"],
            "datapoints_to_alarm": 2,
            "dimensions": {"AutoScalingGroupName": "web"},
            "treat_missing_data": "breaching",
            "unit": "Percent",
            "tags": {"b": "2"},
        },
    ),
    "aws_cloudwatch_event_rule": (
        "nightly",
        {
            "name": "nightly",
            "description": "",
            "event_bus_name": "default",
            "event_pattern": None,
            "schedule_expression": "rate(1 hour)",
            "role_arn": "",
            "state": "DISABLED",
            "tags": {"a": "1"},
            "arn": "arn:aws:events:us-east-1:123456789012:rule/nightly",
        },
        {
            "name": "nightly",
            "description": "every night",
            "event_bus_name": "default",
            "schedule_expression": "cron(0 3 * * ? *)",
            "role_arn": "arn:aws:iam::123456789012:role/events",
            "state": "ENABLED",
            "tags": {"b": "2"},
        },
    ),
    "aws_cloudwatch_event_target": (
        "nightly-run",
        {
            "rule": "nightly",
            "target_id": "run",
            "event_bus_name": "default",
            "arn": "arn:aws:sqs:us-east-1:123456789012:old",
            "input": "",
            "input_path": "",
            "role_arn": "",
        },
        {
            "rule": "nightly",
            "target_id": "run",
            "arn": "arn:aws:sqs:us-east-1:123456789012:jobs",
            "input": '{"job": "nightly"}',
            "input_path": "",
            "role_arn": "arn:aws:iam::123456789012:role/events",
        },
    ),
    "aws_ecr_repository": (
        "app",
        {
            "name": "app",
            "image_tag_mutability": "MUTABLE",
            "image_scanning_configuration": {"scan_on_push": False},
            "tags": {"a": "1"},
            "arn": "arn:aws:ecr:us-east-1:123456789012:repository/app",
        },
        {
            "name": "app",
            "image_tag_mutability": "IMMUTABLE",
            "image_scanning_configuration": {"scan_on_push": True},
            "tags": {"b": "2"},
        },
    ),
    "aws_ecr_lifecycle_policy": (
        "app",
        {"repository": "app", "policy": {"rules": []}},
        {
            "repository": "app",
            "policy": {
                "rules": [
                    {
                        "rulePriority": 1,
                        "selection": {
                            "tagStatus": "untagged",
                            "countType": "imageCountMoreThan",
                            "countNumber": 10,
                        },
                        "action": {"type": "expire"},
                    }
                ]
            },
        },
    ),
    "aws_acm_certificate": (
        "arn:aws:acm:us-east-1:123456789012:certificate/abcd",
        {
            "domain_name": "app.example.com",
            "subject_alternative_names": [],
            "validation_method": "DNS",
            "key_algorithm": "RSA_2048",
            "certificate_authority_arn": "",
            "tags": {"a": "1"},
        },
        {
            "domain_name": "app.example.com",
            "subject_alternative_names": [],
            "validation_method": "DNS",
            "key_algorithm": "RSA_2048",
            "certificate_authority_arn": "",
            "tags": {"b": "2"},
        },
    ),
}
