"""aws_db_subnet_group on moto: scan, the AWS-owned `default` group, Terraform's default
description, drift in description, subnets and tags put back by a revert, a rename refused."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.resources.rds.common import REGION, of_type, own, subnets

TYPE = "aws_db_subnet_group"


def hcl(a: str, b: str) -> str:
    return f"""
resource "aws_db_subnet_group" "main" {{
  name       = "db-main"
  subnet_ids = ["{a}", "{b}"]
  tags       = {{ Team = "data" }}
}}
"""


def apply(a: str, b: str) -> None:
    rds = boto3.client("rds", region_name=REGION)
    rds.create_db_subnet_group(
        DBSubnetGroupName="db-main",
        DBSubnetGroupDescription="Managed by Terraform",
        SubnetIds=[a, b],
        Tags=[{"Key": "Team", "Value": "data"}],
    )


def test_an_applied_group_is_in_sync_and_the_default_groups_are_never_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    a, b = subnets()
    apply(a, b)
    rds = boto3.client("rds", region_name=REGION)
    for made_by_aws in ("default", "default-vpc-0a1b2c3d4e5f60718"):  # RDS's, the console's
        rds.create_db_subnet_group(
            DBSubnetGroupName=made_by_aws, DBSubnetGroupDescription="default", SubnetIds=[a]
        )
    rds.create_db_subnet_group(
        DBSubnetGroupName="by-hand", DBSubnetGroupDescription="x", SubnetIds=[a]
    )
    report = scan(write(tmp_path / "tf", hcl(a, b)))
    assert of_type(drifts(report), TYPE) == [("unmanaged", "aws_db_subnet_group.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    a, b = subnets()
    apply(a, b)
    rds = boto3.client("rds", region_name=REGION)
    arn = rds.describe_db_subnet_groups()["DBSubnetGroups"][0]["DBSubnetGroupArn"]
    rds.add_tags_to_resource(ResourceName=arn, Tags=[{"Key": "Team", "Value": "ops"}])
    directory = write(tmp_path / "tf", hcl(a, b))
    assert of_type(drifts(scan(directory)), TYPE) == [
        ("changed", "aws_db_subnet_group.main", ["tags.Team"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    calls = own(calls, "rds")
    assert refusals == []
    assert [c.name for c in calls] == ["rds.add_tags_to_resource"]
    run(calls)
    assert of_type(drifts(scan(directory)), TYPE) == []


def test_description_and_subnets_are_drift_and_modified_back(aws: None, tmp_path: Path) -> None:
    """Seeded with the changed values (moto's ModifyDBSubnetGroup drops the group it
    modifies, so the change is not made with it): the plan modifies them back."""
    a, b = subnets()
    rds = boto3.client("rds", region_name=REGION)
    rds.create_db_subnet_group(
        DBSubnetGroupName="db-main",
        DBSubnetGroupDescription="by hand",
        SubnetIds=[a],
        Tags=[{"Key": "Team", "Value": "data"}],
    )
    directory = write(tmp_path / "tf", hcl(a, b))
    [(kind, address, paths)] = of_type(drifts(scan(directory)), TYPE)
    assert (kind, address) == ("changed", "aws_db_subnet_group.main")
    assert "description" in paths
    assert any(p.startswith("subnet_ids") for p in paths)
    calls, refusals = plan_calls(tmp_path, directory)
    calls = own(calls, "rds")
    assert refusals == []
    [call] = calls
    assert call.name == "rds.modify_db_subnet_group"
    assert call.params == {
        "DBSubnetGroupName": "db-main",
        "DBSubnetGroupDescription": "Managed by Terraform",
        "SubnetIds": sorted([a, b]),
    }


def test_a_missing_group_is_created(aws: None, tmp_path: Path) -> None:
    a, b = subnets()
    directory = write(tmp_path / "tf", hcl(a, b))
    assert of_type(drifts(scan(directory)), TYPE) == [("missing", "aws_db_subnet_group.main", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    calls = own(calls, "rds")
    assert [c.name for c in calls] == ["rds.create_db_subnet_group"]
    assert refusals == []
    run(calls)
    assert of_type(drifts(scan(directory)), TYPE) == []


def test_a_rename_is_refused() -> None:
    from driftctl.base.calls import Ctx
    from driftctl.resources.registry import REVERTS, TYPES
    from driftctl.revert import spec as revert

    ctx = Ctx("db-main", REGION, "aws_db_subnet_group.main")
    out = revert.update(
        REVERTS["aws_db_subnet_group"],
        TYPES["aws_db_subnet_group"].compared,
        ctx,
        {"name": "db-main"},
        {"name": "db-other"},
    )
    assert len(out.refusals) == 1 and "replace needed: a human decides" in out.refusals[0]
