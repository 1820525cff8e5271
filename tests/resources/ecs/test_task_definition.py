"""aws_ecs_task_definition on moto: container definitions compared in the provider's
equivalence (AWS's defaults are no drift), a new revision registered out of band is drift
and a revert registers the declared one again, tags, missing and unmanaged families."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from driftctl.resources.ecs.task_definition import containers
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_ecs_task_definition" "web" {
  family                   = "web"
  network_mode             = "awsvpc"
  requires_compatibilities = ["FARGATE"]
  cpu                      = "256"
  memory                   = "512"
  container_definitions = jsonencode([
    {
      name         = "app"
      image        = "nginx:1.25"
      portMappings = [{ containerPort = 80 }]
      environment  = [{ name = "B", value = "2" }, { name = "A", value = "1" }]
    }
  ])
  tags = { Team = "web" }
}
"""

CONTAINERS: list[dict[str, Any]] = [
    {
        "name": "app",
        "image": "nginx:1.25",
        "portMappings": [{"containerPort": 80, "hostPort": 80, "protocol": "tcp"}],
        "environment": [{"name": "A", "value": "1"}, {"name": "B", "value": "2"}],
    }
]


def register(image: str = "nginx:1.25", tags: bool = True) -> dict[str, Any]:
    ecs = boto3.client("ecs", region_name="us-east-1")
    defs = [{**CONTAINERS[0], "image": image}]
    answer: dict[str, Any] = ecs.register_task_definition(
        family="web",
        networkMode="awsvpc",
        requiresCompatibilities=["FARGATE"],
        cpu="256",
        memory="512",
        containerDefinitions=defs,
        **({"tags": [{"key": "Team", "value": "web"}]} if tags else {}),
    )
    return answer


def test_aws_defaults_in_container_definitions_are_no_drift() -> None:
    declared = (
        '[{"name":"b","image":"x","portMappings":[{"containerPort":80}]},{"name":"a","image":"y"}]'
    )
    live = [
        {"name": "a", "image": "y", "cpu": 0, "essential": True, "environment": [],
         "mountPoints": [], "volumesFrom": [], "portMappings": [], "systemControls": []},
        {"name": "b", "image": "x", "cpu": 0, "essential": True,
         "portMappings": [{"containerPort": 80, "hostPort": 80, "protocol": "tcp"}]},
    ]  # fmt: skip
    assert containers(declared, "awsvpc") == containers(live, "awsvpc")
    assert containers(declared, "bridge") != containers(live, "bridge")  # hostPort 80 is set
    changed = [{**live[0], "essential": False}, live[1]]
    assert containers(declared, "awsvpc") != containers(changed, "awsvpc")


def test_an_applied_task_definition_is_in_sync(aws: None, tmp_path: Path) -> None:
    register()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1


def test_a_new_revision_is_drift_and_a_revert_registers_the_declared_one(
    aws: None, tmp_path: Path
) -> None:
    register()
    register(image="nginx:latest", tags=False)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_ecs_task_definition.web", ["container_definitions[0].image", "tags.Team"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["ecs.register_task_definition"]
    run(calls)
    assert drifts(scan(directory)) == []
    ecs = boto3.client("ecs", region_name="us-east-1")
    assert len(ecs.list_task_definitions(familyPrefix="web")["taskDefinitionArns"]) == 3


def test_a_tag_change_is_put_back_on_the_same_revision(aws: None, tmp_path: Path) -> None:
    arn = register()["taskDefinition"]["taskDefinitionArn"]
    ecs = boto3.client("ecs", region_name="us-east-1")
    ecs.tag_resource(resourceArn=arn, tags=[{"key": "Team", "value": "data"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", "aws_ecs_task_definition.web", ["tags.Team"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert (refusals, [c.name for c in calls]) == ([], ["ecs.tag_resource"])
    run(calls)
    assert drifts(scan(directory)) == []


def test_missing_is_registered_and_unmanaged_deregistered(aws: None, tmp_path: Path) -> None:
    ecs = boto3.client("ecs", region_name="us-east-1")
    ecs.register_task_definition(
        family="stray", containerDefinitions=[{"name": "x", "image": "x", "memory": 64}]
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("missing", "aws_ecs_task_definition.web", []),
        ("unmanaged", "aws_ecs_task_definition.stray", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "ecs.deregister_task_definition",
        "ecs.register_task_definition",
    ]
    run(calls)
    assert drifts(scan(directory)) == []
