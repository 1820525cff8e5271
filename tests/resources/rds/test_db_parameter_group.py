"""aws_db_parameter_group on moto: scan, AWS's `default.*` groups, only the parameters set
compared, a changed parameter and tags put back, a parameter set by hand reset, the
family fixed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3
import pytest

from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.resources.rds.common import REGION, of_type, own

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
    from driftctl.base.calls import Ctx
    from driftctl.resources.registry import REVERTS, TYPES
    from driftctl.revert import spec as revert

    ctx = Ctx("db-pg16", REGION, "aws_db_parameter_group.pg")
    out = revert.update(
        REVERTS[TYPE], TYPES[TYPE].compared, ctx, {"family": "postgres15"}, {"family": "postgres16"}
    )
    assert len(out.refusals) == 1 and "replace needed: a human decides" in out.refusals[0]


def _paging_describe_db_parameters(self: Any) -> Any:
    """moto's DescribeDBParameters as AWS answers it: MaxRecords at a time, with a Marker
    (moto answers every parameter at once, which would hide a scan that reads one page)."""
    from moto.core.responses import ActionResult

    name = self.params.get("DBParameterGroupName")
    [group] = self.backend.describe_db_parameter_groups({"db_parameter_group_name": name})
    found = list(group.parameters.values())
    size = int(self.params.get("MaxRecords") or 100)
    start = int(self.params.get("Marker") or 0)
    result: dict[str, Any] = {"Parameters": found[start : start + size]}
    if start + size < len(found):
        result["Marker"] = str(start + size)
    return ActionResult(result)


def test_parameters_past_the_first_page_are_compared(
    aws: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A group whose owner set 130 parameters: AWS answers 100 a page, and one changed on
    the second page is drift, not silence."""
    from moto.rds.responses import RDSResponse

    monkeypatch.setattr(RDSResponse, "describe_db_parameters", _paging_describe_db_parameters)
    names = [f"param_{n:03d}" for n in range(130)]
    declared = {**dict.fromkeys(names, "1"), "log_min_duration_statement": "500"}
    blocks = "".join(
        f'  parameter {{\n    name  = "{n}"\n    value = "{v}"\n  }}\n' for n, v in declared.items()
    )
    hcl = (
        'resource "aws_db_parameter_group" "pg" {\n  name   = "db-pg16"\n'
        f'  family = "postgres16"\n{blocks}  tags = {{ Team = "data" }}\n}}\n'
    )
    apply()
    rds = boto3.client("rds", region_name=REGION)
    for start in range(0, len(names), 20):  # AWS takes 20 parameters a call
        rds.modify_db_parameter_group(
            DBParameterGroupName="db-pg16",
            Parameters=[
                {"ParameterName": n, "ParameterValue": "1", "ApplyMethod": "immediate"}
                for n in names[start : start + 20]
            ],
        )
    assert len(rds.describe_db_parameters(DBParameterGroupName="db-pg16")["Parameters"]) == 100
    directory = write(tmp_path / "tf", hcl)
    assert of_type(drifts(scan(directory)), TYPE) == []
    set_parameter("param_125", "2")
    [(kind, address, paths)] = of_type(drifts(scan(directory)), TYPE)
    assert (kind, address) == ("changed", "aws_db_parameter_group.pg")
    assert any(p.startswith("parameter") for p in paths)
