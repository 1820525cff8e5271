"""Revert samples of the governance and audit types (merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any


def saml_metadata(entity: str) -> str:
    """A SAML metadata document of the length IAM requires (1,000 characters at least)."""
    certificate = "MIIC" + "A" * 1000
    return (
        f'<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="{entity}">'
        '<IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">'
        '<KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#">'
        f"<X509Data><X509Certificate>{certificate}</X509Certificate></X509Data></KeyInfo>"
        "</KeyDescriptor></IDPSSODescriptor></EntityDescriptor>"
    )


# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_cloudtrail": (
        "audit",
        {
            "name": "audit",
            "s3_bucket_name": "logs-old",
            "s3_key_prefix": "",
            "include_global_service_events": False,
            "enable_logging": False,
            "cloud_watch_logs_group_arn": "",
            "cloud_watch_logs_role_arn": "",
            "tags": {"a": "1"},
        },
        {
            "name": "audit",
            "s3_bucket_name": "logs-new",
            "s3_key_prefix": "trail",
            "include_global_service_events": True,
            "enable_logging": True,
            "cloud_watch_logs_group_arn": "arn:aws:logs:us-east-1:123456789012:log-group:t:*",
            "cloud_watch_logs_role_arn": "arn:aws:iam::123456789012:role/trail",
            "tags": {"b": "2"},
        },
    ),
    "aws_iam_account_password_policy": (
        "iam-account-password-policy",
        {
            "allow_users_to_change_password": True,
            "minimum_password_length": 8,
            "require_symbols": False,
            "max_password_age": 0,
            "hard_expiry": False,
        },
        {
            "allow_users_to_change_password": True,
            "minimum_password_length": 14,
            "require_symbols": True,
            "max_password_age": 90,
            "hard_expiry": False,
        },
    ),
    "aws_guardduty_detector": (
        "12abc34d567e8fa901bc2d34e56789f0",
        {"enable": False, "finding_publishing_frequency": "SIX_HOURS", "tags": {"a": "1"}},
        {"enable": True, "finding_publishing_frequency": "FIFTEEN_MINUTES", "tags": {"b": "2"}},
    ),
    "aws_config_configuration_recorder": (
        "default",
        {
            "name": "default",
            "role_arn": "arn:aws:iam::123456789012:role/config-old",
            "recording_group": {
                "all_supported": True,
                "include_global_resource_types": False,
                "resource_types": [],
            },
        },
        {
            "name": "default",
            "role_arn": "arn:aws:iam::123456789012:role/config",
            "recording_group": {
                "all_supported": False,
                "include_global_resource_types": False,
                "resource_types": ["AWS::S3::Bucket"],
            },
        },
    ),
    "aws_config_config_rule": (
        "s3-versioning",
        {
            "name": "s3-versioning",
            "description": "old",
            "input_parameters": None,
            "maximum_execution_frequency": None,
            "source": {
                "owner": "AWS",
                "source_identifier": "S3_BUCKET_VERSIONING_ENABLED",
                "source_detail": [],
            },
            "tags": {"a": "1"},
        },
        {
            "name": "s3-versioning",
            "description": "buckets keep versions",
            "input_parameters": {"isMfaDeleteEnabled": "false"},
            "maximum_execution_frequency": None,
            "scope": {
                "compliance_resource_types": ["AWS::S3::Bucket"],
                "tag_key": None,
                "tag_value": None,
                "compliance_resource_id": None,
            },
            "source": {
                "owner": "AWS",
                "source_identifier": "S3_BUCKET_VERSIONING_ENABLED",
                "source_detail": [],
            },
            "tags": {"b": "2"},
        },
    ),
    "aws_iam_saml_provider": (
        "arn:aws:iam::123456789012:saml-provider/corp",
        {"name": "corp", "saml_metadata_document": saml_metadata("old"), "tags": {"a": "1"}},
        {"name": "corp", "saml_metadata_document": saml_metadata("new"), "tags": {"b": "2"}},
    ),
    "aws_iam_service_linked_role": (
        "AWSServiceRoleForElasticBeanstalk",
        {
            "aws_service_name": "elasticbeanstalk.amazonaws.com",
            "custom_suffix": "",
            "description": "old",
            "tags": {"a": "1"},
        },
        {
            "aws_service_name": "elasticbeanstalk.amazonaws.com",
            "custom_suffix": "",
            "description": "new",
            "tags": {"b": "2"},
        },
    ),
    "aws_organizations_organizational_unit": (
        "ou-abcd-11111111",
        {"name": "workloads", "parent_id": "r-abcd", "tags": {"a": "1"}},
        {"name": "platform", "parent_id": "r-abcd", "tags": {"b": "2"}},
    ),
    "aws_organizations_policy": (
        "p-abcd1234",
        {
            "name": "stay",
            "description": "old",
            "type": "SERVICE_CONTROL_POLICY",
            "content": {"Version": "2012-10-17", "Statement": []},
            "tags": {"a": "1"},
        },
        {
            "name": "stay-in-org",
            "description": "new",
            "type": "SERVICE_CONTROL_POLICY",
            "content": {"Version": "2012-10-17", "Statement": [{"Effect": "Deny"}]},
            "tags": {"b": "2"},
        },
    ),
    "aws_organizations_policy_attachment": (
        "ou-abcd-11111111:p-abcd1234",
        {"policy_id": "p-abcd1234", "target_id": "ou-abcd-11111111"},
        {"policy_id": "p-abcd1234", "target_id": "ou-abcd-22222222"},
    ),
}
