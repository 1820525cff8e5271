"""aws_glue_job on moto (UpdateJob emulated: tests/tf/moto_gaps.py): Terraform's defaults
not drift, changed arguments put back whole and codified, a deleted job made again,
CloudFormation and Crossplane."""

from __future__ import annotations

from pathlib import Path

import boto3
import pytest
from moto.glue.responses import GlueResponse

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.tf.moto_gaps import glue_job_update

REGION = "us-east-1"
ROLE = "arn:aws:iam::123456789012:role/glue"
SCRIPT = "s3://store-scripts/etl.py"
HCL = f"""
resource "aws_glue_job" "etl" {{
  name     = "store-etl"
  role_arn = "{ROLE}"
  command {{
    script_location = "{SCRIPT}"
  }}
  default_arguments = {{ "--job-language" = "python" }}
}}
"""


@pytest.fixture(autouse=True)
def _update(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GlueResponse, "update_job", glue_job_update, raising=False)


def create(name: str = "store-etl") -> None:
    boto3.client("glue", region_name=REGION).create_job(
        Name=name,
        Role=ROLE,
        Command={"Name": "glueetl", "ScriptLocation": SCRIPT, "PythonVersion": "3"},
        DefaultArguments={"--job-language": "python"},
        ExecutionProperty={"MaxConcurrentRuns": 1},
        MaxRetries=0,
        LogUri="s3://store-logs/",
    )


def test_an_applied_job_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    create("by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", "aws_glue_job.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_changed_arguments_are_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    create()
    glue = boto3.client("glue", region_name=REGION)
    job = glue.get_job(JobName="store-etl")["Job"]
    update = {k: job[k] for k in ("Role", "Command", "ExecutionProperty", "LogUri")}
    glue.update_job(
        JobName="store-etl",
        JobUpdate={**update, "DefaultArguments": {"--job-language": "scala"}},
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_glue_job.etl", ["default_arguments.--job-language"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"scala"' in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["glue.update_job"]
    run(calls)
    assert drifts(scan(directory)) == []
    after = glue.get_job(JobName="store-etl")["Job"]
    assert after["LogUri"] == "s3://store-logs/"  # what is not compared is sent as read
    assert after["Command"]["PythonVersion"] == "3"
    glue.delete_job(JobName="store-etl")
    assert drifts(scan(directory)) == [("missing", "aws_glue_job.etl", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Etl:
    Type: AWS::Glue::Job
    Properties:
      Name: store-etl
      Role: {ROLE}
      Command:
        Name: glueetl
        ScriptLocation: {SCRIPT}
      DefaultArguments:
        --job-language: python
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: glue.aws.upbound.io/v1beta1
kind: Job
metadata:
  name: store-etl
spec:
  forProvider:
    region: us-east-1
    roleArn: {ROLE}
    command:
      - scriptLocation: {SCRIPT}
    defaultArguments:
      --job-language: scala
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_glue_job", ["default_arguments.--job-language"])]
