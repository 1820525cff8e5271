"""Revert samples of the ECS types (merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

CLUSTER_ARN = "arn:aws:ecs:us-east-1:123456789012:cluster/apps"
TG_ARN = "arn:aws:elasticloadbalancing:us-east-1:123456789012:targetgroup/web/0123456789abcdef"

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
    "aws_ecs_task_definition": (
        "web",
        {
            "family": "web",
            "container_definitions": '[{"name": "app", "image": "nginx:latest", "memory": 128}]',
            "cpu": "256",
            "memory": "512",
            "network_mode": "awsvpc",
            "requires_compatibilities": ["FARGATE"],
            "execution_role_arn": None,
            "task_role_arn": None,
            "tags": {"a": "1"},
            "arn": "arn:aws:ecs:us-east-1:123456789012:task-definition/web:2",
            "kept_settings": {},
        },
        {
            "family": "web",
            "container_definitions": '[{"name": "app", "image": "nginx:1.25", "memory": 128}]',
            "cpu": "512",
            "memory": "1024",
            "network_mode": "awsvpc",
            "requires_compatibilities": ["FARGATE"],
            "execution_role_arn": "arn:aws:iam::123456789012:role/exec",
            "task_role_arn": None,
            "tags": {"b": "2"},
        },
    ),
    "aws_ecs_service": (
        "arn:aws:ecs:us-east-1:123456789012:service/apps/web",
        {
            "name": "web",
            "cluster": "apps",
            "desired_count": 5,
            "task_definition": "web:2",
            "launch_type": "FARGATE",
            "scheduling_strategy": "REPLICA",
            "network_configuration": {
                "subnets": ["subnet-0a"],
                "security_groups": ["sg-0old"],
                "assign_public_ip": True,
            },
            "load_balancer": [],
            "deployment_maximum_percent": 150,
            "deployment_minimum_healthy_percent": 50,
            "tags": {"a": "1"},
            "arn": "arn:aws:ecs:us-east-1:123456789012:service/apps/web",
        },
        {
            "name": "web",
            "cluster": "apps",
            "desired_count": 2,
            "task_definition": "web:1",
            "launch_type": "FARGATE",
            "scheduling_strategy": "REPLICA",
            "network_configuration": {
                "subnets": ["subnet-0a", "subnet-0b"],
                "security_groups": ["sg-0new"],
                "assign_public_ip": False,
            },
            "load_balancer": [
                {
                    "container_name": "app",
                    "container_port": 80,
                    "target_group_arn": TG_ARN,
                }
            ],
            "deployment_maximum_percent": 200,
            "deployment_minimum_healthy_percent": 100,
            "tags": {"b": "2"},
        },
    ),
}
