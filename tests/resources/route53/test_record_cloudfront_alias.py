"""A record set aliasing a CloudFront distribution by reference waits for the distribution
to be matched (it is bound, and the declared side evaluated again): the other records of
the zone, named relative to it (`www`), are still expanded (`www.orbit.example`), and the
alias itself is compared with the distribution's live name (#28)."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.cloudfront import test_distribution as cdn
from tests.resources.helpers import drifts, scan, write

HCL = (
    cdn.HCL
    + """
resource "aws_route53_zone" "main" {
  name = "orbit.example"
}

resource "aws_route53_record" "www" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "www"
  type    = "A"
  ttl     = 300
  records = ["10.0.0.1"]
}

resource "aws_route53_record" "cdn" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "cdn"
  type    = "A"
  alias {
    name                   = aws_cloudfront_distribution.site.domain_name
    zone_id                = aws_cloudfront_distribution.site.hosted_zone_id
    evaluate_target_health = false
  }
}
"""
)
CLOUDFRONT_ZONE = "Z2FDTNDATAQYW2"  # every distribution's alias zone


def apply() -> str:
    """What `terraform apply` makes of HCL: the zone id."""
    distribution = cdn.apply()
    route53 = boto3.client("route53", region_name="us-east-1")
    zone = route53.create_hosted_zone(
        Name="orbit.example",
        CallerReference="orbit",
        HostedZoneConfig={"Comment": "Managed by Terraform"},
    )
    zid = str(zone["HostedZone"]["Id"]).rsplit("/", 1)[-1]
    www = {"Name": "www.orbit.example", "Type": "A", "TTL": 300}
    alias = {
        "HostedZoneId": CLOUDFRONT_ZONE,
        "DNSName": distribution["DomainName"],
        "EvaluateTargetHealth": False,
    }
    changes = [
        {
            "Action": "CREATE",
            "ResourceRecordSet": {**www, "ResourceRecords": [{"Value": "10.0.0.1"}]},
        },
        {
            "Action": "CREATE",
            "ResourceRecordSet": {"Name": "cdn.orbit.example", "Type": "A", "AliasTarget": alias},
        },
    ]
    route53.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": changes})
    return zid


def test_relative_names_are_expanded_beside_an_alias_to_a_distribution(
    aws: None, tmp_path: Path
) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 4


def test_a_changed_relative_record_beside_the_alias_is_drift_in_its_ttl_only(
    aws: None, tmp_path: Path
) -> None:
    zid = apply()
    route53 = boto3.client("route53", region_name="us-east-1")
    www = {"Name": "www.orbit.example", "Type": "A", "TTL": 60}
    change = {
        "Action": "UPSERT",
        "ResourceRecordSet": {**www, "ResourceRecords": [{"Value": "10.0.0.1"}]},
    }
    route53.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": [change]})
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("changed", "aws_route53_record.www", ["ttl"])]
