"""aws_api_gateway_authorizer on moto: an API's authorizers read with GetAuthorizers,
matched by API and name (Terraform's defaults for what a declaration leaves out), one
added by hand unmanaged, one changed by hand put back with UpdateAuthorizer, a deleted
one created again, the drift codified, and every declared format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
URI = (
    "arn:aws:apigateway:us-east-1:lambda:path/2015-03-31/functions/"
    "arn:aws:lambda:us-east-1:123456789012:function:auth/invocations"
)
HCL = f"""
resource "aws_api_gateway_rest_api" "shop" {{
  name = "shop"
}}

resource "aws_api_gateway_authorizer" "token" {{
  name           = "token"
  rest_api_id    = aws_api_gateway_rest_api.shop.id
  authorizer_uri = "{URI}"

  authorizer_result_ttl_in_seconds = 300
}}
"""


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def create() -> tuple[str, str]:
    """The API and its authorizer as Terraform makes it (its defaults sent)."""
    api_id = str(client().create_rest_api(name="shop")["id"])
    found = client().create_authorizer(
        restApiId=api_id, name="token", type="TOKEN", authorizerUri=URI,
        identitySource="method.request.header.Authorization", authorizerResultTtlInSeconds=300,
    )  # fmt: skip
    return api_id, str(found["id"])


def authorizer_drifts(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    return [d for d in drifts(report) if d[1].startswith("aws_api_gateway_authorizer")]


def test_an_authorizer_is_in_sync_and_one_added_by_hand_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    api_id, _ = create()
    by_hand = client().create_authorizer(
        restApiId=api_id, name="other", type="REQUEST", authorizerUri=URI
    )["id"]
    report = scan(write(tmp_path / "tf", HCL))
    assert authorizer_drifts(report) == [("unmanaged", f"aws_api_gateway_authorizer.{by_hand}", [])]


def test_an_authorizer_changed_by_hand_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    api_id, authorizer = create()
    client().update_authorizer(restApiId=api_id, authorizerId=authorizer, patchOperations=[
        {"op": "replace", "path": "/authorizerResultTtlInSeconds", "value": "0"},
        {"op": "replace", "path": "/identitySource", "value": "method.request.header.X-Token"},
    ])  # fmt: skip
    directory = write(tmp_path / "tf", HCL)
    assert authorizer_drifts(scan(directory)) == [
        (
            "changed",
            "aws_api_gateway_authorizer.token",
            ["authorizer_result_ttl_in_seconds", "identity_source"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["apigateway.update_authorizer"]
    run(calls)
    assert authorizer_drifts(scan(directory)) == []


def test_a_changed_ttl_is_codified(aws: None, tmp_path: Path) -> None:
    api_id, authorizer = create()
    client().update_authorizer(restApiId=api_id, authorizerId=authorizer, patchOperations=[
        {"op": "replace", "path": "/authorizerResultTtlInSeconds", "value": "60"},
    ])  # fmt: skip
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "authorizer_result_ttl_in_seconds = 60" in plan.diff


def test_a_deleted_authorizer_is_created_again(aws: None, tmp_path: Path) -> None:
    api_id, authorizer = create()
    client().delete_authorizer(restApiId=api_id, authorizerId=authorizer)
    directory = write(tmp_path / "tf", HCL)
    assert authorizer_drifts(scan(directory)) == [
        ("missing", "aws_api_gateway_authorizer.token", [])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["apigateway.create_authorizer"]
    run(calls)
    assert authorizer_drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api_id, authorizer = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Token:
    Type: AWS::ApiGateway::Authorizer
    Properties:
      RestApiId: {api_id}
      Name: token
      Type: TOKEN
      AuthorizerUri: {URI}
      IdentitySource: method.request.header.Authorization
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: apigateway.services.k8s.aws/v1alpha1
kind: Authorizer
metadata:
  name: token
spec:
  restAPIID: {api_id}
  name: token
  type: TOKEN
  authorizerURI: {URI}
  identitySource: method.request.header.Authorization
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: Authorizer
metadata:
  name: token
  annotations:
    crossplane.io/external-name: {authorizer}
spec:
  forProvider:
    region: us-east-1
    restApiId: {api_id}
    name: token
    authorizerUri: {URI}
    authorizerResultTtlInSeconds: 60
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
    assert changed == [("aws_api_gateway_authorizer", ["authorizer_result_ttl_in_seconds"])]
