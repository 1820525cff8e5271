"""The ACM DNS-validation pattern of the aws_acm_certificate_validation docs, on moto: the
validation records' `for_each` is built from the certificate's `domain_validation_options`,
known only after apply. Once the certificate is matched, its live options are bound and the
`for_each` expands again: the validation CNAMEs are managed, not unmanaged (#28)."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, scan, write

HCL = """
resource "aws_route53_zone" "main" {
  name = "acm-val.example"
}

resource "aws_acm_certificate" "app" {
  domain_name               = "acm-val.example"
  subject_alternative_names = ["www.acm-val.example"]
  validation_method         = "DNS"
}

resource "aws_route53_record" "validation" {
  for_each = {
    for dvo in aws_acm_certificate.app.domain_validation_options : dvo.domain_name => {
      name   = dvo.resource_record_name
      record = dvo.resource_record_value
      type   = dvo.resource_record_type
    }
  }

  allow_overwrite = true
  name            = each.value.name
  records         = [each.value.record]
  ttl             = 60
  type            = each.value.type
  zone_id         = aws_route53_zone.main.zone_id
}

resource "aws_acm_certificate_validation" "app" {
  certificate_arn         = aws_acm_certificate.app.arn
  validation_record_fqdns = [for record in aws_route53_record.validation : record.fqdn]
}
"""


def apply(san: str = "www.acm-val.example") -> tuple[str, list[str]]:
    """What `terraform apply` makes of HCL: the zone id and the validation record names
    (one record for a domain and its wildcard: the declarations overwrite each other's)."""
    acm = boto3.client("acm", region_name="us-east-1")
    arn = acm.request_certificate(
        DomainName="acm-val.example",
        SubjectAlternativeNames=["acm-val.example", san],
        ValidationMethod="DNS",
    )["CertificateArn"]
    options = acm.describe_certificate(CertificateArn=arn)["Certificate"]["DomainValidationOptions"]
    route53 = boto3.client("route53", region_name="us-east-1")
    zone = route53.create_hosted_zone(
        Name="acm-val.example",
        CallerReference="acm-val",
        HostedZoneConfig={"Comment": "Managed by Terraform"},
    )
    zid = str(zone["HostedZone"]["Id"]).rsplit("/", 1)[-1]
    records = {o["ResourceRecord"]["Name"]: o["ResourceRecord"] for o in options}
    changes = [
        {
            "Action": "UPSERT",
            "ResourceRecordSet": {
                "Name": r["Name"],
                "Type": r["Type"],
                "TTL": 60,
                "ResourceRecords": [{"Value": r["Value"]}],
            },
        }
        for _, r in sorted(records.items())
    ]
    route53.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": changes})
    return zid, sorted(records)


def test_a_clean_stack_has_no_unmanaged_validation_record(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []


def test_a_domain_and_its_wildcard_share_their_validation_record(aws: None, tmp_path: Path) -> None:
    """Both instances declare the one record set alike (allow_overwrite): not "declared
    twice", and both are compared with it."""
    _, names = apply(san="*.acm-val.example")
    assert len(names) == 1
    hcl = HCL.replace('["www.acm-val.example"]', '["*.acm-val.example"]')
    report = scan(write(tmp_path / "tf", hcl))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 4


def test_a_changed_validation_record_is_drift(aws: None, tmp_path: Path) -> None:
    zid, names = apply()
    route53 = boto3.client("route53", region_name="us-east-1")
    upsert = {
        "Action": "UPSERT",
        "ResourceRecordSet": {
            "Name": names[1],
            "Type": "CNAME",
            "TTL": 300,
            "ResourceRecords": [{"Value": "elsewhere.example."}],
        },
    }
    route53.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": [upsert]})
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [
        (
            "changed",
            'aws_route53_record.validation["www.acm-val.example"]',
            ["records[0]", "records[0]", "ttl"],
        )
    ]


def test_the_scan_no_longer_warns_that_the_records_are_not_declared(
    aws: None, tmp_path: Path
) -> None:
    from driftctl import api, settings
    from driftctl.rules import policy as rules

    apply()
    directory = write(tmp_path / "tf", HCL)
    conf = settings.build(
        settings.Options(sources=[f"hcl://{directory}"], regions=["us-east-1"], no_cache=True)
    )
    result = api.run_scan(conf, rules.policy_for(conf))
    assert not [w for w in result.declared.warnings if "for_each" in w]
    assert not [u for u in result.declared.unknown if u["path"] == "for_each"]
    assert result.report.summary["managed"] == 4  # the zone, the certificate, two records
