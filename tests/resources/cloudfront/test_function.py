"""aws_cloudfront_function on moto (its UpdateFunction and PublishFunction answered as
tests/tf/moto_gaps.py answers them): a function made as Terraform makes it is in sync
(its code read from GetFunction's stream), one made by hand is unmanaged; changed code
and runtime are drift put back with UpdateFunction and published, and codified; a
deleted function is created again; CloudFormation, Crossplane and ACK declare it."""

from __future__ import annotations

import base64
import dataclasses
from pathlib import Path

import boto3
import pytest

from driftctl.resources.cloudfront import function
from driftctl.resources.registry import SCANS
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.tf.moto_gaps import FUNCTION_PUBLISH_PATH, cloudfront_function_calls

TYPE = "aws_cloudfront_function"
CODE = "function handler(event) {\n  return event.request;\n}\n"
HCL = """
resource "aws_cloudfront_function" "rewrite" {
  name    = "cdn-rewrite"
  runtime = "cloudfront-js-2.0"
  code    = <<-EOT
    function handler(event) {
      return event.request;
    }
  EOT
}
"""


@pytest.fixture(autouse=True)
def function_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.cloudfront import urls
    from moto.cloudfront.responses import CloudFrontResponse

    for name, call in cloudfront_function_calls().items():
        monkeypatch.setattr(CloudFrontResponse, name, call, raising=False)
    monkeypatch.setitem(urls.url_paths, FUNCTION_PUBLISH_PATH, CloudFrontResponse.dispatch)


def create(name: str = "cdn-rewrite", code: str = CODE, runtime: str = "cloudfront-js-2.0") -> str:
    cf = boto3.client("cloudfront", region_name="us-east-1")
    answer = cf.create_function(
        Name=name,
        FunctionConfig={"Comment": "", "Runtime": runtime},
        FunctionCode=code.encode(),
    )
    cf.publish_function(Name=name, IfMatch=answer["ETag"])
    return str(answer["ETag"])


def test_an_applied_function_is_in_sync_and_another_one_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    create()
    create(name="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"{TYPE}.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_changed_code_is_drift_put_back_published_codified_and_recreated(
    aws: None, tmp_path: Path
) -> None:
    create(code="function handler(event) { return event; }", runtime="cloudfront-js-1.0")
    directory = write(tmp_path / "tf", HCL)
    changed = [("changed", f"{TYPE}.rewrite", ["code", "runtime"])]
    assert drifts(scan(directory)) == changed
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "cloudfront-js-1.0" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cloudfront.update_function", "cloudfront.publish_function"]
    run(calls)
    assert drifts(scan(directory)) == []
    cf = boto3.client("cloudfront", region_name="us-east-1")
    etag = cf.describe_function(Name="cdn-rewrite")["ETag"]
    cf.delete_function(Name="cdn-rewrite", IfMatch=etag)
    assert drifts(scan(directory)) == [("missing", f"{TYPE}.rewrite", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["cloudfront.create_function", "cloudfront.publish_function"]
    run(calls)
    assert drifts(scan(directory)) == []
    assert cf.describe_function(Name="cdn-rewrite")["FunctionSummary"]["Status"] != "UNPUBLISHED"


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    indented = "".join(f"        {line}\n" for line in CODE.splitlines())
    cfn = template(
        tmp_path / "cfn",
        f"""  Rewrite:
    Type: AWS::CloudFront::Function
    Properties:
      Name: cdn-rewrite
      AutoPublish: true
      FunctionConfig:
        Comment: ""
        Runtime: cloudfront-js-2.0
      FunctionCode: |
{indented}""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: cloudfront.services.k8s.aws/v1alpha1
kind: Function
metadata:
  name: rewrite
spec:
  name: cdn-rewrite
  functionCode: {base64.b64encode(CODE.encode()).decode()}
  functionConfig:
    comment: ""
    runtime: cloudfront-js-2.0
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: cloudfront.aws.upbound.io/v1beta1
kind: Function
metadata:
  name: cdn-rewrite
spec:
  forProvider:
    region: us-east-1
    runtime: cloudfront-js-1.0
    code: |
{indented}""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], source
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [(TYPE, ["runtime"])]


def test_every_page_of_functions_is_read(
    aws: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ListFunctions pages by a Marker botocore has no paginator for, answered at
    FunctionList.NextMarker: every page is read (2 functions a page here)."""
    params = {**function.STAGE, "MaxItems": 2}
    listing = dataclasses.replace(function.SCAN.listing, params=params)
    paged = dataclasses.replace(function.SCAN, listing=listing)
    monkeypatch.setitem(SCANS, function.SCAN.name, paged)
    for n in range(5):
        create(name=f"by-hand-{n}")
    report = scan(write(tmp_path / "tf", HCL))
    assert len([d for d in drifts(report) if d[0] == "unmanaged"]) == 5
    assert ("missing", f"{TYPE}.rewrite", []) in drifts(report)
