"""driftctl reports what `terraform plan -refresh-only` reports, for the governance and
audit types of #26 (b-gov): a CloudTrail trail (stopped with StopLogging), the account's
password policy (its length lowered by hand), the region's GuardDuty detector (its
frequency changed), the region's AWS Config recorder (global types no longer recorded)
and a rule (its description changed), a SAML provider (its metadata replaced), a
service-linked role (its description changed), an organizational unit (retagged), a
service control policy (its description changed) and its attachment (detached).
terraform applies tests/tf/stacks/gov to moto, driftctl finds no drift and nothing
unmanaged, then each resource is changed with boto3 as a person would in the console,
and each tool says what drifted (tests/tf/checks.py)."""

from __future__ import annotations

from tests.revert.samples_gov import saml_metadata
from tests.tf import harness
from tests.tf.checks import DeclaredStackChecks
from tests.tf.group import Group
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_cloudtrail.audit", "enable_logging", "cloudtrail", "stop_logging",
        {"Name": "gov-audit"},
    ),
    Change(
        "aws_iam_account_password_policy.strict", "minimum_password_length", "iam",
        "update_account_password_policy",
        {"MinimumPasswordLength": 8, "RequireSymbols": True, "RequireNumbers": True,
         "RequireLowercaseCharacters": True, "RequireUppercaseCharacters": True,
         "AllowUsersToChangePassword": True, "MaxPasswordAge": 90,
         "PasswordReusePrevention": 5},
    ),
    Change(
        "aws_guardduty_detector.main", "finding_publishing_frequency", "guardduty",
        "update_detector", {"DetectorId": "${self.id}", "FindingPublishingFrequency": "SIX_HOURS"},
    ),
    Change(
        "aws_config_configuration_recorder.main", "recording_group.include_global_resource_types",
        "config", "put_configuration_recorder",
        {"ConfigurationRecorder": {"name": "gov", "roleARN": "${aws_iam_role.config.arn}",
         "recordingGroup": {"allSupported": True, "includeGlobalResourceTypes": False}}},
    ),
    Change(
        "aws_config_config_rule.versioning", "description", "config", "put_config_rule",
        {"ConfigRule": {"ConfigRuleName": "gov-s3-versioning", "Description": "changed by hand",
         "Source": {"Owner": "AWS", "SourceIdentifier": "S3_BUCKET_VERSIONING_ENABLED"},
         "Scope": {"ComplianceResourceTypes": ["AWS::S3::Bucket"]}},
         "Tags": [{"Key": "Team", "Value": "security"}]},
    ),
    Change(
        "aws_iam_saml_provider.corp", "saml_metadata_document", "iam", "update_saml_provider",
        {"SAMLProviderArn": "${self.arn}",
         "SAMLMetadataDocument": saml_metadata("https://idp.elsewhere.example.com")},
    ),
    Change(
        "aws_iam_service_linked_role.beanstalk", "description", "iam", "update_role",
        {"RoleName": "${self.name}", "Description": "changed by hand"},
    ),
    Change(
        "aws_organizations_organizational_unit.workloads", "tags.Team", "organizations",
        "tag_resource", {"ResourceId": "${self.id}", "Tags": [{"Key": "Team", "Value": "ops"}]},
    ),
    Change(
        "aws_organizations_policy.stay", "description", "organizations", "update_policy",
        {"PolicyId": "${self.id}", "Description": "changed by hand"},
    ),
    Change(
        "aws_organizations_policy_attachment.workloads", harness.MISSING, "organizations",
        "detach_policy",
        {"PolicyId": "${aws_organizations_policy.stay.id}",
         "TargetId": "${aws_organizations_organizational_unit.workloads.id}"},
    ),
]  # fmt: skip

GROUP = Group(
    "gov",
    CHANGES,
    uncompared={
        "aws_organizations_organization": "the organization itself is not compared yet (its "
        "units, policies and attachments are)"
    },
)


class TestGovernance(DeclaredStackChecks):
    group = GROUP
