"""driftctl agrees with `terraform plan -refresh-only` on four patterns that once made it
report what is not there or delete what it should not (#28): the ACM DNS-validation
pattern (validation records whose `for_each` is known only after apply), a CloudFront
alias record beside a record named relative to its zone, an instance whose root volume is
kept on termination, and a role deleted out of band with its attachments.

terraform applies tests/tf/stacks/patterns to moto; driftctl finds no drift and nothing
unmanaged (no validation CNAME, no root volume); then a person changes each pattern with
boto3 as in the console (a validation record's TTL, another validation record deleted,
the relative record's TTL, the alias's health evaluation, the root volume's
delete-on-termination flag, the role's policies detached and removed and the role
deleted), and each tool says what drifted (tests/tf/checks.py).
"""

from __future__ import annotations

import json

from tests.tf import harness
from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

ZONE = "${aws_route53_zone.main.zone_id}"
WWW = 'aws_route53_record.validation["www.pat.example"]'
APEX = 'aws_route53_record.validation["pat.example"]'


def _record(action: str, name: str, rtype: str, **record: object) -> dict[str, object]:
    change = {"Action": action, "ResourceRecordSet": {"Name": name, "Type": rtype, **record}}
    return {"HostedZoneId": ZONE, "ChangeBatch": {"Changes": [change]}}


def _validation(action: str, ttl: int) -> dict[str, object]:
    """A validation record as the certificate asks for it, with the TTL given."""
    return _record(action, "${self.name}", "CNAME", TTL=ttl,
                   ResourceRecords=[{"Value": "${self.records[0]}"}])  # fmt: skip


CHANGES = [
    Change(WWW, "ttl", "route53", "change_resource_record_sets", _validation("UPSERT", 300)),
    Change(APEX, harness.MISSING, "route53", "change_resource_record_sets",
           _validation("DELETE", 60)),
    Change(
        "aws_route53_record.www", "ttl", "route53", "change_resource_record_sets",
        _record("UPSERT", "www.pat.example", "A", TTL=60,
                ResourceRecords=[{"Value": "10.80.0.1"}]),
    ),
    Change(
        "aws_route53_record.cdn", "alias", "route53", "change_resource_record_sets",
        _record("UPSERT", "cdn.pat.example", "A", AliasTarget={
            "HostedZoneId": "${aws_cloudfront_distribution.site.hosted_zone_id}",
            "DNSName": "${aws_cloudfront_distribution.site.domain_name}",
            "EvaluateTargetHealth": True}),
    ),
    Change(
        "aws_instance.keep", "root_block_device", "ec2", "modify_instance_attribute",
        {"InstanceId": "${self.id}", "BlockDeviceMappings": [{
            "DeviceName": "${self.root_block_device[0].device_name}",
            "Ebs": {"DeleteOnTermination": True}}]},
    ),
    Change(
        "aws_instance.keep", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    # the role deleted as the console deletes it: policies detached and removed first
    Change(
        "aws_iam_role_policy_attachment.read", harness.MISSING, "iam", "detach_role_policy",
        {"RoleName": "pat-app", "PolicyArn": "${aws_iam_policy.read.arn}"},
    ),
    Change(
        "aws_iam_role_policy_attachment.write", harness.MISSING, "iam", "detach_role_policy",
        {"RoleName": "pat-app", "PolicyArn": "${aws_iam_policy.write.arn}"},
    ),
    Change(
        "aws_iam_role_policy.logs", harness.MISSING, "iam", "delete_role_policy",
        {"RoleName": "pat-app", "PolicyName": "pat-logs"},
    ),
    Change("aws_iam_role.app", harness.MISSING, "iam", "delete_role", {"RoleName": "pat-app"}),
]  # fmt: skip

GROUP = Group(
    "patterns",
    CHANGES,
    uncompared={
        "aws_acm_certificate_validation": "a waiter, no AWS object of its own: terraform "
        "reads it from the certificate's status (ISSUED), which driftctl does not compare "
        "as a resource",
    },
)


class TestPatterns(StackChecks):
    group = GROUP

    def test_nothing_is_unmanaged_on_the_clean_stack(self, outcome: Outcome) -> None:
        """No validation CNAME, no kept root volume, is taken for an unmanaged resource."""
        unmanaged = [d for d in outcome.clean["drifts"] if d["kind"] == "unmanaged"]
        assert unmanaged == []

    def test_every_instance_in_terraforms_state_is_declared(self, outcome: Outcome) -> None:
        """Both validation records of the `for_each` known only after apply are declared
        and compared; only the certificate's validation (a waiter) is not."""
        state = json.loads((outcome.stack_dir / "terraform.tfstate").read_text())
        addresses = harness.instances(state)
        compared = [a for a in addresses if harness.resource_type(a) not in GROUP.uncompared]
        assert {APEX, WWW} <= set(compared)
        assert outcome.clean["summary"]["declared"] == len(compared)
