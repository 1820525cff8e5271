"""aws_api_gateway_base_path_mapping on moto: a domain's mappings read per domain,
matched by domain and base path (the root's `(none)` as ""), one added by hand
unmanaged, one moved to another stage put back with UpdateBasePathMapping, a deleted
one created again, the drift codified, and CloudFormation and Crossplane (ACK has no
base path mapping)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
DOMAIN = "api.example.com"
HCL = """
resource "aws_api_gateway_domain_name" "api" {
  domain_name     = "api.example.com"
  certificate_arn = "arn:aws:acm:us-east-1:123456789012:certificate/1111"
}

resource "aws_api_gateway_base_path_mapping" "root" {
  domain_name = aws_api_gateway_domain_name.api.domain_name
  api_id      = "%(api)s"
  stage_name  = "prod"
}
"""


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def create() -> str:
    """An API with the stages prod and test, the domain, and its root mapped to prod."""
    api = client().create_rest_api(name="shop")
    api_id, root = str(api["id"]), str(api["rootResourceId"])
    client().put_method(
        restApiId=api_id, resourceId=root, httpMethod="GET", authorizationType="NONE"
    )
    client().put_integration(restApiId=api_id, resourceId=root, httpMethod="GET", type="MOCK")
    deployment = client().create_deployment(restApiId=api_id)["id"]
    for stage in ("prod", "test"):
        client().create_stage(restApiId=api_id, stageName=stage, deploymentId=deployment)
    client().create_domain_name(
        domainName=DOMAIN, certificateArn="arn:aws:acm:us-east-1:123456789012:certificate/1111"
    )
    client().create_base_path_mapping(domainName=DOMAIN, restApiId=api_id, stage="prod")
    return api_id


def mapping_drifts(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    return [d for d in drifts(report) if d[1].startswith("aws_api_gateway_base_path_mapping")]


def hcl(tmp_path: Path, api_id: str) -> Path:
    return write(tmp_path / "tf", HCL % {"api": api_id})


def test_a_mapping_is_in_sync_and_one_added_by_hand_unmanaged(aws: None, tmp_path: Path) -> None:
    api_id = create()
    client().create_base_path_mapping(
        domainName=DOMAIN, restApiId=api_id, basePath="beta", stage="test"
    )
    report = scan(hcl(tmp_path, api_id))
    assert mapping_drifts(report) == [
        ("unmanaged", f"aws_api_gateway_base_path_mapping.{DOMAIN}/beta", [])
    ]


def test_a_mapping_moved_by_hand_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    api_id = create()
    client().update_base_path_mapping(domainName=DOMAIN, basePath="(none)", patchOperations=[
        {"op": "replace", "path": "/stage", "value": "test"}
    ])  # fmt: skip
    directory = hcl(tmp_path, api_id)
    assert mapping_drifts(scan(directory)) == [
        ("changed", "aws_api_gateway_base_path_mapping.root", ["stage_name"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    calls = [c for c in calls if "base_path_mapping" in c.name]  # not the API, unmanaged here
    assert refusals == []
    assert [(c.name, c.params["basePath"]) for c in calls] == [
        ("apigateway.update_base_path_mapping", "(none)")
    ]
    run(calls)
    assert mapping_drifts(scan(directory)) == []


def test_a_moved_mapping_is_codified(aws: None, tmp_path: Path) -> None:
    api_id = create()
    client().update_base_path_mapping(domainName=DOMAIN, basePath="(none)", patchOperations=[
        {"op": "replace", "path": "/stage", "value": "test"}
    ])  # fmt: skip
    directory = hcl(tmp_path, api_id)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert 'stage_name  = "test"' in plan.diff


def test_a_deleted_mapping_is_created_again(aws: None, tmp_path: Path) -> None:
    api_id = create()
    client().delete_base_path_mapping(domainName=DOMAIN, basePath="(none)")
    directory = hcl(tmp_path, api_id)
    assert mapping_drifts(scan(directory)) == [
        ("missing", "aws_api_gateway_base_path_mapping.root", [])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    calls = [c for c in calls if "base_path_mapping" in c.name]
    assert refusals == []
    assert [c.name for c in calls] == ["apigateway.create_base_path_mapping"]
    run(calls)
    assert mapping_drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    api_id = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Root:
    Type: AWS::ApiGateway::BasePathMapping
    Properties:
      DomainName: {DOMAIN}
      RestApiId: {api_id}
      Stage: prod
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: BasePathMapping
metadata:
  name: root
spec:
  forProvider:
    region: us-east-1
    domainName: {DOMAIN}
    apiId: {api_id}
    stageName: test
""",
    )
    report, _ = scan_source(cfn)
    changed = [d for d in report["drifts"] if d["kind"] != "unmanaged"]
    assert changed == [], [d["changes"] for d in changed]
    assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] == "changed"]  # fmt: skip
    assert changed == [("aws_api_gateway_base_path_mapping", ["stage_name"])]
