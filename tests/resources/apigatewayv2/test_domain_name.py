"""aws_apigatewayv2_domain_name on moto (whose UpdateDomainName the `aws` fixture answers,
tests/tf/moto_gaps.py): a domain in sync with the configuration fields declared (API
Gateway's target domain and zone not compared), another one unmanaged, a certificate
changed by hand put back with UpdateDomainName and codified, a deleted domain created
again, CloudFormation and Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
CERT = "arn:aws:acm:us-east-1:123456789012:certificate/api"
TYPE = "aws_apigatewayv2_domain_name"
HCL = f"""
resource "aws_apigatewayv2_domain_name" "api" {{
  domain_name = "api.example.com"

  domain_name_configuration {{
    certificate_arn = "{CERT}"
    endpoint_type   = "REGIONAL"
    security_policy = "TLS_1_2"
  }}

  tags = {{
    Team = "api"
  }}
}}
"""


def client() -> Any:
    return boto3.client("apigatewayv2", region_name=REGION)


def config(cert: str = CERT) -> dict[str, Any]:
    return {
        "CertificateArn": cert,
        "EndpointType": "REGIONAL",
        "SecurityPolicy": "TLS_1_2",
        "ApiGatewayDomainName": "d-abc123.execute-api.us-east-1.amazonaws.com",
        "HostedZoneId": "Z1UJRXOUMOOFQ8",
    }


def create(name: str = "api.example.com") -> None:
    client().create_domain_name(
        DomainName=name, DomainNameConfigurations=[config()], Tags={"Team": "api"}
    )


def test_an_applied_domain_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    create("other.example.com")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"{TYPE}.other.example.com", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_certificate_is_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    create()
    other = "arn:aws:acm:us-east-1:123456789012:certificate/other"
    client().update_domain_name(
        DomainName="api.example.com", DomainNameConfigurations=[config(other)]
    )
    directory = write(tmp_path / "tf", HCL)
    path = "domain_name_configuration.certificate_arn"
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.api", [path])]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert other in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["apigatewayv2.update_domain_name"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_domain_is_created_again(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", f"{TYPE}.api", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["apigatewayv2.create_domain_name"]
    run(calls)
    held = client().get_domain_name(DomainName="api.example.com")
    assert held["Tags"] == {"Team": "api"}
    assert held["DomainNameConfigurations"][0]["CertificateArn"] == CERT


def _changed(report: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Api:
    Type: AWS::ApiGatewayV2::DomainName
    Properties:
      DomainName: api.example.com
      DomainNameConfigurations:
        - {{CertificateArn: "{CERT}", EndpointType: REGIONAL, SecurityPolicy: TLS_1_0}}
      Tags: {{Team: api}}
""",
    )
    assert _changed(scan_source(cfn)[0]) == [(TYPE, ["domain_name_configuration.security_policy"])]
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigatewayv2.aws.upbound.io/v1beta1
kind: DomainName
metadata:
  name: api.example.com
spec:
  forProvider:
    region: us-east-1
    domainNameConfiguration:
      - certificateArn: "{CERT}"
        endpointType: REGIONAL
        securityPolicy: TLS_1_2
    tags:
      Team: platform
""",
    )
    # Crossplane's own tags (its provider adds them) are not on the domain made here
    xp_tags = ["tags.crossplane-kind", "tags.crossplane-name", "tags.crossplane-providerconfig"]
    assert _changed(scan_source(crossplane)[0]) == [(TYPE, ["tags.Team", *xp_tags])]
