"""aws_cloudwatch_log_metric_filter on moto: read from the region's DescribeMetricFilters
pages, every declared format, drift put back whole and codified.

moto's PutMetricFilter adds a second filter where AWS replaces the one there: patched as
tests/tf/moto_gaps.py says."""

from __future__ import annotations

from pathlib import Path

import boto3
import pytest

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.tf.moto_gaps import metric_filter_put_replaces

HCL = """
resource "aws_cloudwatch_log_group" "app" {
  name = "/mf/app"
}

resource "aws_cloudwatch_log_metric_filter" "errors" {
  name           = "errors"
  log_group_name = aws_cloudwatch_log_group.app.name
  pattern        = "ERROR"

  metric_transformation {
    name          = "Errors"
    namespace     = "App"
    value         = "1"
    default_value = "0"
  }
}
"""


@pytest.fixture(autouse=True)
def put_replaces(monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.logs.metric_filters import MetricFilters

    replacing = metric_filter_put_replaces(MetricFilters.add_filter)
    monkeypatch.setattr(MetricFilters, "add_filter", replacing)


def put(pattern: str = "ERROR", unit: str = "None", group: str = "/mf/app") -> None:
    boto3.client("logs", region_name="us-east-1").put_metric_filter(
        logGroupName=group,
        filterName="errors",
        filterPattern=pattern,
        metricTransformations=[
            {
                "metricName": "Errors",
                "metricNamespace": "App",
                "metricValue": "1",
                "defaultValue": 0.0,
                "unit": unit,
            }
        ],
    )


def apply() -> None:
    boto3.client("logs", region_name="us-east-1").create_log_group(logGroupName="/mf/app")
    put()


def test_an_applied_filter_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    boto3.client("logs", region_name="us-east-1").create_log_group(logGroupName="/mf/other")
    put(group="/mf/other")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [
        ("unmanaged", "aws_cloudwatch_log_group./mf/other", []),
        ("unmanaged", "aws_cloudwatch_log_metric_filter./mf/other:errors", []),
    ]
    assert report["summary"]["managed"] == 2


def test_a_changed_filter_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    apply()
    put(pattern="WARN", unit="Count")
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == [
        (
            "changed",
            "aws_cloudwatch_log_metric_filter.errors",
            ["metric_transformation.unit", "pattern"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["logs.put_metric_filter"]
    run(calls)
    assert drifts(scan(directory)) == []
    put(pattern="WARN")
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '-  pattern        = "ERROR"' in plan.diff and '"WARN"' in plan.diff
    boto3.client("logs", region_name="us-east-1").delete_metric_filter(
        logGroupName="/mf/app", filterName="errors"
    )
    assert drifts(scan(directory)) == [("missing", "aws_cloudwatch_log_metric_filter.errors", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    apply()
    cfn = template(
        tmp_path / "cfn",
        """  Errors:
    Type: AWS::Logs::MetricFilter
    Properties:
      FilterName: errors
      LogGroupName: /mf/app
      FilterPattern: ERROR
      MetricTransformations:
        - {MetricName: Errors, MetricNamespace: App, MetricValue: "1", DefaultValue: 0}
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: cloudwatchlogs.aws.upbound.io/v1beta1
kind: MetricFilter
metadata:
  name: errors
spec:
  forProvider:
    region: us-east-1
    logGroupName: /mf/app
    pattern: FATAL
    metricTransformation:
      - {name: Errors, namespace: App, value: "1", defaultValue: "0"}
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["kind"] != "unmanaged"] == []
    assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] != "unmanaged"]  # fmt: skip
    assert changed == [("aws_cloudwatch_log_metric_filter", ["pattern"])]
