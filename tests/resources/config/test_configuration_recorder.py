"""aws_config_configuration_recorder on moto: the region's recorder in sync, one nobody
declares unmanaged, a narrowed recording group as drift put back and codified, a deleted
recorder put again, CloudFormation and Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

ROLE = "arn:aws:iam::123456789012:role/config"
HCL = f"""
resource "aws_config_configuration_recorder" "main" {{
  name     = "main"
  role_arn = "{ROLE}"

  recording_group {{
    all_supported                 = true
    include_global_resource_types = true
    resource_types                = []
  }}
}}
"""


def config() -> Any:
    return boto3.client("config", region_name="us-east-1")


def put(**group: Any) -> None:
    recording = {"allSupported": True, "includeGlobalResourceTypes": True, **group}
    config().put_configuration_recorder(
        ConfigurationRecorder={"name": "main", "roleARN": ROLE, "recordingGroup": recording}
    )


def test_the_recorder_is_in_sync_and_undeclared_unmanaged(aws: None, tmp_path: Path) -> None:
    put()
    assert drifts(scan(write(tmp_path / "tf", HCL))) == []
    other = write(tmp_path / "other", 'resource "aws_sqs_queue" "q" {\n  name = "q"\n}\n')
    assert drifts(scan(other), "unmanaged") == [
        ("unmanaged", "aws_config_configuration_recorder.main", [])
    ]


def test_a_narrowed_recording_group_is_drift_put_back_and_codified(
    aws: None, tmp_path: Path
) -> None:
    put(allSupported=False, includeGlobalResourceTypes=False, resourceTypes=["AWS::S3::Bucket"])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_config_configuration_recorder.main",
            [
                "recording_group.all_supported",
                "recording_group.include_global_resource_types",
                "recording_group.resource_types",
            ],
        )
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert "AWS::S3::Bucket" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["config.put_configuration_recorder"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_recorder_is_put_again(aws: None, tmp_path: Path) -> None:
    put()
    config().delete_configuration_recorder(ConfigurationRecorderName="main")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_config_configuration_recorder.main", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    put()
    cfn = template(
        tmp_path / "cfn",
        f"""  Main:
    Type: AWS::Config::ConfigurationRecorder
    Properties:
      Name: main
      RoleARN: {ROLE}
      RecordingGroup: {{AllSupported: true, IncludeGlobalResourceTypes: true}}
""",
    )
    report, _ = scan_source(cfn)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: configservice.aws.upbound.io/v1beta1
kind: ConfigurationRecorder
metadata:
  name: main
spec:
  forProvider:
    region: us-east-1
    roleArn: {ROLE}
    recordingGroup:
      - allSupported: true
        includeGlobalResourceTypes: false
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [
        ("aws_config_configuration_recorder", ["recording_group.include_global_resource_types"])
    ]
