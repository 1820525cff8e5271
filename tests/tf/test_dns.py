"""driftctl reports what `terraform plan -refresh-only` reports, for Route53 zones, record
sets and health checks and EFS file systems (#13). terraform applies tests/tf/stacks/dns
to moto, driftctl finds no drift, then a person changes one thing per type out of band
with boto3 (a zone's comment and tags, a record's TTL, values, weight and alias, a
deleted record, a health check's failure threshold, a file system's lifecycle policy and
tags), and each tool says what drifted (tests/tf/checks.py).

moto makes a zone private only when HostedZoneConfig.PrivateZone is sent, which Terraform
does not send (AWS makes a zone with a VPC private): tests/tf/moto_gaps.py makes it
private as AWS does, so the private zone's VPCs are compared here. moto has no
UpdateFileSystem: a file system's throughput is tested on boto3-seeded moto
(tests/resources/efs).
"""

from __future__ import annotations

from tests.tf import harness
from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

ZONE = "${aws_route53_zone.main.zone_id}"


def _upsert(name: str, rtype: str, **record: object) -> dict[str, object]:
    change = {"Action": "UPSERT", "ResourceRecordSet": {"Name": name, "Type": rtype, **record}}
    return {"HostedZoneId": ZONE, "ChangeBatch": {"Changes": [change]}}


CHANGES = [
    Change(
        "aws_route53_zone.main", "comment", "route53", "update_hosted_zone_comment",
        {"Id": "${self.zone_id}", "Comment": "changed by hand"},
    ),
    Change(
        "aws_route53_zone.main", "tags.Owner", "route53", "change_tags_for_resource",
        {"ResourceType": "hostedzone", "ResourceId": "${self.zone_id}",
         "AddTags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_route53_record.www", "ttl", "route53", "change_resource_record_sets",
        _upsert("www.dns-tf.example", "A", TTL=30,
                ResourceRecords=[{"Value": "10.70.0.1"}, {"Value": "10.70.0.2"}]),
    ),
    Change(
        "aws_route53_record.spf", "records", "route53", "change_resource_record_sets",
        _upsert("dns-tf.example", "TXT", TTL=60, ResourceRecords=[{"Value": '"v=spf1 ~all"'}]),
    ),
    Change(
        "aws_route53_record.blue", "weighted_routing_policy", "route53",
        "change_resource_record_sets",
        _upsert("app.dns-tf.example", "CNAME", TTL=60, SetIdentifier="blue", Weight=90,
                ResourceRecords=[{"Value": "blue.dns-tf.example"}]),
    ),
    Change(
        "aws_route53_record.api", "alias", "route53", "change_resource_record_sets",
        _upsert("api.dns-tf.example", "A",
                AliasTarget={"HostedZoneId": ZONE, "DNSName": "dns-tf.example",
                             "EvaluateTargetHealth": True}),
    ),
    Change(
        "aws_route53_record.old", harness.MISSING, "route53", "change_resource_record_sets",
        {"HostedZoneId": ZONE, "ChangeBatch": {"Changes": [{"Action": "DELETE",
         "ResourceRecordSet": {"Name": "old.dns-tf.example", "Type": "A", "TTL": 300,
                               "ResourceRecords": [{"Value": "10.70.0.9"}]}}]}},
    ),
    Change(
        "aws_route53_zone.internal", "vpc", "route53", "associate_vpc_with_hosted_zone",
        {"HostedZoneId": "${self.zone_id}",
         "VPC": {"VPCRegion": "us-east-1", "VPCId": "${aws_vpc.c.id}"}},
    ),
    Change(
        "aws_route53_health_check.www", "failure_threshold", "route53", "update_health_check",
        {"HealthCheckId": "${self.id}", "FailureThreshold": 5},
    ),
    Change(
        "aws_efs_file_system.data", "lifecycle_policy", "efs", "put_lifecycle_configuration",
        {"FileSystemId": "${self.id}", "LifecyclePolicies": [{"TransitionToIA": "AFTER_7_DAYS"}]},
    ),
    Change(
        "aws_efs_file_system.data", "tags.Owner", "efs", "tag_resource",
        {"ResourceId": "${self.id}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
]  # fmt: skip

GROUP = Group("dns", CHANGES)


class TestDns(StackChecks):
    group = GROUP

    def test_every_declared_resource_is_compared(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        assert summary["compared_share"] == 1.0
        assert summary["declared"] == summary["managed"]
