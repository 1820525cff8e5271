"""driftctl reports what `terraform plan -refresh-only` reports, for the security,
observability and container types (KMS, Secrets Manager, SSM, CloudWatch, EventBridge,
ECR, ACM).

One stack holds them all (tests/tf/stacks/sec): terraform applies it to moto, driftctl
finds no drift, then one out-of-band change per type is made with boto3, and each tool
says what drifted. A SecureString's value changed out of band is drift terraform reports
(it reads the value, as a sensitive one) and driftctl, by design, does not: it never
reads a secret (driftctl/resources/ssm/parameter.py); that one case is pinned below.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tf import harness, prefetch
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change, Json

STACK = Path(__file__).parent / "stacks" / "sec"

CHANGES = [
    Change(
        "aws_kms_key.data", "enable_key_rotation", "kms", "disable_key_rotation",
        {"KeyId": "${self.id}"},
    ),
    Change(
        "aws_kms_key.other", "tags.Owner", "kms", "tag_resource",
        {"KeyId": "${self.id}", "Tags": [{"TagKey": "Owner", "TagValue": "someone"}]},
    ),
    Change(
        "aws_kms_alias.data", "target_key_id", "kms", "update_alias",
        {"AliasName": "alias/tfh-data", "TargetKeyId": "${aws_kms_key.other.id}"},
    ),
    Change(
        "aws_secretsmanager_secret.db", "description", "secretsmanager", "update_secret",
        {"SecretId": "${self.id}", "Description": "changed by hand"},
    ),
    Change(
        "aws_ssm_parameter.url", "value", "ssm", "put_parameter",
        {"Name": "/tfh/url", "Type": "String", "Value": "http://evil.example.com",
         "Overwrite": True},
    ),
    Change(
        "aws_ssm_parameter.token", "value", "ssm", "put_parameter",
        {"Name": "/tfh/token", "Type": "SecureString", "Value": "rotated-by-hand",
         "Overwrite": True},
    ),
    Change(
        "aws_cloudwatch_log_group.app", "tags.Owner", "logs", "tag_log_group",
        {"logGroupName": "/tfh/app", "tags": {"Owner": "someone"}},
    ),
    Change(
        "aws_cloudwatch_log_group.fn", "retention_in_days", "logs", "put_retention_policy",
        {"logGroupName": "/aws/lambda/tfh-handler", "retentionInDays": 14},
    ),
    Change(
        "aws_cloudwatch_metric_alarm.cpu", "threshold", "cloudwatch", "put_metric_alarm",
        {"AlarmName": "tfh-cpu-high", "ComparisonOperator": "GreaterThanOrEqualToThreshold",
         "EvaluationPeriods": 2, "MetricName": "CPUUtilization", "Namespace": "AWS/EC2",
         "Period": 300, "Statistic": "Average", "Threshold": 95.0,
         "AlarmDescription": "CPU above 80%",
         "Dimensions": [{"Name": "AutoScalingGroupName", "Value": "tfh-web"}]},
    ),
    Change(
        "aws_cloudwatch_event_rule.ec2", "description", "events", "put_rule",
        {"Name": "tfh-ec2-changes", "Description": "changed by hand",
         "EventPattern": Json({"source": ["aws.ec2"],
                               "detail-type": ["EC2 Instance State-change Notification"]})},
    ),
    Change(
        "aws_cloudwatch_event_target.log", "arn", "events", "put_targets",
        {"Rule": "tfh-ec2-changes", "Targets": [
            {"Id": "to-logs", "Arn": "${aws_cloudwatch_log_group.fn.arn}"}]},
    ),
    Change(
        "aws_ecr_repository.app", "image_tag_mutability", "ecr", "put_image_tag_mutability",
        {"repositoryName": "tfh-app", "imageTagMutability": "MUTABLE"},
    ),
    Change(
        "aws_ecr_lifecycle_policy.app", "policy", "ecr", "put_lifecycle_policy",
        {"repositoryName": "tfh-app", "lifecyclePolicyText": Json({"rules": [{
            "rulePriority": 1, "description": "keep 10 untagged",
            "selection": {"tagStatus": "untagged", "countType": "imageCountMoreThan",
                          "countNumber": 500},
            "action": {"type": "expire"}}]})},
    ),
    Change(
        "aws_acm_certificate.app", "tags.Owner", "acm", "add_tags_to_certificate",
        {"CertificateArn": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
]  # fmt: skip

# the changes driftctl does not report, by design, with the reason
BY_DESIGN = {
    "aws_ssm_parameter.token": "a SecureString's value is never read by driftctl",
}

GROUP = Group("sec", CHANGES)


@pytest.fixture(scope="module")
def outcome(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    """The stack, applied, changed and compared once (by the controller of a parallel
    run: tests/tf/prefetch.py)."""
    return prefetch.outcome(GROUP, request, tmp_path_factory)


def test_driftctl_finds_no_drift_right_after_apply(outcome: Outcome) -> None:
    summary = outcome.clean["summary"]
    assert [d for d in outcome.clean["drifts"] if d["kind"] != "unmanaged"] == []
    assert summary["declared"] == summary["managed"] == len(_addresses())
    assert summary["unsupported"] == {}


def _addresses() -> list[str]:
    return sorted(harness.configured(STACK))


def test_nothing_aws_creates_itself_is_unmanaged(outcome: Outcome) -> None:
    """moto lists every alias/aws/* alias; AWS's own resources are never unmanaged."""
    unmanaged = [d for d in outcome.clean["drifts"] if d["kind"] == "unmanaged"]
    assert unmanaged == []


@pytest.mark.parametrize("change", CHANGES, ids=str)
def test_terraform_reports_the_change(outcome: Outcome, change: Change) -> None:
    """The oracle itself: each edit shows in terraform's refresh-only plan."""
    found = outcome.terraform + outcome.unconfigured
    paths = [p for d in found if d.address == change.address for p in d.paths]
    assert any(harness.attribute(p).startswith(change.attribute) for p in paths), paths


@pytest.mark.parametrize("address", sorted({c.address for c in CHANGES} - set(BY_DESIGN)), ids=str)
def test_driftctl_reports_what_terraform_reports(outcome: Outcome, address: str) -> None:
    found = harness.disagreements(
        [d for d in outcome.terraform if d.address == address],
        [d for d in outcome.driftctl if d.address == address],
    )
    assert found == [], "\n".join(map(str, found))


def test_a_securestring_value_is_drift_only_terraform_sees(outcome: Outcome) -> None:
    address = "aws_ssm_parameter.token"
    assert [d.paths for d in outcome.terraform if d.address == address] == [("value",)]
    assert [d for d in outcome.driftctl if d.address == address] == []
    assert "rotated-by-hand" not in repr(outcome.report)


def test_no_drift_that_terraform_does_not_report(outcome: Outcome) -> None:
    """Every other address: driftctl is silent where terraform is (no false positives)."""
    changed = {c.address for c in CHANGES}
    found = [
        d
        for d in harness.disagreements(outcome.terraform, outcome.driftctl)
        if d.address not in changed
    ]
    assert found == [], "\n".join(map(str, found))


def test_a_parameter_value_is_compared_but_never_shown(outcome: Outcome) -> None:
    """`value` is sensitive in the provider's schema: the drift is there, the value is not."""
    drift = [d for d in outcome.report["drifts"] if d.get("address") == "aws_ssm_parameter.url"]
    assert [c["path"] for d in drift for c in d["changes"]] == ["value"]
    assert "evil.example.com" not in repr(outcome.report)
