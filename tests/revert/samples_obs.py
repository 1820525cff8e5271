"""Sample attributes of the observability and scheduling types of #26 (helper b-obs):
type -> (id, live attrs, declared attrs), merged into tests/revert/samples.SAMPLES."""

from __future__ import annotations

from typing import Any

STREAM = "arn:aws:kinesis:us-east-1:123456789012:stream/logs"
ROLE = "arn:aws:iam::123456789012:role/logs-to-kinesis"

SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_cloudwatch_log_metric_filter": (
        "/app/web:errors",
        {
            "name": "errors",
            "log_group_name": "/app/web",
            "pattern": "ERROR",
            "metric_transformation": {
                "name": "Errors",
                "namespace": "App",
                "value": "1",
                "default_value": None,
                "dimensions": {},
                "unit": "None",
            },
        },
        {
            "name": "errors",
            "log_group_name": "/app/web",
            "pattern": "?ERROR ?FATAL",
            "metric_transformation": {
                "name": "Errors",
                "namespace": "App",
                "value": "1",
                "default_value": "0",
                "dimensions": {},
                "unit": "Count",
            },
        },
    ),
    "aws_cloudwatch_log_subscription_filter": (
        "/app/web|ship",
        {
            "name": "ship",
            "log_group_name": "/app/web",
            "filter_pattern": "",
            "destination_arn": STREAM,
            "role_arn": ROLE,
            "distribution": "ByLogStream",
        },
        {
            "name": "ship",
            "log_group_name": "/app/web",
            "filter_pattern": "ERROR",
            "destination_arn": STREAM,
            "role_arn": ROLE,
            "distribution": "Random",
        },
    ),
    "aws_cloudwatch_dashboard": (
        "ops",
        {"dashboard_name": "ops", "dashboard_body": {"widgets": []}},
        {
            "dashboard_name": "ops",
            "dashboard_body": {"widgets": [{"type": "text", "properties": {"markdown": "ops"}}]},
        },
    ),
}
