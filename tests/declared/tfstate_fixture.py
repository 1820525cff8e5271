"""The Terraform state (format 4) that `terraform apply` of tests/fixtures/stack/hcl writes,
with the ids AWS assigned: attribute for attribute as the AWS provider v5 stores them,
computed attributes included (a role's inline_policy and managed_policy_arns repeat its
separate policy resources; a bucket's versioning repeats its aws_s3_bucket_versioning)."""

from __future__ import annotations

import json
from typing import Any

PROVIDER = 'provider["registry.terraform.io/hashicorp/aws"]'
COMMON = {"Project": "driftctl-demo", "Env": "demo"}


def _resource(
    rtype: str, name: str, instances: list[tuple[Any, dict[str, Any]]], mode: str = "managed"
) -> dict[str, Any]:
    return {
        "mode": mode,
        "type": rtype,
        "name": name,
        "provider": PROVIDER,
        "instances": [
            {
                **({"index_key": key} if key is not None else {}),
                "schema_version": 0,
                "attributes": attrs,
                "sensitive_attributes": [],
                "private": "bnVsbA==",
            }
            for key, attrs in instances
        ],
    }


def _rule(**kwargs: Any) -> dict[str, Any]:
    return {
        "cidr_blocks": [],
        "description": "",
        "from_port": 0,
        "ipv6_cidr_blocks": [],
        "prefix_list_ids": [],
        "protocol": "-1",
        "security_groups": [],
        "self": False,
        "to_port": 0,
        **kwargs,
    }


def _bucket(name: str, tags: dict[str, str], versioned: bool, policy: str = "") -> dict[str, Any]:
    """As refreshed from the emulator: the logs bucket has no default encryption there."""
    encrypted = name != "acme-demo-logs"
    return {
        "id": name,
        "arn": f"arn:aws:s3:::{name}",
        "bucket": name,
        "bucket_prefix": "",
        "force_destroy": False,
        "object_lock_enabled": False,
        "policy": policy,
        "tags": tags,
        "tags_all": tags,
        "versioning": [{"enabled": versioned, "mfa_delete": False}],
        "server_side_encryption_configuration": []
        if not encrypted
        else [
            {
                "rule": [
                    {
                        "apply_server_side_encryption_by_default": [
                            {"kms_master_key_id": "", "sse_algorithm": "AES256"}
                        ],
                        "bucket_key_enabled": False,
                    }
                ]
            }
        ],
        "timeouts": None,
    }


def stack_state(ids: dict[str, str], policy_arn: str) -> dict[str, Any]:
    """ids: vpc, subnet-a, subnet-b, web, db (as fixture_stack.apply returns them)."""
    vpc, web, db = ids["vpc"], ids["web"], ids["db"]
    read = json.dumps(
        {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Action": ["s3:GetObject", "s3:ListBucket"],
                    "Effect": "Allow",
                    "Resource": ["arn:aws:s3:::acme-demo-raw", "arn:aws:s3:::acme-demo-raw/*"],
                }
            ],
        }
    )
    audit = json.dumps(
        {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Action": ["cloudtrail:LookupEvents", "config:Get*"],
                    "Effect": "Allow",
                    "Resource": "*",
                }
            ],
        }
    )
    trust = json.dumps(
        {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Action": "sts:AssumeRole",
                    "Effect": "Allow",
                    "Principal": {"Service": "ec2.amazonaws.com"},
                }
            ],
        }
    )
    logs_policy = json.dumps(
        {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Sid": "DenyInsecureTransport",
                    "Effect": "Deny",
                    "Principal": "*",
                    "Action": "s3:*",
                    "Resource": ["arn:aws:s3:::acme-demo-logs", "arn:aws:s3:::acme-demo-logs/*"],
                    "Condition": {"Bool": {"aws:SecureTransport": "false"}},
                }
            ],
        }
    )
    subnets = [
        (
            az,
            {
                "id": ids[f"subnet-{az}"],
                "arn": f"arn:aws:ec2:us-east-1:123456789012:subnet/{ids[f'subnet-{az}']}",
                "vpc_id": vpc,
                "cidr_block": cidr,
                "availability_zone": f"us-east-1{az}",
                "map_public_ip_on_launch": False,
                "ipv6_cidr_block": "",
                "tags": {**COMMON, "Name": f"demo-private-{az}"},
                "tags_all": {**COMMON, "Name": f"demo-private-{az}"},
            },
        )
        for az, cidr in (("a", "10.42.1.0/24"), ("b", "10.42.2.0/24"))
    ]
    resources = [
        _resource(
            "aws_caller_identity",
            "current",
            [(None, {"id": "123456789012", "account_id": "123456789012"})],
            mode="data",
        ),
        _resource(
            "aws_vpc",
            "main",
            [
                (
                    None,
                    {
                        "id": vpc,
                        "arn": f"arn:aws:ec2:us-east-1:123456789012:vpc/{vpc}",
                        "cidr_block": "10.42.0.0/16",
                        "enable_dns_hostnames": True,
                        "enable_dns_support": True,
                        "instance_tenancy": "default",
                        "ipv4_ipam_pool_id": None,
                        "main_route_table_id": "rtb-0123",
                        "tags": {**COMMON, "Name": "demo-vpc"},
                        "tags_all": {**COMMON, "Name": "demo-vpc"},
                    },
                )
            ],
        ),
        _resource("aws_subnet", "private", subnets),
        _resource(
            "aws_security_group",
            "web",
            [
                (
                    None,
                    {
                        "id": web,
                        "name": "demo-web",
                        "name_prefix": "",
                        "description": "Web tier: HTTPS from anywhere",
                        "vpc_id": vpc,
                        "revoke_rules_on_delete": False,
                        "ingress": [
                            _rule(
                                cidr_blocks=["0.0.0.0/0"],
                                description="HTTPS",
                                from_port=443,
                                to_port=443,
                                protocol="tcp",
                            )
                        ],
                        "egress": [_rule(cidr_blocks=["0.0.0.0/0"])],
                        "tags": COMMON,
                        "tags_all": COMMON,
                        "timeouts": None,
                    },
                )
            ],
        ),
        _resource(
            "aws_security_group",
            "db",
            [
                (
                    None,
                    {
                        "id": db,
                        "name": "demo-db",
                        "description": "Database tier",
                        "vpc_id": vpc,
                        # computed: the rule of aws_vpc_security_group_ingress_rule.db_from_web
                        "ingress": [
                            _rule(
                                security_groups=[web],
                                description="Postgres from the web tier",
                                from_port=5432,
                                to_port=5432,
                                protocol="tcp",
                            )
                        ],
                        "egress": [_rule(cidr_blocks=["0.0.0.0/0"])],
                        "tags": COMMON,
                        "tags_all": COMMON,
                    },
                )
            ],
        ),
        _resource(
            "aws_vpc_security_group_ingress_rule",
            "db_from_web",
            [
                (
                    None,
                    {
                        "id": "sgr-0db0web",
                        "security_group_rule_id": "sgr-0db0web",
                        "security_group_id": db,
                        "referenced_security_group_id": web,
                        "ip_protocol": "tcp",
                        "from_port": 5432,
                        "to_port": 5432,
                        "description": "Postgres from the web tier",
                        "cidr_ipv4": None,
                        "cidr_ipv6": None,
                        "prefix_list_id": None,
                        "tags": None,
                        "tags_all": {},
                    },
                )
            ],
        ),
        _resource(
            "aws_s3_bucket",
            "data",
            [
                (zone, _bucket(f"acme-demo-{zone}", {**COMMON, "Zone": zone}, versioned=True))
                for zone in ("curated", "raw")
            ],
        ),
        _resource(
            "aws_s3_bucket_versioning",
            "data",
            [
                (
                    zone,
                    {
                        "id": f"acme-demo-{zone}",
                        "bucket": f"acme-demo-{zone}",
                        "expected_bucket_owner": "",
                        "mfa": None,
                        "versioning_configuration": [{"mfa_delete": "", "status": "Enabled"}],
                    },
                )
                for zone in ("curated", "raw")
            ],
        ),
        _resource(
            "aws_s3_bucket_server_side_encryption_configuration",
            "data",
            [
                (
                    zone,
                    {
                        "id": f"acme-demo-{zone}",
                        "bucket": f"acme-demo-{zone}",
                        "expected_bucket_owner": "",
                        "rule": [
                            {
                                "apply_server_side_encryption_by_default": [
                                    {"kms_master_key_id": "", "sse_algorithm": "AES256"}
                                ],
                                "bucket_key_enabled": None,
                            }
                        ],
                    },
                )
                for zone in ("curated", "raw")
            ],
        ),
        _resource(
            "aws_s3_bucket",
            "logs",
            [(None, _bucket("acme-demo-logs", COMMON, versioned=False, policy=logs_policy))],
        ),
        _resource(
            "aws_s3_bucket_public_access_block",
            "logs",
            [
                (
                    None,
                    {
                        "id": "acme-demo-logs",
                        "bucket": "acme-demo-logs",
                        "block_public_acls": True,
                        "block_public_policy": True,
                        "ignore_public_acls": True,
                        "restrict_public_buckets": True,
                    },
                )
            ],
        ),
        _resource(
            "aws_s3_bucket_policy",
            "logs",
            [(None, {"id": "acme-demo-logs", "bucket": "acme-demo-logs", "policy": logs_policy})],
        ),
        _resource(
            "aws_iam_role",
            "app",
            [
                (
                    None,
                    {
                        "id": "demo-app",
                        "arn": "arn:aws:iam::123456789012:role/demo-app",
                        "name": "demo-app",
                        "name_prefix": "",
                        "path": "/",
                        "description": "The application's instance role",
                        "assume_role_policy": trust,
                        "force_detach_policies": False,
                        "max_session_duration": 3600,
                        "permissions_boundary": "",
                        "inline_policy": [{"name": "read-data", "policy": read}],
                        "managed_policy_arns": [policy_arn],
                        "tags": COMMON,
                        "tags_all": COMMON,
                        "unique_id": "AROA0123456789",
                    },
                )
            ],
        ),
        _resource(
            "aws_iam_role_policy",
            "read_data",
            [
                (
                    None,
                    {
                        "id": "demo-app:read-data",
                        "name": "read-data",
                        "name_prefix": "",
                        "role": "demo-app",
                        "policy": read,
                    },
                )
            ],
        ),
        _resource(
            "aws_iam_policy",
            "audit",
            [
                (
                    None,
                    {
                        "id": policy_arn,
                        "arn": policy_arn,
                        "name": "demo-audit",
                        "path": "/audit/",
                        "description": "Read-only audit access",
                        "policy": audit,
                        "policy_id": "ANPA0123",
                        "tags": None,
                        "tags_all": {},
                    },
                )
            ],
        ),
        _resource(
            "aws_iam_role_policy_attachment",
            "app_audit",
            [
                (
                    None,
                    {
                        "id": "demo-app-20240101000000000000000001",
                        "role": "demo-app",
                        "policy_arn": policy_arn,
                    },
                )
            ],
        ),
        _resource(
            "aws_iam_user",
            "ci",
            [
                (
                    None,
                    {
                        "id": "demo-ci",
                        "arn": "arn:aws:iam::123456789012:user/ci/demo-ci",
                        "name": "demo-ci",
                        "path": "/ci/",
                        "force_destroy": False,
                        "permissions_boundary": "",
                        "tags": {**COMMON, "Team": "platform"},
                        "tags_all": {**COMMON, "Team": "platform"},
                        "unique_id": "AIDA0123",
                    },
                )
            ],
        ),
    ]
    return {
        "version": 4,
        "terraform_version": "1.9.8",
        "serial": 12,
        "lineage": "3f2c6c1e-8a45-4c4f-9d0e-6f1f3b7d2a10",
        "outputs": {},
        "resources": resources,
        "check_results": None,
    }
