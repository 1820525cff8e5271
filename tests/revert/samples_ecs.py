"""Revert samples of the ECS types (merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

CLUSTER_ARN = "arn:aws:ecs:us-east-1:123456789012:cluster/apps"

# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_ecs_cluster": (
        CLUSTER_ARN,
        {
            "name": "apps",
            "setting": [{"name": "containerInsights", "value": "enabled"}],
            "tags": {"a": "1"},
            "arn": CLUSTER_ARN,
        },
        {"name": "apps", "setting": [], "tags": {"b": "2"}},
    ),
}
