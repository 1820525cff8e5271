"""aws_lambda_alias on moto: a function's aliases read per function, the traffic split
compared, every declared format, drift put back with UpdateAlias and codified, a
deleted alias created again."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.awslambda.test_function import HCL as FUNCTION
from tests.resources.awslambda.test_function import apply as apply_function
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = (
    FUNCTION
    + """
resource "aws_lambda_alias" "live" {
  name             = "live"
  function_name    = aws_lambda_function.worker.function_name
  function_version = "1"
  description      = "what users call"
  routing_config {
    additional_version_weights = {
      "2" = 0.1
    }
  }
}
"""
)


def apply() -> None:
    apply_function()
    fn = boto3.client("lambda", region_name=REGION)
    fn.publish_version(FunctionName="worker")
    fn.update_function_configuration(FunctionName="worker", MemorySize=512)
    fn.publish_version(FunctionName="worker")
    fn.update_function_configuration(FunctionName="worker", MemorySize=256)
    fn.create_alias(
        FunctionName="worker",
        Name="live",
        FunctionVersion="1",
        Description="what users call",
        RoutingConfig={"AdditionalVersionWeights": {"2": 0.1}},
    )


def _aliases(report: dict[str, object]) -> list[tuple[str, str, list[str]]]:
    return [d for d in drifts(report) if "aws_lambda_alias" in d[1]]  # type: ignore[arg-type]


def test_an_applied_alias_is_in_sync_and_another_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    boto3.client("lambda", region_name=REGION).create_alias(
        FunctionName="worker", Name="by-hand", FunctionVersion="$LATEST"
    )
    report = scan(write(tmp_path / "tf", HCL))
    assert _aliases(report) == [("unmanaged", "aws_lambda_alias.worker/by-hand", [])]
    assert drifts(report, "changed", "missing") == []


def test_a_changed_alias_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    apply()
    boto3.client("lambda", region_name=REGION).update_alias(
        FunctionName="worker",
        Name="live",
        FunctionVersion="1",
        Description="moved by hand",
        RoutingConfig={"AdditionalVersionWeights": {"2": 0.5}},
    )
    directory = write(tmp_path / "tf", HCL)
    assert _aliases(scan(directory)) == [
        (
            "changed",
            "aws_lambda_alias.live",
            ["description", "routing_config[0].additional_version_weights.2"],
        )
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert "moved by hand" in plan.diff
    calls, _ = plan_calls(tmp_path, directory)  # the function's bucket and role: refused
    calls = [c for c in calls if c.service == "lambda"]
    assert [c.name for c in calls] == ["lambda.update_alias"]
    run(calls)
    assert _aliases(scan(directory)) == []


def test_a_deleted_alias_is_created_again(aws: None, tmp_path: Path) -> None:
    apply()
    boto3.client("lambda", region_name=REGION).delete_alias(FunctionName="worker", Name="live")
    directory = write(tmp_path / "tf", HCL)
    assert _aliases(scan(directory)) == [("missing", "aws_lambda_alias.live", [])]
    calls, _ = plan_calls(tmp_path, directory)  # the function's bucket and role: refused
    calls = [c for c in calls if c.service == "lambda"]
    assert [c.name for c in calls] == ["lambda.create_alias"]
    run(calls)
    assert _aliases(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    apply()
    cfn = template(
        tmp_path / "cfn",
        """  Live:
    Type: AWS::Lambda::Alias
    Properties:
      Name: live
      FunctionName: worker
      FunctionVersion: "1"
      Description: what users call
      RoutingConfig:
        AdditionalVersionWeights:
          - FunctionVersion: "2"
            FunctionWeight: 0.1
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: lambda.services.k8s.aws/v1alpha1
kind: Alias
metadata:
  name: live
spec:
  name: live
  functionName: worker
  functionVersion: "1"
  description: what users call
  routingConfig:
    additionalVersionWeights:
      "2": 0.1
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: lambda.aws.upbound.io/v1beta1
kind: Alias
metadata:
  name: live
spec:
  forProvider:
    region: us-east-1
    functionName: worker
    functionVersion: "2"
    description: what users call
    routingConfig:
      - additionalVersionWeights:
          "2": 0.1
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert _aliases(report) == [], source
    report, _ = scan_source(crossplane)
    changed = [
        (d["type"], [c["path"] for c in d["changes"]])
        for d in report["drifts"]
        if d["type"] == "aws_lambda_alias"
    ]
    assert changed == [("aws_lambda_alias", ["function_version"])]
