"""Sample attributes of the serverless types of #26 (helper b-srvless):
type -> (id, live attrs, declared attrs), merged into tests/revert/samples.SAMPLES."""

from __future__ import annotations

from typing import Any

QUEUE = "arn:aws:sqs:us-east-1:123456789012:bus-dlq"
TOPIC = "arn:aws:sns:us-east-1:123456789012:pager"
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
    "aws_scheduler_schedule": (
        "default/nightly",
        {
            "name": "nightly",
            "group_name": "default",
            "description": "the nightly job",
            "schedule_expression": "cron(0 3 * * ? *)",
            "schedule_expression_timezone": "UTC",
            "state": "ENABLED",
            "kms_key_arn": None,
            "start_date": None,
            "end_date": None,
            "flexible_time_window": [{"mode": "OFF", "maximum_window_in_minutes": None}],
            "target": [
                {
                    "arn": QUEUE,
                    "role_arn": "arn:aws:iam::123456789012:role/scheduler",
                    "input": "",
                    "retry_policy": [
                        {"maximum_event_age_in_seconds": 86400, "maximum_retry_attempts": 185}
                    ],
                    "dead_letter_config": [],
                    "eventbridge_parameters": [],
                    "kinesis_parameters": [],
                    "sqs_parameters": [],
                }
            ],
            "target_read": {"Arn": QUEUE, "RoleArn": "arn:aws:iam::123456789012:role/scheduler"},
        },
        {
            "name": "nightly",
            "group_name": "default",
            "description": "the nightly job, later",
            "schedule_expression": "cron(0 4 * * ? *)",
            "schedule_expression_timezone": "Europe/Paris",
            "state": "DISABLED",
            "kms_key_arn": KEY,
            "start_date": "2030-01-01T00:00:00Z",
            "end_date": "2031-01-01T00:00:00Z",
            "flexible_time_window": [{"mode": "FLEXIBLE", "maximum_window_in_minutes": 15}],
            "target": [
                {
                    "arn": QUEUE,
                    "role_arn": "arn:aws:iam::123456789012:role/scheduler",
                    "input": "{}",
                    "retry_policy": [
                        {"maximum_event_age_in_seconds": 600, "maximum_retry_attempts": 3}
                    ],
                    "dead_letter_config": [{"arn": QUEUE}],
                    "eventbridge_parameters": [],
                    "kinesis_parameters": [],
                    "sqs_parameters": [{"message_group_id": "jobs"}],
                }
            ],
        },
    ),
    "aws_lambda_layer_version": (
        "arn:aws:lambda:us-east-1:123456789012:layer:deps:3",
        {
            "layer_name": "deps",
            "description": "",
            "license_info": "",
            "compatible_runtimes": ["python3.12"],
            "compatible_architectures": [],
            "version": "3",
            "arn": "arn:aws:lambda:us-east-1:123456789012:layer:deps:3",
        },
        {
            "layer_name": "deps",
            "description": "third-party packages",
            "license_info": "MIT",
            "compatible_runtimes": ["python3.11", "python3.12"],
            "compatible_architectures": ["arm64"],
        },
    ),
    "aws_cloudwatch_composite_alarm": (
        "service-down",
        {
            "alarm_name": "service-down",
            "alarm_rule": 'ALARM("cpu")',
            "alarm_description": "",
            "actions_enabled": True,
            "alarm_actions": [],
            "ok_actions": [],
            "insufficient_data_actions": [],
            "actions_suppressor": [],
            "tags": {"a": "1"},
            "arn": "arn:aws:cloudwatch:us-east-1:123456789012:alarm:service-down",
        },
        {
            "alarm_name": "service-down",
            "alarm_rule": 'ALARM("cpu") OR ALARM("errors")',
            "alarm_description": "the service is failing",
            "actions_enabled": False,
            "alarm_actions": [TOPIC],
            "ok_actions": [TOPIC],
            "insufficient_data_actions": [TOPIC],
            "actions_suppressor": [
                {"alarm": "maintenance", "extension_period": 60, "wait_period": 120}
            ],
            "tags": {"b": "2"},
        },
    ),
}
SAMPLES["aws_ssm_document"] = (
    "run-check",
    {
        "name": "run-check",
        "content": {"schemaVersion": "2.2", "mainSteps": []},
        "document_type": "Command",
        "document_format": "JSON",
        "target_type": "",
        "tags": {"a": "1"},
    },
    {
        "name": "run-check",
        "content": {"schemaVersion": "2.2", "description": "new", "mainSteps": []},
        "document_type": "Command",
        "document_format": "YAML",
        "target_type": "/AWS::EC2::Instance",
        "tags": {"b": "2"},
    },
)
SAMPLES["aws_ses_domain_identity"] = (
    "mail.example.com",
    {"domain": "mail.example.com"},
    {"domain": "mail.example.com"},
)
SAMPLES["aws_secretsmanager_secret_rotation"] = (
    "arn:aws:secretsmanager:us-east-1:123456789012:secret:db-AbCdEf",
    {
        "secret_id": "arn:aws:secretsmanager:us-east-1:123456789012:secret:db-AbCdEf",
        "rotation_lambda_arn": "arn:aws:lambda:us-east-1:123456789012:function:old",
        "rotation_rules": {"automatically_after_days": 30},
    },
    {
        "secret_id": "arn:aws:secretsmanager:us-east-1:123456789012:secret:db-AbCdEf",
        "rotation_lambda_arn": "arn:aws:lambda:us-east-1:123456789012:function:new",
        "rotation_rules": {"schedule_expression": "rate(10 days)", "duration": "2h"},
    },
)
