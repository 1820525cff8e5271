"""aws_apigatewayv2_api_mapping on moto: a domain's mappings read per domain, matched by
domain and key, another one unmanaged, a stage changed by hand put back with
UpdateApiMapping (which moto lacks: the call is checked, not run), a deleted mapping
created again, CloudFormation declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
DOMAIN = "api.example.com"
TYPE = "aws_apigatewayv2_api_mapping"
CERT = "arn:aws:acm:us-east-1:123456789012:certificate/api"


def client() -> Any:
    return boto3.client("apigatewayv2", region_name=REGION)


def create() -> str:
    """An API with stages dev and prod, a domain, prod mapped to its `v1` path: the API."""
    api_id = str(client().create_api(Name="web", ProtocolType="HTTP")["ApiId"])
    for stage in ("dev", "prod"):
        client().create_stage(ApiId=api_id, StageName=stage)
    config = {"CertificateArn": CERT, "EndpointType": "REGIONAL", "SecurityPolicy": "TLS_1_2"}
    client().create_domain_name(DomainName=DOMAIN, DomainNameConfigurations=[config])
    client().create_api_mapping(DomainName=DOMAIN, ApiId=api_id, Stage="prod", ApiMappingKey="v1")
    return api_id


def hcl(api_id: str, stage: str = "prod") -> str:
    return f"""
resource "aws_apigatewayv2_domain_name" "api" {{
  domain_name = "{DOMAIN}"
  domain_name_configuration {{
    certificate_arn = "{CERT}"
    endpoint_type   = "REGIONAL"
    security_policy = "TLS_1_2"
  }}
}}

resource "aws_apigatewayv2_api_mapping" "v1" {{
  api_id          = "{api_id}"
  domain_name     = aws_apigatewayv2_domain_name.api.id
  stage           = "{stage}"
  api_mapping_key = "v1"
}}
"""


def mine(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    """The mappings' drifts (the API and its stages are not declared here; a domain's
    mappings are read only under a declared domain)."""
    return [d for d in drifts(report) if d[1].startswith(TYPE)]


def test_a_mapping_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    api_id = create()
    other = client().create_api_mapping(
        DomainName=DOMAIN, ApiId=api_id, Stage="dev", ApiMappingKey="beta"
    )["ApiMappingId"]
    assert mine(scan(write(tmp_path / "tf", hcl(api_id)))) == [("unmanaged", f"{TYPE}.{other}", [])]


def test_a_changed_stage_is_drift_and_put_back_by_update(aws: None, tmp_path: Path) -> None:
    api_id = create()
    directory = write(tmp_path / "tf", hcl(api_id, stage="dev"))
    assert mine(scan(directory)) == [("changed", f"{TYPE}.v1", ["stage"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    update = [c for c in calls if c.name == "apigatewayv2.update_api_mapping"]
    assert len(update) == 1
    assert update[0].params["Stage"] == "dev"
    assert update[0].params["DomainName"] == DOMAIN


def test_a_deleted_mapping_is_created_again(aws: None, tmp_path: Path) -> None:
    api_id = create()
    mapping = client().get_api_mappings(DomainName=DOMAIN)["Items"][0]["ApiMappingId"]
    client().delete_api_mapping(DomainName=DOMAIN, ApiMappingId=mapping)
    directory = write(tmp_path / "tf", hcl(api_id))
    assert mine(scan(directory)) == [("missing", f"{TYPE}.v1", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    making = [c for c in calls if c.name == "apigatewayv2.create_api_mapping"]
    run(making)
    assert mine(scan(directory)) == []


def test_cloudformation_declares_it(aws: None, tmp_path: Path) -> None:
    api_id = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  V1:
    Type: AWS::ApiGatewayV2::ApiMapping
    Properties:
      ApiId: {api_id}
      DomainName: {DOMAIN}
      Stage: dev
      ApiMappingKey: v1
""",
    )
    report, _ = scan_source(cfn)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert (TYPE, ["stage"]) in changed
