"""aws_ecs_service on moto: scan (ListServices of every cluster, DescribeServices in
batches of 10), desired count, task definition by ARN or family:revision, network
configuration, deployment percents and tags; revert by UpdateService; missing and
unmanaged services."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from driftctl.base.calls import Call
from driftctl.resources.ecs import service
from tests.resources.helpers import drifts as all_drifts
from tests.resources.helpers import plan_calls, run, scan, write

HCL = """
resource "aws_ecs_cluster" "apps" {
  name = "apps"
}

resource "aws_ecs_task_definition" "web" {
  family                   = "web"
  network_mode             = "awsvpc"
  requires_compatibilities = ["FARGATE"]
  cpu                      = "256"
  memory                   = "512"
  container_definitions    = jsonencode([{ name = "app", image = "nginx", memory = 128 }])
}

resource "aws_ecs_service" "web" {
  name            = "web"
  cluster         = aws_ecs_cluster.apps.id
  task_definition = aws_ecs_task_definition.web.arn
  desired_count   = 2
  launch_type     = "FARGATE"
  network_configuration {
    subnets         = ["%(subnet)s"]
    security_groups = ["%(sg)s"]
  }
  tags = { Team = "web" }
}
"""


def drifts(report: dict[str, Any], *kinds: str) -> list[tuple[str, str, list[str]]]:
    """The ECS drifts (the VPC, subnet and security group are not declared here)."""
    return [d for d in all_drifts(report, *kinds) if ".aws_ecs_" in "." + d[1]]


def ecs_plan(tmp_path: Path, directory: Path) -> tuple[list[Call], list[str]]:
    """The ECS part of the revert plan (the network is live only, not declared)."""
    calls, refusals = plan_calls(tmp_path, directory)
    return [c for c in calls if c.service == "ecs"], refusals


# the web task definition's settings (its containers aside)
FARGATE: dict[str, Any] = {
    "family": "web",
    "networkMode": "awsvpc",
    "requiresCompatibilities": ["FARGATE"],
    "cpu": "256",
    "memory": "512",
}


def network() -> dict[str, str]:
    """A VPC with a subnet and a security group for the tasks: their ids."""
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(CidrBlock="10.0.0.0/16")["Vpc"]["VpcId"]
    subnet = ec2.create_subnet(VpcId=vpc, CidrBlock="10.0.1.0/24")["Subnet"]["SubnetId"]
    sg = ec2.create_security_group(GroupName="web", Description="web", VpcId=vpc)["GroupId"]
    return {"subnet": subnet, "sg": sg}


def apply(extra_services: int = 0) -> dict[str, Any]:
    ids = network()
    ecs = boto3.client("ecs", region_name="us-east-1")
    ecs.create_cluster(clusterName="apps")
    ecs.register_task_definition(
        **FARGATE, containerDefinitions=[{"name": "app", "image": "nginx", "memory": 128}]
    )
    network_configuration = {
        "awsvpcConfiguration": {"subnets": [ids["subnet"]], "securityGroups": [ids["sg"]]}
    }
    for name in ["web", *(f"extra-{i:02}" for i in range(extra_services))]:
        ecs.create_service(
            cluster="apps",
            serviceName=name,
            taskDefinition="web:1",
            desiredCount=2,
            launchType="FARGATE",
            networkConfiguration=network_configuration,
            **({"tags": [{"key": "Team", "value": "web"}]} if name == "web" else {}),
        )
    return ids


def test_describe_services_is_asked_ten_services_at_a_time() -> None:
    arns = [f"arn:aws:ecs:us-east-1:123456789012:service/apps/s{i}" for i in range(23)]
    pages = [{"serviceArns": arns[:20]}, {"serviceArns": arns[20:]}]
    item = {"clusterArns": ["apps", "empty", "gone"], "arns": [pages, [{"serviceArns": []}], None]}
    batches = service.SCAN.details[1].params(item)
    assert isinstance(batches, list)
    assert [len(b["services"]) for b in batches] == [10, 10, 3]
    assert all(b["cluster"] == "apps" and b["include"] == ["TAGS"] for b in batches)
    assert service.SCAN.details[0].params(item) == [
        {"cluster": c, "maxResults": 100} for c in ("apps", "empty", "gone")
    ]


def test_an_applied_service_is_in_sync(aws: None, tmp_path: Path) -> None:
    ids = apply()
    report = scan(write(tmp_path / "tf", HCL % ids))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 3


def test_more_than_ten_services_are_all_read(aws: None, tmp_path: Path) -> None:
    ids = apply(extra_services=11)
    report = scan(write(tmp_path / "tf", HCL % ids))
    unmanaged = drifts(report, "unmanaged")
    assert len(unmanaged) == 11
    assert all(d[1].startswith("aws_ecs_service.arn:aws:ecs:") for d in unmanaged)
    assert drifts(report, "changed", "missing") == []


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ecs = boto3.client("ecs", region_name="us-east-1")
    ecs.register_task_definition(
        **FARGATE, containerDefinitions=[{"name": "app", "image": "nginx", "memory": 128}]
    )
    ecs.update_service(
        cluster="apps",
        service="web",
        desiredCount=5,
        deploymentConfiguration={"maximumPercent": 150, "minimumHealthyPercent": 50},
    )
    arn = "arn:aws:ecs:us-east-1:123456789012:service/apps/web"
    ecs.tag_resource(resourceArn=arn, tags=[{"key": "Team", "value": "data"}])
    # the task definition's family moved on to revision 2, which the service still lacks
    hcl = (HCL % ids).replace("aws_ecs_task_definition.web.arn", '"web:1"')
    hcl = hcl.replace(
        'resource "aws_ecs_task_definition" "web" {',
        'resource "aws_ecs_task_definition" "web" {\n  track_latest = true',
    )
    directory = write(tmp_path / "tf", hcl)
    assert drifts(scan(directory), "changed") == [
        (
            "changed",
            "aws_ecs_service.web",
            [
                "deployment_maximum_percent",
                "deployment_minimum_healthy_percent",
                "desired_count",
                "tags.Team",
            ],
        )
    ]
    calls, refusals = ecs_plan(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["ecs.tag_resource", "ecs.update_service"]
    run(calls)
    assert drifts(scan(directory), "changed") == []


def test_a_missing_service_is_created_and_an_unmanaged_one_deleted(
    aws: None, tmp_path: Path
) -> None:
    ids = apply()
    ecs = boto3.client("ecs", region_name="us-east-1")
    ecs.delete_service(cluster="apps", service="web", force=True)
    ecs.create_service(cluster="apps", serviceName="stray", taskDefinition="web:1", desiredCount=0)
    directory = write(tmp_path / "tf", HCL % ids)
    assert drifts(scan(directory)) == [
        ("missing", "aws_ecs_service.web", []),
        ("unmanaged", "aws_ecs_service.arn:aws:ecs:us-east-1:123456789012:service/apps/stray", []),
    ]
    calls, refusals = ecs_plan(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["ecs.create_service", "ecs.delete_service"]
    run(calls)
    assert drifts(scan(directory)) == []
