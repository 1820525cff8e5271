"""aws_acm_certificate on moto: requested certificates of every key type listed,
alternative names compared without the domain, tags reverted, the rest refused."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.hcl import REGION, changed, kinds, refusals, revert_all, scan

HCL = """
resource "aws_acm_certificate" "app" {
  domain_name               = "app.example.com"
  subject_alternative_names = ["www.app.example.com"]
  validation_method         = "DNS"
  tags                      = { Team = "app" }
}
"""


def _certificate() -> str:
    acm = boto3.client("acm", region_name=REGION)
    arn = acm.request_certificate(
        DomainName="app.example.com",
        SubjectAlternativeNames=["app.example.com", "www.app.example.com"],
        ValidationMethod="DNS",
        Tags=[{"Key": "Team", "Value": "app"}],
    )["CertificateArn"]
    return str(arn)


def test_in_sync_and_a_hand_made_certificate_is_unmanaged(aws: None, tmp_path: Path) -> None:
    _certificate()
    acm = boto3.client("acm", region_name=REGION)
    other = acm.request_certificate(DomainName="other.example.com", ValidationMethod="DNS")
    assert kinds(scan(tmp_path, HCL)) == [
        ("unmanaged", "aws_acm_certificate", other["CertificateArn"])
    ]


def test_tags_are_drift_and_reverted(aws: None, tmp_path: Path) -> None:
    arn = _certificate()
    acm = boto3.client("acm", region_name=REGION)
    acm.add_tags_to_certificate(CertificateArn=arn, Tags=[{"Key": "Extra", "Value": "x"}])
    drifts = scan(tmp_path, HCL)
    assert changed(drifts, "aws_acm_certificate.app") == {"tags.Extra": (None, "x")}
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []


def test_a_certificate_is_immutable() -> None:
    live = {"subject_alternative_names": ["a.example.com"], "key_algorithm": "RSA_2048"}
    declared = {"subject_alternative_names": [], "key_algorithm": "EC_prime256v1"}
    found = refusals("aws_acm_certificate", live, declared)
    assert len(found) == 2 and all("replace needed: a human decides" in r for r in found)
