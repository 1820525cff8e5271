"""aws_glue_catalog_database on moto: the `default` database never unmanaged, every
declared format, changed parameters put back and codified, a deleted database made
again."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_glue_catalog_database" "sales" {
  name        = "store_sales"
  description = "sales events"
  parameters  = { classification = "parquet" }
}
"""


def create(name: str = "store_sales", **extra: object) -> None:
    given = {"Description": "sales events", "Parameters": {"classification": "parquet"}}
    boto3.client("glue", region_name=REGION).create_database(
        DatabaseInput={"Name": name, **given, **extra}
    )


def test_an_applied_database_is_in_sync_and_default_is_not_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    create()
    create("by_hand")
    create("default")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", "aws_glue_catalog_database.by_hand", [])]
    assert report["summary"]["managed"] == 1


def test_changed_parameters_are_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    create()
    glue = boto3.client("glue", region_name=REGION)
    glue.update_database(
        Name="store_sales",
        DatabaseInput={"Name": "store_sales", "Description": "sales events",
                       "Parameters": {"classification": "csv"}},
    )  # fmt: skip
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_glue_catalog_database.sales", ["parameters.classification"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"csv"' in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["glue.update_database"]
    run(calls)
    assert drifts(scan(directory)) == []
    glue.delete_database(Name="store_sales")
    assert drifts(scan(directory)) == [("missing", "aws_glue_catalog_database.sales", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        """  Sales:
    Type: AWS::Glue::Database
    Properties:
      CatalogId: !Ref AWS::AccountId
      DatabaseInput:
        Name: store_sales
        Description: sales events
        Parameters:
          classification: parquet
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: glue.aws.upbound.io/v1beta1
kind: CatalogDatabase
metadata:
  name: store_sales
spec:
  forProvider:
    region: us-east-1
    description: sales events
    parameters:
      classification: orc
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_glue_catalog_database", ["parameters.classification"])]
