"""aws_route53_record declared by a Terraform state, as provider 5 writes one: the id is
made of the name as written (`Z_www_A` for `name = "www"`, a certificate's validation
name with its trailing dot), the fqdn beside it, an alias record's unset TTL as 0 and an
unset block as []. Each record matches its live record set, in sync (the account-scale
bench's clean stack showed them missing, and unmanaged under their fqdn)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl import settings
from driftctl.engine import pipeline
from tests import needed
from tests.kit.revert import REGION
from tests.resources.helpers import drifts


def _record(name: str, zone: str, rtype: str, as_written: str, **attrs: Any) -> dict[str, Any]:
    fqdn = attrs.pop("fqdn")
    return {
        "mode": "managed",
        "type": "aws_route53_record",
        "name": name,
        "provider": 'provider["registry.terraform.io/hashicorp/aws"]',
        "instances": [
            {
                "schema_version": 2,
                "attributes": {
                    "id": f"{zone}_{as_written}_{rtype}",
                    "zone_id": zone,
                    "name": as_written.rstrip(".").lower(),
                    "fqdn": fqdn,
                    "type": rtype,
                    "ttl": attrs.get("ttl", 0),
                    "records": attrs.get("records"),
                    "alias": attrs.get("alias", []),
                    "weighted_routing_policy": [],
                    "failover_routing_policy": [],
                    "set_identifier": "",
                    "health_check_id": "",
                    "allow_overwrite": None,
                    "multivalue_answer_routing_policy": False,
                },
            }
        ],
    }


@pytest.fixture
def state(aws: None, tmp_path: Path) -> Path:
    r53 = boto3.client("route53")
    zone = r53.create_hosted_zone(
        Name="example.com",
        CallerReference="z",
        HostedZoneConfig={"Comment": "Managed by Terraform"},
    )["HostedZone"]
    zid = zone["Id"].split("/")[-1]

    def put(name: str, rtype: str, **rest: Any) -> None:
        change = {"Action": "CREATE", "ResourceRecordSet": {"Name": name, "Type": rtype, **rest}}
        r53.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": [change]})

    put("www.example.com", "A", TTL=300, ResourceRecords=[{"Value": "10.0.0.1"}])
    put("_abc.example.com.", "CNAME", TTL=60, ResourceRecords=[{"Value": "_x.acm.aws."}])
    alias = {"HostedZoneId": zid, "DNSName": "www.example.com", "EvaluateTargetHealth": False}
    put("example.com", "A", AliasTarget=alias)
    doc = {
        "version": 4,
        "terraform_version": "1.11.0",
        "serial": 1,
        "lineage": "l",
        "outputs": {},
        "resources": [
            {
                "mode": "managed",
                "type": "aws_route53_zone",
                "name": "z",
                "provider": 'provider["registry.terraform.io/hashicorp/aws"]',
                "instances": [
                    {
                        "schema_version": 0,
                        "attributes": {
                            "id": zid,
                            "zone_id": zid,
                            "name": "example.com",
                            "comment": "Managed by Terraform",
                            "force_destroy": False,
                            "delegation_set_id": "",
                            "vpc": [],
                            "tags": {},
                            "tags_all": {},
                        },
                    }
                ],
            },
            _record("rel", zid, "A", "www", fqdn="www.example.com", ttl=300, records=["10.0.0.1"]),
            _record(
                "validation",
                zid,
                "CNAME",
                "_abc.example.com.",
                fqdn="_abc.example.com",
                ttl=60,
                records=["_x.acm.aws."],
            ),
            _record(
                "apex",
                zid,
                "A",
                "example.com",
                fqdn="example.com",
                alias=[
                    {"name": "www.example.com", "zone_id": zid, "evaluate_target_health": False}
                ],
            ),
        ],
    }
    path = tmp_path / "terraform.tfstate"
    path.write_text(json.dumps(doc))
    return path


def _scan(path: Path) -> dict[str, Any]:
    conf = settings.build(settings.Options(sources=[f"tfstate://{path}"], regions=[REGION]))
    declared = pipeline.load_declared(conf)
    report: dict[str, Any] = pipeline.scan_report(
        declared, needed.load_live(conf, declared)
    ).to_json()
    return report


def test_records_of_a_state_match_their_live_record_sets_in_sync(state: Path) -> None:
    assert drifts(_scan(state)) == []


def test_a_changed_value_of_a_relative_name_is_drift_at_its_address(state: Path) -> None:
    r53 = boto3.client("route53")
    zid = json.loads(state.read_text())["resources"][0]["instances"][0]["attributes"]["id"]
    change = {
        "Action": "UPSERT",
        "ResourceRecordSet": {
            "Name": "www.example.com",
            "Type": "A",
            "TTL": 300,
            "ResourceRecords": [{"Value": "10.9.9.9"}],
        },
    }
    r53.change_resource_record_sets(HostedZoneId=zid, ChangeBatch={"Changes": [change]})
    # records is a set: the value gone, and the value come, each at its place
    assert drifts(_scan(state)) == [
        ("changed", "aws_route53_record.rel", ["records[0]", "records[0]"])
    ]
