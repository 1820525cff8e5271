"""aws_db_instance on moto: scan (Aurora members left out), AWS defaults, a major-only
engine version, console changes drift and put back by one ModifyDBInstance, the engine
fixed, a missing instance never re-created."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.resources.rds.common import REGION, of_type, own

TYPE = "aws_db_instance"
HCL = """
resource "aws_db_instance" "main" {
  identifier              = "db-main"
  engine                  = "postgres"
  engine_version          = "%s"
  instance_class          = "db.t3.micro"
  allocated_storage       = 20
  username                = "app"
  password                = "not-a-real-password"
  backup_retention_period = 7
  skip_final_snapshot     = true
  tags                    = { Team = "data" }
}
"""


def apply() -> None:
    boto3.client("rds", region_name=REGION).create_db_instance(
        DBInstanceIdentifier="db-main",
        Engine="postgres",
        EngineVersion="16.3",
        DBInstanceClass="db.t3.micro",
        AllocatedStorage=20,
        MasterUsername="app",
        MasterUserPassword="not-a-real-password",
        BackupRetentionPeriod=7,
        Tags=[{"Key": "Team", "Value": "data"}],
    )


def test_an_applied_instance_is_in_sync_and_cluster_members_are_left_out(
    aws: None, tmp_path: Path
) -> None:
    apply()
    rds = boto3.client("rds", region_name=REGION)
    rds.create_db_cluster(
        DBClusterIdentifier="aurora",
        Engine="aurora-postgresql",
        MasterUsername="app",
        MasterUserPassword="not-a-real-password",
    )
    rds.create_db_instance(
        DBInstanceIdentifier="aurora-1",
        Engine="aurora-postgresql",
        DBInstanceClass="db.r6g.large",
        DBClusterIdentifier="aurora",
    )
    report = scan(write(tmp_path / "tf", HCL % "16.3"))
    assert of_type(drifts(report), TYPE) == []
    assert report["summary"]["managed"] == 1


def test_a_major_version_matches_any_minor_one(aws: None, tmp_path: Path) -> None:
    apply()
    assert of_type(drifts(scan(write(tmp_path / "tf", HCL % "16"))), TYPE) == []


def test_console_changes_are_drift_and_one_modify_puts_them_back(aws: None, tmp_path: Path) -> None:
    apply()
    rds = boto3.client("rds", region_name=REGION)
    rds.modify_db_instance(
        DBInstanceIdentifier="db-main",
        DBInstanceClass="db.t3.small",
        AllocatedStorage=50,
        BackupRetentionPeriod=1,
        DeletionProtection=True,
        MultiAZ=True,
        ApplyImmediately=True,
    )
    arn = rds.describe_db_instances()["DBInstances"][0]["DBInstanceArn"]
    rds.add_tags_to_resource(ResourceName=arn, Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL % "16.3")
    assert of_type(drifts(scan(directory)), TYPE) == [
        (
            "changed",
            "aws_db_instance.main",
            [
                "allocated_storage",
                "backup_retention_period",
                "deletion_protection",
                "instance_class",
                "tags.Owner",
            ],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    calls = own(calls, "rds")
    assert sorted(c.name for c in calls) == [
        "rds.modify_db_instance",
        "rds.remove_tags_from_resource",
    ]
    modify = next(c for c in calls if c.operation == "modify_db_instance")
    assert modify.params == {
        "DBInstanceIdentifier": "db-main",
        "ApplyImmediately": True,
        "DBInstanceClass": "db.t3.micro",
        "AllocatedStorage": 20,
        "BackupRetentionPeriod": 7,
        "DeletionProtection": False,
    }
    run(calls)
    assert of_type(drifts(scan(directory)), TYPE) == []


def test_the_engine_is_fixed_and_a_missing_instance_is_not_recreated(
    aws: None, tmp_path: Path
) -> None:
    directory = write(tmp_path / "tf", HCL % "16.3")
    assert drifts(scan(directory)) == [("missing", "aws_db_instance.main", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert [r for r in refusals if "cannot re-create" in r]

    from driftctl.base.calls import Ctx
    from driftctl.resources.registry import REVERTS, TYPES
    from driftctl.revert import spec as revert

    ctx = Ctx("db-main", REGION, "aws_db_instance.main")
    out = revert.update(
        REVERTS[TYPE], TYPES[TYPE].compared, ctx, {"engine": "mysql"}, {"engine": "postgres"}
    )
    assert len(out.refusals) == 1 and "replace needed: a human decides" in out.refusals[0]


def test_a_maintenance_window_in_capitals_is_not_drift(aws: None, tmp_path: Path) -> None:
    """AWS keeps the window in lower case (Terraform too): "Sun:05:00-Sun:06:00" is the
    same window, and a different one is drift."""
    apply()
    boto3.client("rds", region_name=REGION).modify_db_instance(
        DBInstanceIdentifier="db-main",
        PreferredMaintenanceWindow="sun:05:00-sun:06:00",
        ApplyImmediately=True,
    )
    window = '  maintenance_window      = "%s"\n}'
    same = (HCL % "16.3").replace("\n}", "\n" + window % "Sun:05:00-Sun:06:00", 1)
    assert of_type(drifts(scan(write(tmp_path / "same", same))), TYPE) == []
    other = (HCL % "16.3").replace("\n}", "\n" + window % "Mon:05:00-Mon:06:00", 1)
    assert of_type(drifts(scan(write(tmp_path / "other", other))), TYPE) == [
        ("changed", "aws_db_instance.main", ["maintenance_window"])
    ]
