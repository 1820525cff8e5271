"""aws_apigatewayv2_authorizer on moto (whose GetAuthorizers the `aws` fixture answers from
moto's authorizers, tests/tf/moto_gaps.py): an API's authorizers read per API, matched
by API and name, one added by hand unmanaged, a JWT audience changed by hand put back
with UpdateAuthorizer and codified, a deleted one created again, CloudFormation and
Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
ISSUER = "https://issuer.example.com"
HCL = f"""
resource "aws_apigatewayv2_api" "web" {{
  name          = "web"
  protocol_type = "HTTP"
}}

resource "aws_apigatewayv2_authorizer" "jwt" {{
  api_id           = aws_apigatewayv2_api.web.id
  authorizer_type  = "JWT"
  name             = "jwt"
  identity_sources = ["$request.header.Authorization"]

  jwt_configuration {{
    audience = ["web"]
    issuer   = "{ISSUER}"
  }}
}}
"""
TYPE = "aws_apigatewayv2_authorizer"


def client() -> Any:
    return boto3.client("apigatewayv2", region_name=REGION)


def create() -> tuple[str, str]:
    api_id = client().create_api(Name="web", ProtocolType="HTTP")["ApiId"]
    made = client().create_authorizer(
        ApiId=api_id,
        AuthorizerType="JWT",
        Name="jwt",
        IdentitySource=["$request.header.Authorization"],
        JwtConfiguration={"Audience": ["web"], "Issuer": ISSUER},
    )
    return str(api_id), str(made["AuthorizerId"])


def held(api_id: str, authorizer: str) -> dict[str, Any]:
    return dict(client().get_authorizer(ApiId=api_id, AuthorizerId=authorizer))


def test_an_applied_authorizer_is_in_sync_and_another_one_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    api_id, _ = create()
    other = client().create_authorizer(
        ApiId=api_id,
        AuthorizerType="REQUEST",
        Name="lambda",
        IdentitySource=["$request.header.Token"],
        AuthorizerUri="arn:aws:apigateway:us-east-1:lambda:path/2015-03-31/functions/x/invocations",
        AuthorizerPayloadFormatVersion="2.0",
    )["AuthorizerId"]
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"{TYPE}.{other}", [])]
    assert report["summary"]["managed"] == 2


def test_a_changed_audience_is_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    api_id, authorizer = create()
    client().update_authorizer(
        ApiId=api_id,
        AuthorizerId=authorizer,
        JwtConfiguration={"Audience": ["web", "anyone"], "Issuer": ISSUER},
    )
    directory = write(tmp_path / "tf", HCL)
    found = drifts(scan(directory))
    assert found == [("changed", f"{TYPE}.jwt", ["jwt_configuration[0].audience"])]
    _, changed = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in changed if d.kind == "changed"])
    assert plan.humans == []
    assert '"anyone"' in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["apigatewayv2.update_authorizer"]
    run(calls)
    assert drifts(scan(directory)) == []
    assert held(api_id, authorizer)["JwtConfiguration"]["Audience"] == ["web"]


def test_a_deleted_authorizer_is_created_again(aws: None, tmp_path: Path) -> None:
    api_id, authorizer = create()
    client().delete_authorizer(ApiId=api_id, AuthorizerId=authorizer)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", f"{TYPE}.jwt", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["apigatewayv2.create_authorizer"]
    run(calls)
    assert drifts(scan(directory)) == []


def _changed(report: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    api_id, authorizer = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Web:
    Type: AWS::ApiGatewayV2::Api
    Properties:
      Name: web
      ProtocolType: HTTP
  Jwt:
    Type: AWS::ApiGatewayV2::Authorizer
    Properties:
      ApiId: !Ref Web
      AuthorizerType: JWT
      Name: jwt
      IdentitySource: [$request.header.Auth]
      JwtConfiguration: {{Audience: [web], Issuer: "{ISSUER}"}}
""",
    )
    changed = [c for c in _changed(scan_source(cfn)[0]) if c[0] == TYPE]
    assert changed == [(TYPE, ["identity_sources[0]", "identity_sources[0]"])]
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigatewayv2.aws.upbound.io/v1beta1
kind: Authorizer
metadata:
  name: jwt
  annotations:
    crossplane.io/external-name: {authorizer}
spec:
  forProvider:
    region: us-east-1
    apiId: {api_id}
    authorizerType: JWT
    name: jwt
    identitySources: [$request.header.Authorization]
    jwtConfiguration:
      - audience: [web]
        issuer: "{ISSUER}"
    enableSimpleResponses: true
""",
    )
    changed = [c for c in _changed(scan_source(crossplane)[0]) if c[0] == TYPE]
    assert changed == [(TYPE, ["enable_simple_responses"])]
