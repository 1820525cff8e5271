"""A revert's fresh read of one ECS resource (the journal, the undo and the verifying
re-scan use it) gives what the scan gives, and nothing once it is gone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from driftctl.base.calls import Unit
from driftctl.resources.ecs import cluster, service, task_definition
from driftctl.revert.readers import READERS, Reader
from tests.resources.ecs.test_service import apply

ARN = "arn:aws:ecs:us-east-1:123456789012"


def read(scan: str, rid: str) -> list[Any]:
    reader = Reader(lambda svc, region: boto3.client(svc, region_name=region))
    return READERS[scan](reader, Unit(scan, "us-east-1", rid))


def test_each_type_is_read_alone(aws: None, tmp_path: Path) -> None:
    apply()
    (found,) = read(cluster.SCAN.name, f"{ARN}:cluster/apps")
    assert (found.type, found.attrs["name"]) == ("aws_ecs_cluster", "apps")
    (found,) = read(task_definition.SCAN.name, "web")
    assert (found.id, found.attrs["revision"]) == ("web", 1)
    (found,) = read(service.SCAN.name, f"{ARN}:service/apps/web")
    assert (found.attrs["cluster"], found.attrs["desired_count"]) == (f"{ARN}:cluster/apps", 2)
    ecs = boto3.client("ecs", region_name="us-east-1")
    ecs.delete_service(cluster="apps", service="web", force=True)
    ecs.deregister_task_definition(taskDefinition="web:1")
    ecs.delete_cluster(cluster="apps")
    assert read(service.SCAN.name, f"{ARN}:service/apps/web") == []
    assert read(task_definition.SCAN.name, "web") == []
    assert read(cluster.SCAN.name, f"{ARN}:cluster/apps") == []
