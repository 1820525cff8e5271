"""aws_rds_cluster on moto: scan (Neptune and DocumentDB clusters left out), AWS defaults,
console changes drift and put back by one ModifyDBCluster, the engine fixed, a missing
cluster never re-created."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.resources.rds.common import REGION, of_type, own

TYPE = "aws_rds_cluster"
HCL = """
resource "aws_rds_cluster" "aurora" {
  cluster_identifier      = "db-aurora"
  engine                  = "aurora-postgresql"
  engine_version          = "15.4"
  master_username         = "app"
  master_password         = "not-a-real-password"
  backup_retention_period = 3
  skip_final_snapshot     = true
  tags                    = { Team = "data" }
}
"""


def apply() -> None:
    boto3.client("rds", region_name=REGION).create_db_cluster(
        DBClusterIdentifier="db-aurora",
        Engine="aurora-postgresql",
        EngineVersion="15.4",
        MasterUsername="app",
        MasterUserPassword="not-a-real-password",
        BackupRetentionPeriod=3,
        Tags=[{"Key": "Team", "Value": "data"}],
    )


def test_an_applied_cluster_is_in_sync_and_other_engines_are_left_out(
    aws: None, tmp_path: Path
) -> None:
    apply()
    boto3.client("rds", region_name=REGION).create_db_cluster(
        DBClusterIdentifier="graph", Engine="neptune"
    )
    report = scan(write(tmp_path / "tf", HCL))
    assert of_type(drifts(report), TYPE) == []
    assert report["summary"]["managed"] == 1


def test_console_changes_are_drift_and_one_modify_puts_them_back(aws: None, tmp_path: Path) -> None:
    apply()
    rds = boto3.client("rds", region_name=REGION)
    rds.modify_db_cluster(
        DBClusterIdentifier="db-aurora",
        BackupRetentionPeriod=10,
        DeletionProtection=True,
        ApplyImmediately=True,
    )
    arn = rds.describe_db_clusters()["DBClusters"][0]["DBClusterArn"]
    rds.add_tags_to_resource(ResourceName=arn, Tags=[{"Key": "Team", "Value": "ops"}])
    directory = write(tmp_path / "tf", HCL)
    assert of_type(drifts(scan(directory)), TYPE) == [
        (
            "changed",
            "aws_rds_cluster.aurora",
            ["backup_retention_period", "deletion_protection", "tags.Team"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    calls = own(calls, "rds")
    assert sorted(c.name for c in calls) == ["rds.add_tags_to_resource", "rds.modify_db_cluster"]
    modify = next(c for c in calls if c.operation == "modify_db_cluster")
    assert modify.params == {
        "DBClusterIdentifier": "db-aurora",
        "ApplyImmediately": True,
        "BackupRetentionPeriod": 3,
        "DeletionProtection": False,
    }
    run(calls)
    assert of_type(drifts(scan(directory)), TYPE) == []


def test_the_engine_is_fixed_and_a_missing_cluster_is_not_recreated(
    aws: None, tmp_path: Path
) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_rds_cluster.aurora", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert [r for r in refusals if "cannot re-create" in r]

    from driftctl.base.calls import Ctx
    from driftctl.resources.registry import REVERTS, TYPES
    from driftctl.revert import spec as revert

    ctx = Ctx("db-aurora", REGION, "aws_rds_cluster.aurora")
    out = revert.update(
        REVERTS[TYPE],
        TYPES[TYPE].compared,
        ctx,
        {"engine": "aurora-mysql"},
        {"engine": "aurora-postgresql"},
    )
    assert len(out.refusals) == 1 and "replace needed: a human decides" in out.refusals[0]
