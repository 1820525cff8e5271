"""aws_cloudwatch_dashboard on moto: the body compared as a JSON document (spacing and key
order are not drift), every declared format, drift put back whole and codified."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
WIDGET = {"type": "text", "x": 0, "y": 0, "width": 6, "height": 3,
          "properties": {"markdown": "ops"}}  # fmt: skip
HCL = """
resource "aws_cloudwatch_dashboard" "ops" {
  dashboard_name = "db-ops"
  dashboard_body = jsonencode({
    widgets = [{ type = "text", x = 0, y = 0, width = 6, height = 3,
      properties = { markdown = "ops" } }]
  })
}
"""


def put(name: str = "db-ops", markdown: str = "ops") -> None:
    body = {"widgets": [{**WIDGET, "properties": {"markdown": markdown}}]}
    # spaced and reordered as a person's console edit may leave it
    text = json.dumps(body, indent=2, sort_keys=False)
    boto3.client("cloudwatch", region_name=REGION).put_dashboard(
        DashboardName=name, DashboardBody=text
    )


def test_an_applied_dashboard_is_in_sync_and_another_one_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    put()
    put(name="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", "aws_cloudwatch_dashboard.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_body_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    put(markdown="changed by hand")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_cloudwatch_dashboard.ops",
            ["dashboard_body.widgets[0].properties.markdown"],
        )
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "changed by hand" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cloudwatch.put_dashboard"]
    run(calls)
    assert drifts(scan(directory)) == []
    boto3.client("cloudwatch", region_name=REGION).delete_dashboards(DashboardNames=["db-ops"])
    assert drifts(scan(directory)) == [("missing", "aws_cloudwatch_dashboard.ops", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    put()
    body = json.dumps({"widgets": [WIDGET]})
    cfn = template(
        tmp_path / "cfn",
        f"""  Ops:
    Type: AWS::CloudWatch::Dashboard
    Properties:
      DashboardName: db-ops
      DashboardBody: '{body}'
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: cloudwatch.services.k8s.aws/v1alpha1
kind: Dashboard
metadata:
  name: ops
spec:
  dashboardName: db-ops
  dashboardBody: '{body}'
""",
    )
    other = json.dumps({"widgets": [{**WIDGET, "width": 12}]})
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: cloudwatch.aws.upbound.io/v1beta1
kind: Dashboard
metadata:
  name: db-ops
spec:
  forProvider:
    region: us-east-1
    dashboardBody: '{other}'
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], source
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_cloudwatch_dashboard", ["dashboard_body.widgets[0].width"])]
