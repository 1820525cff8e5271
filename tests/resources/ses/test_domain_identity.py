"""aws_ses_domain_identity on moto: scan (email identities left out), a domain verified by
hand is unmanaged, a deleted one verified again, its token bound to a record that names
it, CloudFormation and Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_ses_domain_identity" "mail" {
  domain = "mail.example.com."
}
"""


def ses() -> Any:
    return boto3.client("ses", region_name="us-east-1")


def test_a_verified_domain_is_in_sync_and_another_is_unmanaged(aws: None, tmp_path: Path) -> None:
    ses().verify_domain_identity(Domain="mail.example.com")
    ses().verify_email_identity(EmailAddress="someone@example.com")  # not a domain
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1
    ses().verify_domain_identity(Domain="other.example.com")
    assert drifts(scan(directory)) == [
        ("unmanaged", "aws_ses_domain_identity.other.example.com", [])
    ]


def test_a_deleted_domain_is_verified_again(aws: None, tmp_path: Path) -> None:
    ses().verify_domain_identity(Domain="mail.example.com")
    ses().delete_identity(Identity="mail.example.com")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_ses_domain_identity.mail", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.name, c.params) for c in calls] == [
        ("ses.verify_domain_identity", {"Domain": "mail.example.com"})
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_the_token_is_bound_to_the_record_that_names_it(aws: None, tmp_path: Path) -> None:
    ses().verify_domain_identity(Domain="mail.example.com")
    token = ses().get_identity_verification_attributes(Identities=["mail.example.com"])[
        "VerificationAttributes"
    ]["mail.example.com"]["VerificationToken"]
    zone = (
        boto3.client("route53", region_name="us-east-1")
        .create_hosted_zone(Name="example.com", CallerReference="ses")["HostedZone"]["Id"]
        .split("/")[-1]
    )
    boto3.client("route53", region_name="us-east-1").change_resource_record_sets(
        HostedZoneId=zone,
        ChangeBatch={
            "Changes": [
                {
                    "Action": "CREATE",
                    "ResourceRecordSet": {
                        "Name": "_amazonses.mail.example.com",
                        "Type": "TXT",
                        "TTL": 600,
                        "ResourceRecords": [{"Value": f'"{token}"'}],
                    },
                }
            ]
        },
    )
    directory = write(
        tmp_path / "tf",
        HCL
        + f"""
resource "aws_route53_record" "verify" {{
  zone_id = "{zone}"
  name    = "_amazonses.mail.example.com"
  type    = "TXT"
  ttl     = 600
  records = [aws_ses_domain_identity.mail.verification_token]
}}
""",
    )
    assert [d for d in drifts(scan(directory)) if d[1].startswith("aws_route53_record")] == []
    # a record holding another token is drift: the declared one is the identity's
    boto3.client("route53", region_name="us-east-1").change_resource_record_sets(
        HostedZoneId=zone,
        ChangeBatch={
            "Changes": [
                {
                    "Action": "UPSERT",
                    "ResourceRecordSet": {
                        "Name": "_amazonses.mail.example.com",
                        "Type": "TXT",
                        "TTL": 600,
                        "ResourceRecords": [{"Value": '"stale"'}],
                    },
                }
            ]
        },
    )
    found = [d for d in drifts(scan(directory)) if d[1].startswith("aws_route53_record")]
    assert [(kind, address) for kind, address, _ in found] == [
        ("changed", "aws_route53_record.verify")
    ]


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    ses().verify_domain_identity(Domain="mail.example.com")
    cfn = template(
        tmp_path / "cfn",
        """  Mail:
    Type: AWS::SES::EmailIdentity
    Properties:
      EmailIdentity: mail.example.com
  Person:
    Type: AWS::SES::EmailIdentity
    Properties:
      EmailIdentity: someone@example.com
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["type"] == "aws_ses_domain_identity"] == []
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: ses.aws.upbound.io/v1beta1
kind: DomainIdentity
metadata:
  name: mail
  annotations:
    crossplane.io/external-name: other.example.com
spec:
  forProvider:
    region: us-east-1
""",
    )
    report, _ = scan_source(crossplane)
    found = sorted(
        (d["kind"], d["id"]) for d in report["drifts"] if d["type"] == "aws_ses_domain_identity"
    )
    assert found == [("missing", "other.example.com"), ("unmanaged", "mail.example.com")]
