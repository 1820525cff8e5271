"""aws_apigatewayv2_api on moto: an applied API in sync (Terraform's defaults for what it
leaves out), another one unmanaged, every declared format, a changed setting and CORS
configuration put back with UpdateApi, tags with TagResource, a deleted API created again,
and the drift codified."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_apigatewayv2_api" "web" {
  name          = "web"
  protocol_type = "HTTP"
  description   = "the web API"
  cors_configuration {
    allow_origins = ["https://b.example.com", "https://a.example.com"]
    allow_methods = ["GET", "POST"]
    max_age       = 300
  }
  tags = { Env = "prod" }
}
"""
CORS = {"AllowOrigins": ["https://a.example.com", "https://b.example.com"],
        "AllowMethods": ["POST", "GET"], "MaxAge": 300}  # fmt: skip


def client() -> Any:
    return boto3.client("apigatewayv2", region_name=REGION)


def create(name: str = "web", **extra: Any) -> str:
    params = {"Description": "the web API", "CorsConfiguration": CORS, "Tags": {"Env": "prod"}}
    return str(client().create_api(Name=name, ProtocolType="HTTP", **{**params, **extra})["ApiId"])


def test_an_applied_api_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    route = "$request.body.action"
    other = client().create_api(
        Name="by-hand", ProtocolType="WEBSOCKET", RouteSelectionExpression=route
    )["ApiId"]
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_apigatewayv2_api.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_description_is_codified(aws: None, tmp_path: Path) -> None:
    client().update_api(ApiId=create(), Description="by hand")
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    assert [(d.kind, [c.path for c in d.changes]) for d in found] == [("changed", ["description"])]
    plan = codify(directory, found)
    assert plan.humans == []
    assert '+  description   = "by hand"' in plan.diff


def test_changed_settings_and_tags_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    api_id = create()
    client().update_api(ApiId=api_id, DisableExecuteApiEndpoint=True, Description="by hand",
                        CorsConfiguration={**CORS, "AllowOrigins": ["*"]})  # fmt: skip
    client().tag_resource(
        ResourceArn=f"arn:aws:apigateway:{REGION}::/apis/{api_id}", Tags={"Owner": "someone"}
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_apigatewayv2_api.web",
            [
                "cors_configuration.allow_origins",
                "description",
                "disable_execute_api_endpoint",
                "tags.Owner",
            ],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["apigatewayv2.untag_resource",
                                             "apigatewayv2.update_api"]  # fmt: skip
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_api_is_created_again(aws: None, tmp_path: Path) -> None:
    client().delete_api(ApiId=create())
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_apigatewayv2_api.web", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["apigatewayv2.create_api"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api_id = create()
    # the tags the Upbound provider puts on what it manages
    provider = {"crossplane-kind": "api.apigatewayv2.aws.upbound.io", "crossplane-name": "web",
                "crossplane-providerconfig": "default"}  # fmt: skip
    cfn = template(
        tmp_path / "cfn",
        """  Web:
    Type: AWS::ApiGatewayV2::Api
    Properties:
      Name: web
      ProtocolType: HTTP
      Description: the web API
      CorsConfiguration:
        AllowOrigins: [https://a.example.com, https://b.example.com]
        AllowMethods: [GET, POST]
        MaxAge: 300
      Tags: {Env: prod}
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: apigatewayv2.services.k8s.aws/v1alpha1
kind: API
metadata:
  name: web
spec:
  name: web
  protocolType: HTTP
  description: the web API
  corsConfiguration:
    allowOrigins: [https://b.example.com, https://a.example.com]
    allowMethods: [POST, GET]
    maxAge: 300
  tags: {Env: prod}
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigatewayv2.aws.upbound.io/v1beta1
kind: API
metadata:
  name: web
  annotations:
    crossplane.io/external-name: {api_id}
spec:
  forProvider:
    region: us-east-1
    name: web
    protocolType: HTTP
    description: changed in git
    corsConfiguration:
      - allowOrigins: [https://a.example.com, https://b.example.com]
        allowMethods: [GET, POST]
        maxAge: 300
    tags: {{Env: prod}}
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], source
        assert report["summary"]["managed"] == 1
    client().tag_resource(ResourceArn=f"arn:aws:apigateway:{REGION}::/apis/{api_id}", Tags=provider)
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_apigatewayv2_api", ["description"])]
