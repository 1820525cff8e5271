"""Codify for the database types on moto: a console change to a DB instance, an Aurora
cluster and an ElastiCache cluster is written back into the HCL that declares them, and
the rewritten HCL scans clean."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import boto3

from driftctl import settings
from driftctl.codify.base import Context
from driftctl.codify.plan import make_plan
from driftctl.engine import pipeline
from driftctl.pullrequest.flow import _live_index
from tests.resources.helpers import drifts, scan, write
from tests.resources.rds.common import REGION, of_type

TYPES = ("aws_db_instance", "aws_rds_cluster", "aws_elasticache_cluster")


HCL = """
resource "aws_db_instance" "main" {
  identifier              = "db-main"
  engine                  = "postgres"
  instance_class          = "db.t3.micro"
  allocated_storage       = 20
  username                = "app"
  password                = "not-a-real-password"
  backup_retention_period = 7
}
resource "aws_rds_cluster" "aurora" {
  cluster_identifier      = "db-aurora"
  engine                  = "aurora-postgresql"
  master_username         = "app"
  master_password         = "not-a-real-password"
  backup_retention_period = 3
}
resource "aws_elasticache_cluster" "cache" {
  cluster_id      = "db-cache"
  engine          = "redis"
  node_type       = "cache.t3.micro"
  num_cache_nodes = 1
  tags            = { Team = "data" }
}
"""


def test_console_changes_are_written_back_into_the_hcl(aws: None, tmp_path: Path) -> None:
    rds = boto3.client("rds", region_name=REGION)
    rds.create_db_instance(
        DBInstanceIdentifier="db-main", Engine="postgres", DBInstanceClass="db.t3.small",
        AllocatedStorage=20, MasterUsername="app", MasterUserPassword="not-a-real-password",
        BackupRetentionPeriod=7,
    )  # fmt: skip
    rds.create_db_cluster(
        DBClusterIdentifier="db-aurora", Engine="aurora-postgresql", MasterUsername="app",
        MasterUserPassword="not-a-real-password", BackupRetentionPeriod=10,
    )  # fmt: skip
    boto3.client("elasticache", region_name=REGION).create_cache_cluster(
        CacheClusterId="db-cache", Engine="redis", CacheNodeType="cache.t3.micro",
        NumCacheNodes=1, Tags=[{"Key": "Team", "Value": "ops"}],
    )  # fmt: skip
    directory = write(tmp_path / "tf", HCL)
    assert of_type(drifts(scan(directory)), *TYPES) == [
        ("changed", "aws_db_instance.main", ["instance_class"]),
        ("changed", "aws_elasticache_cluster.cache", ["tags.Team"]),
        ("changed", "aws_rds_cluster.aurora", ["backup_retention_period"]),
    ]

    conf = settings.build(
        settings.Options(sources=[f"hcl://{directory}"], regions=[REGION], no_cache=True)
    )
    declared = pipeline.load_declared(conf, provenance=True)
    live = pipeline.load_live(conf)
    report = pipeline.scan_report(declared, live)
    wanted = [dataclasses.replace(d, action="pr") for d in report.drifts if d.type in TYPES]
    plan = make_plan(wanted, Context(directory, declared, _live_index(live), {}))
    assert plan.humans == []
    assert plan.changed_files == ["main.tf"]
    (directory / "main.tf").write_text(plan.files["main.tf"][1])
    text = (directory / "main.tf").read_text()
    assert 'instance_class          = "db.t3.small"' in text
    assert "backup_retention_period = 10" in text
    assert 'Team = "ops"' in text
    assert of_type(drifts(scan(directory)), *TYPES) == []
