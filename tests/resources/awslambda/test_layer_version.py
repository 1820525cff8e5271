"""aws_lambda_layer_version on moto: every version of a layer read, the declaration is the
latest one (an older one is not read), runtimes as a set, every declared
format, and a version published unlike its declaration needing a replacement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_lambda_layer_version" "deps" {
  layer_name          = "deps"
  filename            = "deps.zip"
  description         = "third-party packages"
  compatible_runtimes = ["python3.12", "python3.11"]
}
"""


def publish(**changes: Any) -> str:
    params: dict[str, Any] = {
        "LayerName": "deps",
        "Content": {"ZipFile": b"PK\x05\x06" + b"\x00" * 18},
        "Description": "third-party packages",
        "CompatibleRuntimes": ["python3.11", "python3.12"],
        **changes,
    }
    answer = boto3.client("lambda", region_name=REGION).publish_layer_version(**params)
    return str(answer["LayerVersionArn"])


def test_the_latest_version_is_compared_another_layer_unmanaged(aws: None, tmp_path: Path) -> None:
    publish(Description="before")
    publish()
    other = publish(LayerName="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_lambda_layer_version.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_version_unlike_its_declaration_needs_a_replacement(aws: None, tmp_path: Path) -> None:
    publish(CompatibleRuntimes=["python3.12"], LicenseInfo="MIT")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_lambda_layer_version.deps", ["compatible_runtimes[0]", "license_info"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert any("replace needed" in r for r in refusals), refusals


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    arn = publish()
    cfn = template(
        tmp_path / "cfn",
        """  Deps:
    Type: AWS::Lambda::LayerVersion
    Properties:
      LayerName: deps
      Description: third-party packages
      CompatibleRuntimes: [python3.12, python3.11]
      Content:
        S3Bucket: code
        S3Key: deps.zip
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: lambda.services.k8s.aws/v1alpha1
kind: LayerVersion
metadata:
  name: deps
spec:
  layerName: deps
  description: third-party packages
  compatibleRuntimes: [python3.12, python3.11]
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: lambda.aws.upbound.io/v1beta1
kind: LayerVersion
metadata:
  name: deps
  annotations:
    crossplane.io/external-name: {arn}
spec:
  forProvider:
    region: us-east-1
    layerName: deps
    description: packages
    compatibleRuntimes: [python3.12, python3.11]
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], source
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_lambda_layer_version", ["description"])]
