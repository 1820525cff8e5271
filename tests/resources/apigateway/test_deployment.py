"""aws_api_gateway_deployment on moto: read with its API (found by API and description
without Terraform state), one made by hand unmanaged, every declared format, a deleted
deployment created again and the one made by hand deleted. moto has no
UpdateDeployment: a changed description is not made here (the revert's PATCH is checked
against botocore's model by the registry lint)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_api_gateway_rest_api" "shop" {
  name = "shop"
}

resource "aws_api_gateway_deployment" "v1" {
  rest_api_id = aws_api_gateway_rest_api.shop.id
  description = "release 1"
}
"""


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def create() -> tuple[str, str]:
    """The API (with a method, as AWS needs to deploy it) and its deployment."""
    api = client().create_rest_api(name="shop")
    api_id, root = str(api["id"]), str(api["rootResourceId"])
    client().put_method(
        restApiId=api_id, resourceId=root, httpMethod="GET", authorizationType="NONE"
    )
    client().put_integration(restApiId=api_id, resourceId=root, httpMethod="GET", type="MOCK")
    deployment = client().create_deployment(restApiId=api_id, description="release 1")
    return api_id, str(deployment["id"])


def deployment_drifts(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    """The drift of the deployments (the method and integration are not declared here)."""
    return [d for d in drifts(report) if d[1].startswith("aws_api_gateway_deployment")]


def test_a_deployment_is_in_sync_and_one_made_by_hand_unmanaged(aws: None, tmp_path: Path) -> None:
    api, _ = create()
    by_hand = client().create_deployment(restApiId=api, description="hotfix")["id"]
    report = scan(write(tmp_path / "tf", HCL))
    assert deployment_drifts(report) == [("unmanaged", f"aws_api_gateway_deployment.{by_hand}", [])]


def test_a_deleted_deployment_is_created_again_and_one_made_by_hand_deleted(
    aws: None, tmp_path: Path
) -> None:
    api, deployment = create()
    client().delete_deployment(restApiId=api, deploymentId=deployment)
    by_hand = client().create_deployment(restApiId=api, description="hotfix")["id"]
    directory = write(tmp_path / "tf", HCL)
    assert deployment_drifts(scan(directory)) == [
        ("missing", "aws_api_gateway_deployment.v1", []),
        ("unmanaged", f"aws_api_gateway_deployment.{by_hand}", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    names = sorted(c.name for c in calls if "deployment" in c.name)
    assert names == ["apigateway.create_deployment", "apigateway.delete_deployment"]
    run([c for c in calls if "deployment" in c.name])
    assert deployment_drifts(scan(directory)) == []
    found = client().get_deployments(restApiId=api)["items"]
    assert [d["description"] for d in found] == ["release 1"]


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api, deployment = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  V1:
    Type: AWS::ApiGateway::Deployment
    Properties:
      RestApiId: {api}
      Description: release 1
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: apigateway.services.k8s.aws/v1alpha1
kind: Deployment
metadata:
  name: v1
spec:
  restAPIID: {api}
  description: release 1
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: Deployment
metadata:
  name: v1
  annotations:
    crossplane.io/external-name: {deployment}
spec:
  forProvider:
    region: us-east-1
    restApiId: {api}
    description: release 2
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        changed = [d for d in report["drifts"] if d["kind"] != "unmanaged"]
        assert changed == [], (source, [d["changes"] for d in changed])
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] == "changed"]  # fmt: skip
    assert changed == [("aws_api_gateway_deployment", ["description"])]
