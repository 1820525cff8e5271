"""aws_rds_cluster_parameter_group on moto: scan, AWS's `default.*` groups, a changed
parameter and tags put back, a parameter set by hand reset, a missing group
created with its parameters, and the CloudFormation, Crossplane and ACK declarations."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.resources.rds.common import REGION, of_type, own

TYPE = "aws_rds_cluster_parameter_group"
HCL = """
resource "aws_rds_cluster_parameter_group" "aurora" {
  name   = "db-aurora15"
  family = "aurora-postgresql15"
  parameter {
    name  = "timezone"
    value = "UTC"
  }
  tags = { Team = "data" }
}
"""


def set_parameter(name: str, value: str) -> None:
    boto3.client("rds", region_name=REGION).modify_db_cluster_parameter_group(
        DBClusterParameterGroupName="db-aurora15",
        Parameters=[{"ParameterName": name, "ParameterValue": value, "ApplyMethod": "immediate"}],
    )


def apply() -> None:
    boto3.client("rds", region_name=REGION).create_db_cluster_parameter_group(
        DBClusterParameterGroupName="db-aurora15",
        DBParameterGroupFamily="aurora-postgresql15",
        Description="Managed by Terraform",
        Tags=[{"Key": "Team", "Value": "data"}],
    )
    set_parameter("timezone", "UTC")


def test_an_applied_group_is_in_sync_and_default_groups_are_never_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    apply()
    rds = boto3.client("rds", region_name=REGION)
    for name in ("default.aurora-postgresql15", "by-hand"):
        rds.create_db_cluster_parameter_group(
            DBClusterParameterGroupName=name,
            DBParameterGroupFamily="aurora-postgresql15",
            Description="x",
        )
    report = scan(write(tmp_path / "tf", HCL))
    assert of_type(drifts(report), TYPE) == [("unmanaged", f"{TYPE}.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_parameter_and_tags_are_put_back(aws: None, tmp_path: Path) -> None:
    apply()
    set_parameter("timezone", "Europe/Paris")
    rds = boto3.client("rds", region_name=REGION)
    [group] = rds.describe_db_cluster_parameter_groups()["DBClusterParameterGroups"]
    rds.remove_tags_from_resource(
        ResourceName=group["DBClusterParameterGroupArn"], TagKeys=["Team"]
    )
    directory = write(tmp_path / "tf", HCL)
    [(kind, address, paths)] = of_type(drifts(scan(directory)), TYPE)
    assert (kind, address) == ("changed", f"{TYPE}.aurora")
    assert "tags.Team" in paths
    assert any(p.startswith("parameter") for p in paths)
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in own(calls, "rds")) == [
        "rds.add_tags_to_resource",
        "rds.modify_db_cluster_parameter_group",
    ]
    run(own(calls, "rds"))
    assert of_type(drifts(scan(directory)), TYPE) == []


def test_a_parameter_set_by_hand_is_drift_and_reset(aws: None, tmp_path: Path) -> None:
    """moto has no ResetDBClusterParameterGroup: the planned call is checked, not made."""
    apply()
    set_parameter("work_mem", "65536")
    directory = write(tmp_path / "tf", HCL)
    [(kind, address, _)] = of_type(drifts(scan(directory)), TYPE)
    assert (kind, address) == ("changed", f"{TYPE}.aurora")
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    [call] = own(calls, "rds")
    assert call.name == "rds.reset_db_cluster_parameter_group"
    assert call.params["Parameters"] == [{"ParameterName": "work_mem", "ApplyMethod": "immediate"}]


def test_a_missing_group_is_created_with_its_parameters(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", f"{TYPE}.aurora", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == [
        "rds.create_db_cluster_parameter_group",
        "rds.modify_db_cluster_parameter_group",
    ]
    assert refusals == []
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    apply()
    cfn = template(
        tmp_path / "cfn",
        """  Aurora:
    Type: AWS::RDS::DBClusterParameterGroup
    Properties:
      DBClusterParameterGroupName: db-aurora15
      Family: aurora-postgresql15
      Description: Managed by Terraform
      Parameters:
        timezone: UTC
      Tags:
        - Key: Team
          Value: data
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: rds.services.k8s.aws/v1alpha1
kind: DBClusterParameterGroup
metadata:
  name: db-aurora15
spec:
  name: db-aurora15
  family: aurora-postgresql15
  description: Managed by Terraform
  parameterOverrides:
    timezone: UTC
  tags:
    - key: Team
      value: data
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: rds.aws.upbound.io/v1beta1
kind: ClusterParameterGroup
metadata:
  name: db-aurora15
spec:
  forProvider:
    region: us-east-1
    family: aurora-postgresql15
    description: Managed by Terraform
    parameter:
      - name: timezone
        value: GMT
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], source
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    [drift] = report["drifts"]
    assert drift["type"] == TYPE
    assert any(c["path"].startswith("parameter") for c in drift["changes"])


def test_a_retagged_group_is_codified(aws: None, tmp_path: Path) -> None:
    apply()
    rds = boto3.client("rds", region_name=REGION)
    [group] = rds.describe_db_cluster_parameter_groups()["DBClusterParameterGroups"]
    rds.add_tags_to_resource(
        ResourceName=group["DBClusterParameterGroupArn"], Tags=[{"Key": "Team", "Value": "ops"}]
    )
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '+  tags = { Team = "ops" }' in plan.diff
