"""aws_api_gateway_rest_api on moto: scanned with its policy read as a document (AWS's
escaped quotes are not drift), every declared format, drift put back with UpdateRestApi
and codified, a deleted API created again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3

from driftctl.resources.apigateway.rest_api import policy_document
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Principal": "*", "Action": "execute-api:Invoke",
                   "Resource": "*"}],
}  # fmt: skip
HCL = """
resource "aws_api_gateway_rest_api" "shop" {
  name        = "shop"
  description = "the shop"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = "*", Action = "execute-api:Invoke",
      Resource = "*" }]
  })
  endpoint_configuration {
    types = ["REGIONAL"]
  }
  tags = { team = "web" }
}
"""


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def create(name: str = "shop", **extra: Any) -> str:
    api = client().create_rest_api(
        name=name,
        description="the shop",
        policy=json.dumps(POLICY, indent=1),
        endpointConfiguration={"types": ["REGIONAL"]},
        tags={"team": "web"},
        **extra,
    )
    return str(api["id"])


def test_an_applied_api_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    other = client().create_rest_api(name="by-hand")["id"]
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_api_gateway_rest_api.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_policy_with_quotes_escaped_as_aws_returns_it_is_the_same_document() -> None:
    escaped = json.dumps(POLICY).replace('"', '\\"')
    assert policy_document(escaped) == policy_document(json.dumps(POLICY, indent=2))
    assert policy_document("") is None


def test_a_changed_api_is_drift_put_back_codified_and_created_again(
    aws: None, tmp_path: Path
) -> None:
    api = create()
    client().update_rest_api(
        restApiId=api,
        patchOperations=[{"op": "replace", "path": "/description", "value": "by hand"}],
    )
    wider = {**POLICY, "Statement": [{**POLICY["Statement"][0], "Action": "execute-api:*"}]}
    client().update_rest_api(
        restApiId=api,
        patchOperations=[{"op": "replace", "path": "/policy", "value": json.dumps(wider)}],
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_api_gateway_rest_api.shop",
            ["description", "policy.Statement[0].Action[0]"],
        )
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"by hand"' in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["apigateway.update_rest_api"]
    run(calls)
    assert drifts(scan(directory)) == []
    client().delete_rest_api(restApiId=api)
    assert drifts(scan(directory)) == [("missing", "aws_api_gateway_rest_api.shop", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert next(c.name for c in calls) == "apigateway.create_rest_api"
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api = create()
    cfn = template(
        tmp_path / "cfn",
        """  Shop:
    Type: AWS::ApiGateway::RestApi
    Properties:
      Name: shop
      Description: the shop
      EndpointConfiguration:
        Types: [REGIONAL]
      Tags:
        - Key: team
          Value: web
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: apigateway.services.k8s.aws/v1alpha1
kind: RestAPI
metadata:
  name: shop
spec:
  name: shop
  description: the shop
  endpointConfiguration:
    types: [REGIONAL]
  tags:
    team: web
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: RestAPI
metadata:
  name: shop
  annotations:
    crossplane.io/external-name: {api}
spec:
  forProvider:
    region: us-east-1
    name: shop
    description: another shop
    tags:
      team: web
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], (source, [d["changes"] for d in report["drifts"]])
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    # the provider tags what it manages: this API was made by hand, without them
    tags = ["tags.crossplane-kind", "tags.crossplane-name", "tags.crossplane-providerconfig"]
    assert changed == [("aws_api_gateway_rest_api", ["description", *tags])]
