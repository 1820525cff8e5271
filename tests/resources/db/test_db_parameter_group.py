"""aws_db_parameter_group on moto: scan, AWS's `default.*` groups, only the parameters set
compared, a changed parameter and tags put back, a parameter set by hand reset, the
family fixed."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.db.common import REGION, of_type, own
from tests.resources.helpers import aws, drifts, plan_calls, run, scan, write

__all__ = ["aws"]

TYPE = "aws_db_parameter_group"
HCL = """
resource "aws_db_parameter_group" "pg" {
  name   = "db-pg16"
  family = "postgres16"
  parameter {
    name  = "log_min_duration_statement"
    value = "500"
  }
  tags = { Team = "data" }
}
"""


def apply() -> None:
    rds = boto3.client("rds", region_name=REGION)
    rds.create_db_parameter_group(
        DBParameterGroupName="db-pg16",
        DBParameterGroupFamily="postgres16",
        Description="Managed by Terraform",
        Tags=[{"Key": "Team", "Value": "data"}],
    )
    set_parameter("log_min_duration_statement", "500")


def set_parameter(name: str, value: str) -> None:
    boto3.client("rds", region_name=REGION).modify_db_parameter_group(
        DBParameterGroupName="db-pg16",
        Parameters=[{"ParameterName": name, "ParameterValue": value, "ApplyMethod": "immediate"}],
    )


def test_an_applied_group_is_in_sync_and_default_groups_are_never_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    apply()
    rds = boto3.client("rds", region_name=REGION)
    for name, family in (("default.postgres16", "postgres16"), ("by-hand", "mysql8.0")):
        rds.create_db_parameter_group(
            DBParameterGroupName=name, DBParameterGroupFamily=family, Description="x"
        )
    report = scan(write(tmp_path / "tf", HCL))
    assert of_type(drifts(report), TYPE) == [("unmanaged", "aws_db_parameter_group.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_parameter_and_tags_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    apply()
    set_parameter("log_min_duration_statement", "1000")
    rds = boto3.client("rds", region_name=REGION)
    arn = rds.describe_db_parameter_groups()["DBParameterGroups"][0]["DBParameterGroupArn"]
    rds.remove_tags_from_resource(ResourceName=arn, TagKeys=["Team"])
    directory = write(tmp_path / "tf", HCL)
    [(kind, address, paths)] = of_type(drifts(scan(directory)), TYPE)
    assert (kind, address) == ("changed", "aws_db_parameter_group.pg")
    assert "tags.Team" in paths
    assert any(p.startswith("parameter") for p in paths)
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in own(calls, "rds")) == [
        "rds.add_tags_to_resource",
        "rds.modify_db_parameter_group",
    ]
    run(own(calls, "rds"))
    assert of_type(drifts(scan(directory)), TYPE) == []


def test_a_parameter_set_by_hand_is_drift_and_reset(aws: None, tmp_path: Path) -> None:
    """moto has no ResetDBParameterGroup: the planned call is checked, not made."""
    apply()
    set_parameter("work_mem", "65536")
    directory = write(tmp_path / "tf", HCL)
    [(kind, address, paths)] = of_type(drifts(scan(directory)), TYPE)
    assert (kind, address) == ("changed", "aws_db_parameter_group.pg")
    assert any(p.startswith("parameter") for p in paths)
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    [call] = own(calls, "rds")
    assert call.name == "rds.reset_db_parameter_group"
    assert call.params["Parameters"] == [{"ParameterName": "work_mem", "ApplyMethod": "immediate"}]


def test_a_missing_group_is_created_with_its_parameters(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_db_parameter_group.pg", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == [
        "rds.create_db_parameter_group",
        "rds.modify_db_parameter_group",
    ]
    assert refusals == []
    run(calls)
    assert drifts(scan(directory)) == []


def test_the_family_is_fixed() -> None:
    from driftctl.resources.registry import REVERTS, TYPES
    from driftctl.revert import spec as revert
    from driftctl.revert.calls import Ctx

    ctx = Ctx("db-pg16", REGION, "aws_db_parameter_group.pg")
    out = revert.update(
        REVERTS[TYPE], TYPES[TYPE].compared, ctx, {"family": "postgres15"}, {"family": "postgres16"}
    )
    assert len(out.refusals) == 1 and "replace needed: a human decides" in out.refusals[0]
