"""driftctl reports what `terraform plan -refresh-only` reports, for the IAM types added
by #13 (groups, user policies and group memberships, instance profiles, OIDC providers,
access keys).

One stack holds them all (tests/tf/stacks/iam): terraform applies it to moto, driftctl
finds no drift, then one out-of-band change per type is made with boto3, and each tool
says what drifted. A group's path is not changed here: moto's UpdateGroup changes a path
only together with a new name (tests/resources/iam/test_group.py tests it seeded).
"""

from __future__ import annotations

import json

from tests.tf import harness
from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change, Json

CHANGES = [
    Change(
        "aws_iam_group_policy_attachment.devs_read", harness.MISSING, "iam",
        "detach_group_policy",
        {"GroupName": "iam-devs", "PolicyArn": "${aws_iam_policy.read.arn}"},
    ),
    Change(
        "aws_iam_group.auditors", harness.MISSING, "iam", "delete_group",
        {"GroupName": "iam-auditors"},
    ),
    Change(
        "aws_iam_user_policy.ci", "policy", "iam", "put_user_policy",
        {"UserName": "iam-ci", "PolicyName": "iam-ci-inline", "PolicyDocument": Json({
            "Version": "2012-10-17", "Statement": [{
                "Effect": "Allow", "Action": ["s3:*"], "Resource": "arn:aws:s3:::iam-logs/*"}]})},
    ),
    Change(
        "aws_iam_user_policy_attachment.ci_read", harness.MISSING, "iam", "detach_user_policy",
        {"UserName": "iam-ci", "PolicyArn": "${aws_iam_policy.read.arn}"},
    ),
    Change(
        "aws_iam_user_group_membership.ci", "groups", "iam", "remove_user_from_group",
        {"UserName": "iam-ci", "GroupName": "iam-ops"},
    ),
    Change(
        "aws_iam_instance_profile.web", "role", "iam", "remove_role_from_instance_profile",
        {"InstanceProfileName": "iam-web", "RoleName": "iam-web"},
    ),
    Change(
        "aws_iam_openid_connect_provider.github", "thumbprint_list", "iam",
        "update_open_id_connect_provider_thumbprint",
        {"OpenIDConnectProviderArn": "${self.arn}",
         "ThumbprintList": ["1c58a3a8518e8759bf075b76b750d4f2df264fcd"]},
    ),
    Change(
        "aws_iam_openid_connect_provider.github", "tags.Owner", "iam",
        "tag_open_id_connect_provider",
        {"OpenIDConnectProviderArn": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "x"}]},
    ),
    Change(
        "aws_iam_access_key.ci", "status", "iam", "update_access_key",
        {"UserName": "iam-ci", "AccessKeyId": "${self.id}", "Status": "Inactive"},
    ),
]  # fmt: skip

GROUP = Group("iam", CHANGES)


class TestIam(StackChecks):
    group = GROUP

    def test_every_declared_resource_is_compared(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        assert summary["compared_share"] == 1.0
        assert summary["declared"] == summary["managed"]

    def test_no_secret_of_an_access_key_is_in_a_report(self, outcome: Outcome) -> None:
        state = json.loads((outcome.stack_dir / "terraform.tfstate").read_text())
        [secret] = [
            i["attributes"]["secret"]
            for r in state["resources"]
            if r["type"] == "aws_iam_access_key"
            for i in r["instances"]
        ]
        assert secret
        assert secret not in json.dumps([outcome.clean, outcome.report])
