"""aws_elasticache_subnet_group and aws_elasticache_cluster on moto: scan, the `default`
subnet group and replication-group members left out, tags drift and put back; moto has
no ModifyCacheSubnetGroup or ModifyCacheCluster, so their changes are seeded and the
planned calls checked."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.resources.rds.common import REGION, of_type, own, subnets

TYPES = ("aws_elasticache_subnet_group", "aws_elasticache_cluster")


def hcl(a: str, b: str, node_type: str = "cache.t3.micro") -> str:
    return f"""
resource "aws_elasticache_subnet_group" "cache" {{
  name       = "db-cache"
  subnet_ids = ["{a}", "{b}"]
  tags       = {{ Team = "data" }}
}}
resource "aws_elasticache_cluster" "cache" {{
  cluster_id        = "db-cache"
  engine            = "redis"
  engine_version    = "7.1"
  node_type         = "{node_type}"
  num_cache_nodes   = 1
  subnet_group_name = aws_elasticache_subnet_group.cache.name
  tags              = {{ Team = "data" }}
}}
"""


def apply(a: str, b: str, description: str = "Managed by Terraform") -> None:
    cache = boto3.client("elasticache", region_name=REGION)
    cache.create_cache_subnet_group(
        CacheSubnetGroupName="db-cache",
        CacheSubnetGroupDescription=description,
        SubnetIds=[a, b],
        Tags=[{"Key": "Team", "Value": "data"}],
    )
    cache.create_cache_cluster(
        CacheClusterId="db-cache",
        Engine="redis",
        EngineVersion="7.1.0",
        CacheNodeType="cache.t3.micro",
        NumCacheNodes=1,
        CacheSubnetGroupName="db-cache",
        Tags=[{"Key": "Team", "Value": "data"}],
    )


def test_an_applied_cache_is_in_sync_and_aws_own_groups_are_never_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    a, b = subnets()
    apply(a, b)
    cache = boto3.client("elasticache", region_name=REGION)
    cache.create_cache_subnet_group(
        CacheSubnetGroupName="default", CacheSubnetGroupDescription="default", SubnetIds=[a]
    )
    cache.create_cache_subnet_group(
        CacheSubnetGroupName="by-hand", CacheSubnetGroupDescription="x", SubnetIds=[a]
    )
    report = scan(write(tmp_path / "tf", hcl(a, b)))
    assert of_type(drifts(report), *TYPES) == [
        ("unmanaged", "aws_elasticache_subnet_group.by-hand", [])
    ]
    assert report["summary"]["managed"] == 2


def test_tags_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    a, b = subnets()
    apply(a, b)
    cache = boto3.client("elasticache", region_name=REGION)
    for arn in (
        cache.describe_cache_subnet_groups()["CacheSubnetGroups"][0]["ARN"],
        cache.describe_cache_clusters()["CacheClusters"][0]["ARN"],
    ):
        cache.add_tags_to_resource(ResourceName=arn, Tags=[{"Key": "Team", "Value": "ops"}])
    directory = write(tmp_path / "tf", hcl(a, b))
    assert of_type(drifts(scan(directory)), *TYPES) == [
        ("changed", "aws_elasticache_cluster.cache", ["tags.Team"]),
        ("changed", "aws_elasticache_subnet_group.cache", ["tags.Team"]),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    calls = own(calls, "elasticache")
    assert [c.name for c in calls] == ["elasticache.add_tags_to_resource"] * 2
    run(calls)
    assert of_type(drifts(scan(directory)), *TYPES) == []


def test_node_type_and_description_are_drift_and_modified_back(aws: None, tmp_path: Path) -> None:
    """Seeded with the changed values (moto has no ModifyCacheCluster or
    ModifyCacheSubnetGroup): the plan modifies them back."""
    a, b = subnets()
    apply(a, b, description="by hand")
    directory = write(tmp_path / "tf", hcl(a, b, node_type="cache.t3.small"))
    assert of_type(drifts(scan(directory)), *TYPES) == [
        ("changed", "aws_elasticache_cluster.cache", ["node_type"]),
        ("changed", "aws_elasticache_subnet_group.cache", ["description"]),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    by_name = {c.name: c.params for c in own(calls, "elasticache")}
    assert by_name == {
        "elasticache.modify_cache_cluster": {
            "CacheClusterId": "db-cache",
            "ApplyImmediately": True,
            "CacheNodeType": "cache.t3.small",
        },
        "elasticache.modify_cache_subnet_group": {
            "CacheSubnetGroupName": "db-cache",
            "CacheSubnetGroupDescription": "Managed by Terraform",
            "SubnetIds": sorted([a, b]),
        },
    }


def test_a_missing_cluster_is_created(aws: None, tmp_path: Path) -> None:
    a, b = subnets()
    apply(a, b)
    cache = boto3.client("elasticache", region_name=REGION)
    hcl_other = hcl(a, b).replace('"db-cache"\n  engine', '"db-cache2"\n  engine')
    directory = write(tmp_path / "tf", hcl_other)
    found = of_type(drifts(scan(directory)), *TYPES)
    assert ("missing", "aws_elasticache_cluster.cache", []) in found
    calls, _ = plan_calls(tmp_path, directory)
    creates = [c for c in own(calls, "elasticache") if c.operation == "create_cache_cluster"]
    assert [c.params["CacheClusterId"] for c in creates] == ["db-cache2"]
    run(creates)
    assert "db-cache2" in {
        c["CacheClusterId"] for c in cache.describe_cache_clusters()["CacheClusters"]
    }
