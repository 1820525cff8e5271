"""Sample attributes of the identity and edge-security types of #26 (helper b-ident):
type -> (id, live attrs, declared attrs), merged into tests/revert/samples.SAMPLES."""

from __future__ import annotations

from typing import Any

IP_SET_ARN = (
    "arn:aws:wafv2:us-east-1:123456789012:regional/ipset/office/"
    "a1b2c3d4-5678-90ab-cdef-EXAMPLE11111"
)

WEB_ACL_ARN = (
    "arn:aws:wafv2:us-east-1:123456789012:regional/webacl/edge/b1b2c3d4-5678-90ab-cdef-EXAMPLE22222"
)
VISIBILITY = {
    "cloudwatch_metrics_enabled": True,
    "metric_name": "edge",
    "sampled_requests_enabled": True,
}

SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_wafv2_ip_set": (
        "a1b2c3d4-5678-90ab-cdef-EXAMPLE11111",
        {
            "name": "office",
            "scope": "REGIONAL",
            "description": "",
            "ip_address_version": "IPV4",
            "addresses": ["10.0.0.0/8"],
            "tags": {"Env": "prod", "Extra": "x"},
            "arn": IP_SET_ARN,
            "lock_token": "a1b2c3d4",
        },
        {
            "name": "office",
            "scope": "REGIONAL",
            "description": "the office",
            "ip_address_version": "IPV4",
            "addresses": ["10.0.0.0/8", "192.0.2.0/24"],
            "tags": {"Env": "dev"},
        },
    ),
    "aws_wafv2_web_acl": (
        "b1b2c3d4-5678-90ab-cdef-EXAMPLE22222",
        {
            "name": "edge",
            "scope": "REGIONAL",
            "description": "",
            "default_action": [{"allow": [{}]}],
            "visibility_config": [VISIBILITY],
            "rule": [
                {
                    "name": "office",
                    "priority": 1,
                    "action": [{"count": [{}]}],
                    "statement": [{"ip_set_reference_statement": [{"arn": IP_SET_ARN}]}],
                    "visibility_config": [VISIBILITY],
                }
            ],
            "tags": {"Env": "prod"},
            "arn": WEB_ACL_ARN,
            "lock_token": "b1b2c3d4",
        },
        {
            "name": "edge",
            "scope": "REGIONAL",
            "description": "the edge",
            "default_action": [{"block": [{}]}],
            "visibility_config": [VISIBILITY],
            "rule": [
                {
                    "name": "office",
                    "priority": 1,
                    "action": [{"allow": [{}]}],
                    "statement": [{"ip_set_reference_statement": [{"arn": IP_SET_ARN}]}],
                    "visibility_config": [VISIBILITY],
                },
                {
                    "name": "bad-inputs",
                    "priority": 2,
                    "override_action": [{"none": [{}]}],
                    "statement": [
                        {
                            "managed_rule_group_statement": [
                                {
                                    "name": "AWSManagedRulesKnownBadInputsRuleSet",
                                    "vendor_name": "AWS",
                                }
                            ]
                        }
                    ],
                    "visibility_config": [VISIBILITY],
                },
            ],
            "tags": {"Env": "dev"},
        },
    ),
    "aws_cognito_user_pool": (
        "us-east-1_EXAMPLE",
        {
            "name": "users",
            "mfa_configuration": "OFF",
            "deletion_protection": "INACTIVE",
            "password_policy": {"minimum_length": 8, "require_symbols": False},
            "auto_verified_attributes": [],
            "username_attributes": ["email"],
            "alias_attributes": [],
            "tags": {"Env": "prod", "Extra": "x"},
            "arn": "arn:aws:cognito-idp:us-east-1:123456789012:userpool/us-east-1_EXAMPLE",
        },
        {
            "name": "users",
            "mfa_configuration": "OPTIONAL",
            "deletion_protection": "ACTIVE",
            "password_policy": {"minimum_length": 12, "require_symbols": True},
            "auto_verified_attributes": ["email"],
            "username_attributes": ["email"],
            "alias_attributes": [],
            "tags": {"Env": "dev"},
        },
    ),
    "aws_cognito_user_pool_domain": (
        "login.example.com",
        {
            "domain": "login.example.com",
            "user_pool_id": "us-east-1_EXAMPLE",
            "certificate_arn": "arn:aws:acm:us-east-1:123456789012:certificate/old",
        },
        {
            "domain": "login.example.com",
            "user_pool_id": "us-east-1_EXAMPLE",
            "certificate_arn": "arn:aws:acm:us-east-1:123456789012:certificate/new",
        },
    ),
    "aws_cognito_identity_pool": (
        "us-east-1:11111111-2222-3333-4444-555555555555",
        {
            "identity_pool_name": "app",
            "allow_unauthenticated_identities": True,
            "allow_classic_flow": False,
            "developer_provider_name": None,
            "openid_connect_provider_arns": [],
            "saml_provider_arns": [],
            "supported_login_providers": {"graph.facebook.com": "1234"},
            "cognito_identity_providers": [],
            "tags": {"Env": "prod"},
        },
        {
            "identity_pool_name": "app",
            "allow_unauthenticated_identities": False,
            "allow_classic_flow": False,
            "developer_provider_name": None,
            "openid_connect_provider_arns": [],
            "saml_provider_arns": [],
            "supported_login_providers": {},
            "cognito_identity_providers": [
                {
                    "client_id": "abc123",
                    "provider_name": "cognito-idp.us-east-1.amazonaws.com/us-east-1_EXAMPLE",
                    "server_side_token_check": False,
                }
            ],
            "tags": {"Env": "dev"},
        },
    ),
    "aws_cognito_user_pool_client": (
        "1example23456789abcdefghij",
        {
            "name": "web",
            "user_pool_id": "us-east-1_EXAMPLE",
            "generate_secret": False,
            "explicit_auth_flows": ["ALLOW_REFRESH_TOKEN_AUTH", "ALLOW_USER_PASSWORD_AUTH"],
            "callback_urls": ["https://example.com/cb"],
            "refresh_token_validity": 30,
        },
        {
            "name": "web",
            "user_pool_id": "us-east-1_EXAMPLE",
            "generate_secret": False,
            "explicit_auth_flows": ["ALLOW_REFRESH_TOKEN_AUTH", "ALLOW_USER_SRP_AUTH"],
            "callback_urls": ["https://example.com/callback"],
            "refresh_token_validity": 7,
        },
    ),
    "aws_wafv2_rule_group": (
        "c1b2c3d4-5678-90ab-cdef-EXAMPLE33333",
        {
            "name": "shared",
            "scope": "REGIONAL",
            "capacity": 10,
            "description": "",
            "visibility_config": [VISIBILITY],
            "rule": [
                {
                    "name": "office",
                    "priority": 1,
                    "action": [{"count": [{}]}],
                    "statement": [{"ip_set_reference_statement": [{"arn": IP_SET_ARN}]}],
                    "visibility_config": [VISIBILITY],
                }
            ],
            "tags": {"Env": "prod"},
            "lock_token": "c1b2c3d4",
        },
        {
            "name": "shared",
            "scope": "REGIONAL",
            "capacity": 10,
            "description": "shared rules",
            "visibility_config": [VISIBILITY],
            "rule": [
                {
                    "name": "office",
                    "priority": 1,
                    "action": [{"block": [{}]}],
                    "statement": [{"ip_set_reference_statement": [{"arn": IP_SET_ARN}]}],
                    "visibility_config": [VISIBILITY],
                }
            ],
            "tags": {"Env": "dev"},
        },
    ),
    "aws_wafv2_web_acl_association": (
        f"{WEB_ACL_ARN},arn:aws:cognito-idp:us-east-1:123456789012:userpool/us-east-1_EXAMPLE",
        {
            "web_acl_arn": WEB_ACL_ARN,
            "resource_arn": "arn:aws:cognito-idp:us-east-1:123456789012:userpool/us-east-1_EXAMPLE",
        },
        {
            "web_acl_arn": WEB_ACL_ARN,
            "resource_arn": "arn:aws:cognito-idp:us-east-1:123456789012:userpool/us-east-1_EXAMPLE",
        },
    ),
}
