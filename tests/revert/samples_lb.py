"""Revert samples of the load balancing and scaling types (merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

TG_ARN = "arn:aws:elasticloadbalancing:us-east-1:123456789012:targetgroup/web/0123456789abcdef"

# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_lb_target_group": (
        TG_ARN,
        {
            "name": "web",
            "port": 80,
            "protocol": "HTTP",
            "vpc_id": "vpc-0123",
            "target_type": "instance",
            "deregistration_delay": "30",
            "slow_start": 0,
            "load_balancing_algorithm_type": "round_robin",
            "stickiness": {"enabled": False, "type": "lb_cookie"},
            "health_check": {"path": "/", "interval": 30},
            "tags": {"a": "1"},
        },
        {
            "name": "web",
            "port": 80,
            "protocol": "HTTP",
            "vpc_id": "vpc-0123",
            "target_type": "instance",
            "deregistration_delay": "60",
            "slow_start": 30,
            "load_balancing_algorithm_type": "least_outstanding_requests",
            "stickiness": {"enabled": True, "type": "lb_cookie", "cookie_duration": 3600},
            "health_check": {"path": "/health", "interval": 10, "matcher": "200"},
            "tags": {"b": "2"},
        },
    ),
}
