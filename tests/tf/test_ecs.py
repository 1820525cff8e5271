"""driftctl reports what `terraform plan -refresh-only` reports, for ECS (#13): a cluster
with Container Insights, a Fargate service on an awsvpc task definition, and a worker task
definition that follows its family's latest revision (`track_latest = true`: without it
terraform reads only the revision it registered, while driftctl reads the latest ACTIVE
one). terraform applies tests/tf/stacks/ecs to moto, driftctl finds no drift (AWS's
defaults in the container definitions are none), then a person changes one thing per type
out of band with boto3 (a new revision registered for the worker), and each tool says what
drifted (tests/tf/checks.py).
"""

from __future__ import annotations

from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_ecs_cluster.apps", "setting", "ecs", "update_cluster",
        {"cluster": "${self.name}",
         "settings": [{"name": "containerInsights", "value": "disabled"}]},
    ),
    Change(
        "aws_ecs_cluster.apps", "tags.Team", "ecs", "tag_resource",
        {"resourceArn": "${self.arn}", "tags": [{"key": "Team", "value": "data"}]},
    ),
    Change(
        "aws_ecs_task_definition.web", "tags.Team", "ecs", "tag_resource",
        {"resourceArn": "${self.arn}", "tags": [{"key": "Team", "value": "data"}]},
    ),
    Change(
        "aws_ecs_task_definition.worker", "container_definitions", "ecs",
        "register_task_definition",
        {"family": "ecs-worker",
         "containerDefinitions": [
             {"name": "worker", "image": "busybox:latest", "memory": 128,
              "command": ["sh", "-c", "sleep 3600"]}
         ]},
    ),
    Change(
        "aws_ecs_service.web", "desired_count", "ecs", "update_service",
        {"cluster": "${self.cluster}", "service": "${self.name}", "desiredCount": 3},
    ),
    Change(
        "aws_ecs_service.web", "deployment_maximum_percent", "ecs", "update_service",
        {"cluster": "${self.cluster}", "service": "${self.name}",
         "deploymentConfiguration": {"maximumPercent": 150, "minimumHealthyPercent": 100}},
    ),
    Change(
        "aws_ecs_service.web", "tags.Team", "ecs", "tag_resource",
        {"resourceArn": "${self.id}", "tags": [{"key": "Team", "value": "data"}]},
    ),
]  # fmt: skip

GROUP = Group("ecs", CHANGES)


class TestEcs(StackChecks):
    group = GROUP

    def test_every_declared_resource_is_compared(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        assert summary["compared_share"] == 1.0
        assert summary["declared"] == summary["managed"]
