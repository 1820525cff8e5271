"""aws_ecs_cluster on moto: scan, the default cluster, revert in place, re-create."""

from __future__ import annotations

from pathlib import Path

import boto3

from driftctl.base.spec import listed
from driftctl.resources.ecs import cluster
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_ecs_cluster" "apps" {
  name = "apps"
  setting {
    name  = "containerInsights"
    value = "enabled"
  }
  tags = { Team = "web" }
}

resource "aws_ecs_cluster" "plain" {
  name = "plain"
}
"""


def test_a_page_of_clusters_is_described_in_one_call() -> None:
    arns = [f"arn:aws:ecs:us-east-1:123456789012:cluster/c{i}" for i in range(100)]
    items = listed(cluster.SCAN.listing, {"clusterArns": arns})
    assert items == [{"clusterArns": arns}]
    assert cluster.SCAN.details[0].params(items[0]) == {
        "clusters": arns,
        "include": ["TAGS", "SETTINGS", "CONFIGURATIONS"],
    }
    # an empty page is no item: DescribeClusters without clusters describes "default"
    assert listed(cluster.SCAN.listing, {"clusterArns": []}) == []


def apply() -> None:
    client = boto3.client("ecs", region_name="us-east-1")
    client.create_cluster(
        clusterName="apps",
        settings=[{"name": "containerInsights", "value": "enabled"}],
        tags=[{"key": "Team", "value": "web"}],
    )
    client.create_cluster(clusterName="plain")


def test_an_applied_cluster_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 2


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    apply()
    client = boto3.client("ecs", region_name="us-east-1")
    arn = "arn:aws:ecs:us-east-1:123456789012:cluster/"
    client.update_cluster(
        cluster="apps", settings=[{"name": "containerInsights", "value": "disabled"}]
    )
    client.tag_resource(resourceArn=arn + "apps", tags=[{"key": "Team", "value": "data"}])
    client.update_cluster(
        cluster="plain", settings=[{"name": "containerInsights", "value": "enabled"}]
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_ecs_cluster.apps", ["setting[0]", "tags.Team"]),
        ("changed", "aws_ecs_cluster.plain", ["setting[0]"]),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "ecs.tag_resource",
        "ecs.update_cluster",
        "ecs.update_cluster",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_unmanaged_clusters_but_not_an_empty_default_one(aws: None, tmp_path: Path) -> None:
    apply()
    client = boto3.client("ecs", region_name="us-east-1")
    client.create_cluster(clusterName="default")
    client.create_cluster(clusterName="stray")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report, "unmanaged") == [
        ("unmanaged", "aws_ecs_cluster.arn:aws:ecs:us-east-1:123456789012:cluster/stray", [])
    ]
    client.tag_resource(
        resourceArn="arn:aws:ecs:us-east-1:123456789012:cluster/default",
        tags=[{"key": "Owner", "value": "me"}],
    )
    names = [d[1].rsplit("/", 1)[-1] for d in drifts(scan(tmp_path / "tf"), "unmanaged")]
    assert names == ["default", "stray"]


def test_a_missing_cluster_is_created_and_an_unmanaged_one_deleted(
    aws: None, tmp_path: Path
) -> None:
    client = boto3.client("ecs", region_name="us-east-1")
    client.create_cluster(clusterName="plain")
    client.create_cluster(clusterName="stray")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory), "missing") == [("missing", "aws_ecs_cluster.apps", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["ecs.create_cluster", "ecs.delete_cluster"]
    run(calls)
    assert drifts(scan(directory)) == []
