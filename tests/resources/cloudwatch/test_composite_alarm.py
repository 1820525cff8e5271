"""aws_cloudwatch_composite_alarm on moto (which has no PutCompositeAlarm: moto's
PutMetricAlarm answers it, as tests/tf/moto_gaps.py does for Terraform): the rule,
actions as sets and tags compared, metric alarms left to their own type, every declared
format, drift put back whole and codified, a deleted alarm created again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3
import pytest

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.tf.moto_gaps import composite_alarm_put

REGION = "us-east-1"
TOPIC = "arn:aws:sns:us-east-1:123456789012:pager"
RULE = 'ALARM("cpu") OR ALARM("errors")'
HCL = f"""
resource "aws_cloudwatch_composite_alarm" "service" {{
  alarm_name        = "service-down"
  alarm_description = "the service is failing"
  alarm_rule        = <<-EOT
    ALARM("cpu") OR ALARM("errors")
  EOT
  alarm_actions     = ["{TOPIC}"]
  tags = {{
    team = "ops"
  }}
}}
"""


@pytest.fixture(autouse=True)
def put_composite(monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.cloudwatch.responses import CloudWatchResponse

    class Patched:
        put_metric_alarm = CloudWatchResponse.put_metric_alarm

    composite_alarm_put(Patched)
    monkeypatch.setattr(
        CloudWatchResponse, "put_composite_alarm", Patched.put_composite_alarm, raising=False
    )


def put(**changes: Any) -> None:
    params: dict[str, Any] = {
        "AlarmName": "service-down",
        "AlarmDescription": "the service is failing",
        "AlarmRule": RULE,
        "AlarmActions": [TOPIC],
        "Tags": [{"Key": "team", "Value": "ops"}],
        **changes,
    }
    boto3.client("cloudwatch", region_name=REGION).put_composite_alarm(**params)


def test_an_applied_alarm_is_in_sync_and_another_unmanaged(aws: None, tmp_path: Path) -> None:
    put()
    put(AlarmName="by-hand", Tags=[])
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", "aws_cloudwatch_composite_alarm.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_alarm_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    put(AlarmRule='ALARM("cpu")', AlarmDescription="changed by hand")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_cloudwatch_composite_alarm.service", ["alarm_description", "alarm_rule"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "changed by hand" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cloudwatch.put_composite_alarm"]
    run(calls)
    assert drifts(scan(directory)) == []
    boto3.client("cloudwatch", region_name=REGION).delete_alarms(AlarmNames=["service-down"])
    assert drifts(scan(directory)) == [("missing", "aws_cloudwatch_composite_alarm.service", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["cloudwatch.put_composite_alarm"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    put()
    cfn = template(
        tmp_path / "cfn",
        f"""  Service:
    Type: AWS::CloudWatch::CompositeAlarm
    Properties:
      AlarmName: service-down
      AlarmDescription: the service is failing
      AlarmRule: '{RULE}'
      AlarmActions: [{TOPIC}]
""",
    )
    report, _ = scan_source(cfn)
    # the template sets no tags: the alarm's are drift
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_cloudwatch_composite_alarm", ["tags.team"])]
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: cloudwatch.aws.upbound.io/v1beta1
kind: CompositeAlarm
metadata:
  name: service-down
spec:
  forProvider:
    region: us-east-1
    alarmDescription: the service is failing
    alarmRule: 'ALARM("cpu")'
    alarmActions: [{TOPIC}]
    tags:
      team: ops
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], sorted(c["path"] for c in d["changes"])) for d in report["drifts"]]
    tags = ["tags.crossplane-kind", "tags.crossplane-name", "tags.crossplane-providerconfig"]
    assert changed == [("aws_cloudwatch_composite_alarm", ["alarm_rule", *tags])]
