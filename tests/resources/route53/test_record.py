"""aws_route53_record on moto: record sets created as Terraform creates them (plain,
TXT, wildcard, alias, weighted) are in sync; a changed TTL, value or weight is drift a
revert puts back with an UPSERT; a missing record set is created; an unmanaged one is
reported, the zone's own NS and SOA are not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl.resources.route53.common import dns_name
from driftctl.resources.route53.record import live, record_id
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_route53_zone" "main" {
  name = "dns-rec.example"
}

resource "aws_route53_record" "www" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "www.dns-rec.example"
  type    = "A"
  ttl     = 300
  records = ["10.0.0.2", "10.0.0.1"]
}

resource "aws_route53_record" "spf" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "dns-rec.example"
  type    = "TXT"
  ttl     = 60
  records = ["v=spf1 -all"]
}

resource "aws_route53_record" "any" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "*.dns-rec.example"
  type    = "A"
  ttl     = 60
  records = ["10.0.0.9"]
}

resource "aws_route53_record" "api" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "api.dns-rec.example"
  type    = "A"
  alias {
    name                   = "www.dns-rec.example"
    zone_id                = aws_route53_zone.main.zone_id
    evaluate_target_health = false
  }
}

resource "aws_route53_record" "blue" {
  zone_id        = aws_route53_zone.main.zone_id
  name           = "w.dns-rec.example"
  type           = "CNAME"
  ttl            = 60
  set_identifier = "blue"
  records        = ["blue.example.com"]
  weighted_routing_policy {
    weight = 10
  }
}
"""


def _set(name: str, rtype: str, **more: Any) -> dict[str, Any]:
    return {"Action": "CREATE", "ResourceRecordSet": {"Name": name, "Type": rtype, **more}}


def apply(skip: str = "") -> str:
    """What `terraform apply` makes of HCL (less the record set named `skip`): the zone id."""
    client = boto3.client("route53", region_name="us-east-1")
    zone = client.create_hosted_zone(
        Name="dns-rec.example",
        CallerReference="tf-rec",
        HostedZoneConfig={"Comment": "Managed by Terraform"},
    )["HostedZone"]
    zid = str(zone["Id"]).rsplit("/", 1)[-1]
    values = lambda *v: [{"Value": x} for x in v]  # noqa: E731
    changes = [
        _set("www.dns-rec.example", "A", TTL=300, ResourceRecords=values("10.0.0.1", "10.0.0.2")),
        _set("dns-rec.example", "TXT", TTL=60, ResourceRecords=values('"v=spf1 -all"')),
        _set("*.dns-rec.example", "A", TTL=60, ResourceRecords=values("10.0.0.9")),
        _set(
            "api.dns-rec.example",
            "A",
            AliasTarget={
                "HostedZoneId": zid,
                "DNSName": "www.dns-rec.example",
                "EvaluateTargetHealth": False,
            },
        ),
        _set(
            "w.dns-rec.example",
            "CNAME",
            TTL=60,
            SetIdentifier="blue",
            Weight=10,
            ResourceRecords=values("blue.example.com"),
        ),
    ]
    changes = [c for c in changes if not skip or c["ResourceRecordSet"]["Name"] != skip]
    client.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": changes})
    return zid


def test_applied_record_sets_are_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 6


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    zid = apply()
    client = boto3.client("route53", region_name="us-east-1")
    upsert = [
        {
            "Action": "UPSERT",
            "ResourceRecordSet": {
                "Name": "www.dns-rec.example",
                "Type": "A",
                "TTL": 60,
                "ResourceRecords": [{"Value": "10.0.0.1"}, {"Value": "10.0.0.3"}],
            },
        },
        {
            "Action": "UPSERT",
            "ResourceRecordSet": {
                "Name": "w.dns-rec.example",
                "Type": "CNAME",
                "TTL": 60,
                "SetIdentifier": "blue",
                "Weight": 90,
                "ResourceRecords": [{"Value": "blue.example.com"}],
            },
        },
    ]
    client.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": upsert})
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_route53_record.blue", ["weighted_routing_policy.weight"]),
        ("changed", "aws_route53_record.www", ["records[1]", "records[1]", "ttl"]),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["route53.change_resource_record_sets"] * 2
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_missing_record_set_is_created(aws: None, tmp_path: Path) -> None:
    apply(skip="dns-rec.example")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_route53_record.spf", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["route53.change_resource_record_sets"]
    assert calls[0].params["ChangeBatch"]["Changes"][0]["ResourceRecordSet"]["ResourceRecords"] == [
        {"Value": '"v=spf1 -all"'}
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_an_unmanaged_record_set_is_reported_the_apex_ns_and_soa_are_not(
    aws: None, tmp_path: Path
) -> None:
    zid = apply()
    client = boto3.client("route53", region_name="us-east-1")
    extra = _set("old.dns-rec.example", "A", TTL=60, ResourceRecords=[{"Value": "10.9.9.9"}])
    client.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": [extra]})
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_route53_record.{zid}_old.dns-rec.example_A", [])]


@pytest.mark.parametrize(
    ("found", "expected"),
    [
        ("\\052.Dns-Rec.example.", "*.dns-rec.example"),
        ("www.dns-rec.example.", "www.dns-rec.example"),
        ("www.dns-rec.example", "www.dns-rec.example"),
    ],
)
def test_names_are_held_as_terraform_holds_them(found: str, expected: str) -> None:
    assert dns_name(found) == expected


def test_ids_are_terraforms_and_long_txt_values_are_joined() -> None:
    found = {
        "Name": "\\052.a.example.",
        "Type": "TXT",
        "SetIdentifier": "one",
        "TTL": 60,
        "ResourceRecords": [{"Value": '"abc" "def"'}],
    }
    record = live("Z1", "a.example", found, "us-east-1")
    assert record.id == record_id("Z1", "*.a.example", "TXT", "one") == "Z1_*.a.example_TXT_one"
    assert record.attrs["records"] == ["abcdef"]


RELATIVE = """
resource "aws_route53_zone" "main" {
  name = "dns-rec.example"
}

resource "aws_route53_record" "www" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "WWW"
  type    = "A"
  ttl     = 300
  records = ["10.0.0.1", "10.0.0.2"]
}

resource "aws_route53_record" "spf" {
  zone_id = aws_route53_zone.main.zone_id
  name    = ""
  type    = "TXT"
  ttl     = 60
  records = ["v=spf1 -all"]
}
"""


def test_a_name_relative_to_its_zone_is_expanded_as_terraform_does(
    aws: None, tmp_path: Path
) -> None:
    zid = apply()
    directory = write(tmp_path / "tf", RELATIVE)
    assert drifts(scan(directory), "changed", "missing") == []
    client = boto3.client("route53", region_name="us-east-1")
    change = _set("www.dns-rec.example", "A", TTL=30, ResourceRecords=[{"Value": "10.0.0.1"}])
    change["Action"] = "UPSERT"
    client.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": [change]})
    assert drifts(scan(directory), "changed", "missing") == [
        ("changed", "aws_route53_record.www", ["records[1]", "ttl"])
    ]


def test_ack_record_sets_named_relative_to_their_zone_are_compared(
    aws: None, tmp_path: Path
) -> None:
    """ACK's RecordSet names a record below its zone (`www`; none: the apex): by
    `hostedZoneRef`, it is the HostedZone manifest's name that expands it."""
    from tests.resources.formats import manifests, scan_source

    r53 = boto3.client("route53", region_name="us-east-1")
    zone = r53.create_hosted_zone(Name="dns-ack.example", CallerReference="ack")["HostedZone"]
    changes = [
        {"Name": "www.dns-ack.example", "TTL": 300, "Value": "10.0.0.1"},
        {"Name": "dns-ack.example", "TTL": 60, "Value": "10.0.0.2"},
    ]
    batch = {
        "Changes": [
            {
                "Action": "CREATE",
                "ResourceRecordSet": {
                    "Name": c["Name"],
                    "Type": "A",
                    "TTL": c["TTL"],
                    "ResourceRecords": [{"Value": c["Value"]}],
                },
            }
            for c in changes
        ]
    }
    r53.change_resource_record_sets(HostedZoneId=zone["Id"], ChangeBatch=batch)
    source = manifests(
        tmp_path / "ack",
        """apiVersion: route53.services.k8s.aws/v1alpha1
kind: HostedZone
metadata:
  name: main
spec:
  name: dns-ack.example
  hostedZoneConfig:
    comment: ""
---
apiVersion: route53.services.k8s.aws/v1alpha1
kind: RecordSet
metadata:
  name: www
spec:
  name: www
  recordType: A
  ttl: 300
  hostedZoneRef:
    from:
      name: main
  resourceRecords:
    - value: 10.0.0.1
---
apiVersion: route53.services.k8s.aws/v1alpha1
kind: RecordSet
metadata:
  name: apex
spec:
  recordType: A
  ttl: 60
  hostedZoneRef:
    from:
      name: main
  resourceRecords:
    - value: 10.0.0.2
""",
    )

    def records(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
        return [
            (d["kind"], d["address"] or d["id"], [c["path"] for c in d.get("changes") or ()])
            for d in report["drifts"]
            if d["type"] == "aws_route53_record"
        ]

    report, _ = scan_source(source)
    assert records(report) == []
    www = dict(batch["Changes"][0], Action="UPSERT")
    www["ResourceRecordSet"] = dict(www["ResourceRecordSet"], TTL=30)
    r53.change_resource_record_sets(HostedZoneId=zone["Id"], ChangeBatch={"Changes": [www]})
    report, _ = scan_source(source)
    assert records(report) == [("changed", "RecordSet/www", ["ttl"])]
