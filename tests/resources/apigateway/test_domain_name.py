"""aws_api_gateway_domain_name on boto3-seeded moto: read with GetDomainNames (nothing per
domain), matched by name (Terraform's defaults for what a declaration leaves out), one
added by hand unmanaged, one seeded with another certificate planned back with
UpdateDomainName and the tag calls (moto has no UpdateDomainName: the plan's calls are
checked, not made), a deleted one created again, the drift codified, and CloudFormation
and Crossplane (ACK has no domain name). moto fails GetBasePathMappings for a domain
without mappings: answered with none, as tests/tf/moto_gaps.py does for Terraform."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3
import pytest

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.tf.moto_gaps import answer_base_path_mappings

REGION = "us-east-1"
CERT = "arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555"
OTHER = "arn:aws:acm:us-east-1:123456789012:certificate/99999999-2222-3333-4444-555555555555"
HCL = f"""
resource "aws_api_gateway_domain_name" "api" {{
  domain_name              = "api.example.com"
  regional_certificate_arn = "{CERT}"
  security_policy          = "TLS_1_2"
  endpoint_configuration {{
    types = ["REGIONAL"]
  }}
  tags = {{ team = "web" }}
}}
"""


@pytest.fixture(autouse=True)
def _mappings_of_any_domain(monkeypatch: pytest.MonkeyPatch) -> None:
    """A declared domain's mappings are read too: moto fails where it has none."""
    answer_base_path_mappings(monkeypatch.setattr)


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def create(certificate: str = CERT, **tags: str) -> None:
    client().create_domain_name(
        domainName="api.example.com", regionalCertificateArn=certificate,
        securityPolicy="TLS_1_2", endpointConfiguration={"types": ["REGIONAL"]},
        tags=tags or {"team": "web"},
    )  # fmt: skip


def domain_drifts(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    return [d for d in drifts(report) if d[1].startswith("aws_api_gateway_domain_name")]


def test_a_domain_is_in_sync_and_one_added_by_hand_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    client().create_domain_name(domainName="old.example.com", certificateArn=CERT)
    report = scan(write(tmp_path / "tf", HCL))
    assert domain_drifts(report) == [
        ("unmanaged", "aws_api_gateway_domain_name.old.example.com", [])
    ]


def test_another_certificate_is_drift_and_planned_back(aws: None, tmp_path: Path) -> None:
    create(OTHER, team="web", owner="someone")
    directory = write(tmp_path / "tf", HCL)
    assert domain_drifts(scan(directory)) == [
        ("changed", "aws_api_gateway_domain_name.api", ["regional_certificate_arn", "tags.owner"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "apigateway.untag_resource",
        "apigateway.update_domain_name",
    ]
    update = next(c for c in calls if c.name == "apigateway.update_domain_name")
    assert update.params["patchOperations"] == [
        {"op": "replace", "path": "/regionalCertificateArn", "value": CERT}
    ]


def test_another_certificate_is_codified(aws: None, tmp_path: Path) -> None:
    create(OTHER)
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert f'regional_certificate_arn = "{OTHER}"' in plan.diff


def test_a_deleted_domain_is_created_again(aws: None, tmp_path: Path) -> None:
    create()
    client().delete_domain_name(domainName="api.example.com")
    directory = write(tmp_path / "tf", HCL)
    assert domain_drifts(scan(directory)) == [("missing", "aws_api_gateway_domain_name.api", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["apigateway.create_domain_name"]
    run(calls)
    assert domain_drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Api:
    Type: AWS::ApiGateway::DomainName
    Properties:
      DomainName: api.example.com
      RegionalCertificateArn: {CERT}
      SecurityPolicy: TLS_1_2
      EndpointConfiguration: {{Types: [REGIONAL]}}
      Tags:
        - Key: team
          Value: web
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: DomainName
metadata:
  name: api
  annotations:
    crossplane.io/external-name: api.example.com
spec:
  forProvider:
    region: us-east-1
    domainName: api.example.com
    regionalCertificateArn: {OTHER}
    securityPolicy: TLS_1_2
    endpointConfiguration:
      - types: [REGIONAL]
    tags:
      team: web
""",
    )
    report, _ = scan_source(cfn)
    changed = [d for d in report["drifts"] if d["kind"] != "unmanaged"]
    assert changed == [], [d["changes"] for d in changed]
    assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] == "changed"]  # fmt: skip
    assert changed == [("aws_api_gateway_domain_name", ["regional_certificate_arn",
                       "tags.crossplane-kind", "tags.crossplane-name",
                       "tags.crossplane-providerconfig"])]  # fmt: skip
