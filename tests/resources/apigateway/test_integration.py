"""aws_api_gateway_integration on moto: read with its method (no call of its own), what
Terraform leaves unset compared as AWS's "none", every declared format, an integration
changed by hand put back whole with PutIntegration and codified, a deleted one created
again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
URI = "https://example.com/items"
HCL = f"""
resource "aws_api_gateway_rest_api" "shop" {{
  name = "shop"
}}

resource "aws_api_gateway_method" "home" {{
  rest_api_id   = aws_api_gateway_rest_api.shop.id
  resource_id   = aws_api_gateway_rest_api.shop.root_resource_id
  http_method   = "GET"
  authorization = "NONE"
}}

resource "aws_api_gateway_integration" "home" {{
  rest_api_id             = aws_api_gateway_rest_api.shop.id
  resource_id             = aws_api_gateway_rest_api.shop.root_resource_id
  http_method             = aws_api_gateway_method.home.http_method
  type                    = "HTTP_PROXY"
  integration_http_method = "GET"
  uri                     = "{URI}"
  timeout_milliseconds    = 10000
}}
"""


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def put(api: str, root: str, uri: str = URI) -> None:
    client().put_integration(
        restApiId=api,
        resourceId=root,
        httpMethod="GET",
        type="HTTP_PROXY",
        integrationHttpMethod="GET",
        uri=uri,
        timeoutInMillis=10000,
    )


def create() -> tuple[str, str]:
    """The API, GET on its root resource, and that method's integration."""
    api = client().create_rest_api(name="shop")
    api_id, root = str(api["id"]), str(api["rootResourceId"])
    client().put_method(
        restApiId=api_id, resourceId=root, httpMethod="GET", authorizationType="NONE"
    )
    put(api_id, root)
    return api_id, root


def test_an_integration_is_in_sync_and_another_unmanaged(aws: None, tmp_path: Path) -> None:
    api, root = create()
    client().put_method(restApiId=api, resourceId=root, httpMethod="POST", authorizationType="NONE")
    client().put_integration(restApiId=api, resourceId=root, httpMethod="POST", type="MOCK")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [
        ("unmanaged", f"aws_api_gateway_integration.agi-{api}-{root}-POST", []),
        ("unmanaged", f"aws_api_gateway_method.agm-{api}-{root}-POST", []),
    ]
    assert report["summary"]["managed"] == 3


def test_a_changed_integration_is_put_back_codified_and_created_again(
    aws: None, tmp_path: Path
) -> None:
    api, root = create()
    put(api, root, uri="https://attacker.example.com/")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", "aws_api_gateway_integration.home", ["uri"])]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "attacker.example.com" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["apigateway.put_integration"]
    run(calls)
    assert drifts(scan(directory)) == []
    client().delete_integration(restApiId=api, resourceId=root, httpMethod="GET")
    assert drifts(scan(directory)) == [("missing", "aws_api_gateway_integration.home", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api, root = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Home:
    Type: AWS::ApiGateway::Method
    Properties:
      RestApiId: {api}
      ResourceId: {root}
      HttpMethod: GET
      AuthorizationType: NONE
      Integration:
        Type: HTTP_PROXY
        IntegrationHttpMethod: GET
        Uri: {URI}
        TimeoutInMillis: 10000
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: apigateway.services.k8s.aws/v1alpha1
kind: Integration
metadata:
  name: home
spec:
  restAPIID: {api}
  resourceID: {root}
  httpMethod: GET
  type: HTTP_PROXY
  integrationHTTPMethod: GET
  uri: {URI}
  timeoutInMillis: 10000
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: Integration
metadata:
  name: home
spec:
  forProvider:
    region: us-east-1
    restApiId: {api}
    resourceId: {root}
    httpMethod: GET
    type: HTTP_PROXY
    integrationHttpMethod: GET
    uri: https://example.com/other
    timeoutMilliseconds: 10000
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        changed = [d for d in report["drifts"] if d["kind"] != "unmanaged"]
        assert changed == [], (source, [d["changes"] for d in changed])
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] == "changed"]  # fmt: skip
    assert changed == [("aws_api_gateway_integration", ["uri"])]
