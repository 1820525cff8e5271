"""driftctl against `terraform plan -refresh-only` for the second wave's types (#26):
security-group rules declared in the new style (aws_vpc_security_group_ingress_rule and
_egress_rule) mixed with aws_security_group_rule on one group; aws_iam_group_policy; the
observability types (log metric and subscription filters, a dashboard); the networking
types (net.tf).

One stack (tests/tf/stacks/breadth), applied once: driftctl finds no drift and nothing
unmanaged, then one out-of-band change per type is made with boto3. An ingress rule added
by hand to a group whose rules are all separate resources belongs to no rule resource:
terraform shows it only in the group's computed `ingress`, which no configuration sets
(`Outcome.unconfigured`); driftctl folds the rule resources into the group's `ingress`
and reports the rule nobody declared on the group.
"""

from __future__ import annotations

import pytest

from tests.tf import harness, prefetch
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change, Json

CHANGES = [
    Change(
        "aws_security_group.web", "ingress", "ec2", "authorize_security_group_ingress",
        {"GroupId": "${self.id}", "IpPermissions": [{
            "IpProtocol": "tcp", "FromPort": 3389, "ToPort": 3389,
            "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}]},
    ),
    Change(
        "aws_iam_group_policy.devs", "policy", "iam", "put_group_policy",
        {"GroupName": "breadth-devs", "PolicyName": "breadth-devs-inline",
         "PolicyDocument": Json({"Version": "2012-10-17", "Statement": [
             {"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]})},
    ),
    Change(
        "aws_cloudwatch_log_metric_filter.errors", "pattern", "logs", "put_metric_filter",
        {"logGroupName": "/breadth/app", "filterName": "breadth-errors", "filterPattern": "WARN",
         "metricTransformations": [{"metricName": "Errors", "metricNamespace": "Breadth",
                                    "metricValue": "1", "defaultValue": 0.0}]},
    ),
    Change(
        "aws_cloudwatch_log_subscription_filter.ship", "filter_pattern", "logs",
        "put_subscription_filter",
        {"logGroupName": "/breadth/app", "filterName": "breadth-ship", "filterPattern": "",
         "destinationArn": "${aws_kinesis_stream.logs.arn}"},
    ),
    Change(
        "aws_cloudwatch_dashboard.ops", "dashboard_body", "cloudwatch", "put_dashboard",
        {"DashboardName": "breadth-ops", "DashboardBody": Json({"widgets": [{
            "type": "text", "x": 0, "y": 0, "width": 6, "height": 3,
            "properties": {"markdown": "on call: someone"}}]})},
    ),
]  # fmt: skip
# the addresses each tool must find drifted, and driftctl's own finding on the group
OBSERVABILITY = [
    "aws_cloudwatch_log_metric_filter.errors",
    "aws_cloudwatch_log_subscription_filter.ship",
    "aws_cloudwatch_dashboard.ops",
]

# the networking types: one change by hand each, found by both tools
NETWORK = [
    Change(
        "aws_egress_only_internet_gateway.v6", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_customer_gateway.office", "tags.Name", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Name", "Value": "renamed"}]},
    ),
    Change(
        "aws_vpn_gateway.vpn", "vpc_id", "ec2", "detach_vpn_gateway",
        {"VpnGatewayId": "${self.id}", "VpcId": "${aws_vpc.main.id}"},
    ),
    Change(
        "aws_vpc_dhcp_options.corp", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_vpc_dhcp_options_association.main", harness.MISSING, "ec2",
        "associate_dhcp_options", {"DhcpOptionsId": "default", "VpcId": "${self.vpc_id}"},
    ),
    Change(
        "aws_ec2_managed_prefix_list.office", "entry", "ec2", "modify_managed_prefix_list",
        {"PrefixListId": "${self.id}", "PrefixListName": "breadth-office", "CurrentVersion": 1,
         "AddEntries": [{"Cidr": "0.0.0.0/0", "Description": "anyone"}]},
    ),
    Change(
        "aws_flow_log.main", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
]  # fmt: skip

GROUP = Group("breadth", [*CHANGES, *NETWORK])


@pytest.fixture(scope="module")
def outcome(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    """The stack, applied, changed and compared once (by the controller of a parallel
    run: tests/tf/prefetch.py)."""
    return prefetch.outcome(GROUP, request, tmp_path_factory)


def test_a_clean_stack_has_no_drift_and_nothing_unmanaged(outcome: Outcome) -> None:
    summary = outcome.clean["summary"]
    assert outcome.clean["drifts"] == []
    assert outcome.clean["errors"] == []
    assert summary["managed"] == summary["declared"]
    assert summary["unsupported"] == {}


def test_an_ingress_rule_added_by_hand_shows_in_both_tools(outcome: Outcome) -> None:
    address = "aws_security_group.web"
    terraform = [p for d in outcome.unconfigured if d.address == address for p in d.paths]
    assert any(p.startswith("ingress") for p in terraform), terraform
    driftctl = [p for d in outcome.driftctl if d.address == address for p in d.paths]
    assert driftctl and all(p.startswith("ingress") for p in driftctl), driftctl
    changes = [
        c["actual"]
        for d in outcome.report["drifts"]
        if d.get("address") == address
        for c in d["changes"]
    ]
    assert {"cidr_blocks": ["0.0.0.0/0"], "from_port": 3389, "protocol": "tcp",
            "to_port": 3389} in changes  # fmt: skip


def test_a_changed_group_policy_is_drift_in_both_tools(outcome: Outcome) -> None:
    address = "aws_iam_group_policy.devs"
    found = harness.disagreements(
        [d for d in outcome.terraform if d.address == address],
        [d for d in outcome.driftctl if d.address == address],
    )
    assert found == [], "\n".join(map(str, found))
    assert address in [d.address for d in outcome.terraform]


@pytest.mark.parametrize("address", OBSERVABILITY)
def test_an_observability_change_is_drift_in_both_tools(outcome: Outcome, address: str) -> None:
    terraform = [d for d in outcome.terraform if d.address == address]
    found = harness.disagreements(terraform, [d for d in outcome.driftctl if d.address == address])
    assert found == [], "\n".join(map(str, found))
    assert terraform, f"terraform did not see the change of {address}"


@pytest.mark.parametrize("change", NETWORK, ids=str)
def test_a_networking_change_is_drift_in_both_tools(outcome: Outcome, change: Change) -> None:
    terraform = [d for d in outcome.terraform if d.address == change.address]
    driftctl = [d for d in outcome.driftctl if d.address == change.address]
    found = harness.disagreements(terraform, driftctl)
    assert found == [], "\n".join(map(str, found))
    assert terraform, f"terraform did not see {change}"


def test_nothing_else_drifts(outcome: Outcome) -> None:
    """Terraform's configured drift is the changed resources' alone (the rule resources
    are untouched), and driftctl's is that and the group's added rule."""
    changed = sorted(["aws_iam_group_policy.devs", *OBSERVABILITY, *(c.address for c in NETWORK)])
    assert sorted(d.address for d in outcome.terraform) == changed
    assert sorted(d.address for d in outcome.driftctl) == sorted(
        [*changed, "aws_security_group.web"]
    )
