"""aws_athena_workgroup on moto (UpdateWorkGroup emulated: tests/tf/moto_gaps.py): the
primary workgroup never unmanaged, Terraform's configuration defaults not drift, a changed
configuration put back and codified, CloudFormation and Crossplane."""

from __future__ import annotations

from pathlib import Path

import boto3
import pytest
from moto.athena.responses import AthenaResponse

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.tf.moto_gaps import athena_work_group_update

REGION = "us-east-1"
HCL = """
resource "aws_athena_workgroup" "reports" {
  name = "store-reports"
  configuration {
    result_configuration {
      output_location = "s3://store-results/reports/"
    }
  }
}
"""
# what the provider sends for that configuration (its defaults with it)
CONFIG = {"EnforceWorkGroupConfiguration": True, "PublishCloudWatchMetricsEnabled": True,
          "RequesterPaysEnabled": False, "EngineVersion": {"SelectedEngineVersion": "AUTO"},
          "ResultConfiguration": {"OutputLocation": "s3://store-results/reports/"}}  # fmt: skip


@pytest.fixture(autouse=True)
def _update(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        AthenaResponse, "update_work_group", athena_work_group_update, raising=False
    )


def create(name: str = "store-reports") -> None:
    boto3.client("athena", region_name=REGION).create_work_group(
        Name=name, Configuration=dict(CONFIG)
    )


def test_an_applied_workgroup_is_in_sync_and_primary_is_not_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    create()
    create("by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", "aws_athena_workgroup.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_configuration_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    create()
    client = boto3.client("athena", region_name=REGION)
    client.update_work_group(
        WorkGroup="store-reports",
        ConfigurationUpdates={"ResultConfigurationUpdates": {"OutputLocation": "s3://elsewhere/"}},
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_athena_workgroup.reports",
            ["configuration.result_configuration.output_location"],
        )
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "s3://elsewhere/" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["athena.update_work_group"]
    run(calls)
    assert drifts(scan(directory)) == []
    client.delete_work_group(WorkGroup="store-reports")
    assert drifts(scan(directory)) == [("missing", "aws_athena_workgroup.reports", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        """  Reports:
    Type: AWS::Athena::WorkGroup
    Properties:
      Name: store-reports
      WorkGroupConfiguration:
        EnforceWorkGroupConfiguration: true
        PublishCloudWatchMetricsEnabled: true
        ResultConfiguration:
          OutputLocation: s3://store-results/reports/
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: athena.aws.upbound.io/v1beta1
kind: Workgroup
metadata:
  name: store-reports
spec:
  forProvider:
    region: us-east-1
    state: DISABLED
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_athena_workgroup", ["state"])]
