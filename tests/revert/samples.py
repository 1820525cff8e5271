"""Canonical sample attributes per type: a live state and a declared one that differs in
every attribute an API can change in place (for sweeping the revert registry)."""

from __future__ import annotations

from typing import Any

POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Action": ["s3:GetObject"], "Resource": ["*"]}],
}
OTHER_POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Deny", "Action": ["s3:*"], "Resource": ["*"]}],
}
TRUST = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"Service": ["ec2.amazonaws.com"]},
            "Action": ["sts:AssumeRole"],
        }
    ],
}
ROLE_ARN = "arn:aws:iam::123456789012:policy/audit"
BOUNDARY = "arn:aws:iam::123456789012:policy/boundary"
SSH = {"protocol": "tcp", "from_port": 22, "to_port": 22, "cidr_blocks": ["0.0.0.0/0"]}
HTTPS = {
    "protocol": "tcp",
    "from_port": 443,
    "to_port": 443,
    "cidr_blocks": ["0.0.0.0/0"],
    "description": "HTTPS",
}
FROM_WEB = {
    "protocol": "tcp",
    "from_port": 5432,
    "to_port": 5432,
    "security_groups": ["sg-0web"],
}
SELF = {"protocol": "-1", "from_port": 0, "to_port": 0, "self": True}
ALL_OUT = {"protocol": "-1", "from_port": 0, "to_port": 0, "cidr_blocks": ["0.0.0.0/0"]}

# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_s3_bucket": (
        "logs",
        {"bucket": "logs", "tags": {"Env": "prod", "Extra": "x"}},
        {"bucket": "logs", "tags": {"Env": "dev"}},
    ),
    "aws_s3_bucket_versioning": (
        "logs",
        {
            "bucket": "logs",
            "versioning_configuration": {"status": "Suspended", "mfa_delete": "Disabled"},
        },
        {
            "bucket": "logs",
            "versioning_configuration": {"status": "Enabled", "mfa_delete": "Disabled"},
        },
    ),
    "aws_s3_bucket_server_side_encryption_configuration": (
        "logs",
        {"bucket": "logs", "rule": {}},
        {
            "bucket": "logs",
            "rule": {
                "sse_algorithm": "aws:kms",
                "kms_master_key_id": "alias/k",
                "bucket_key_enabled": True,
            },
        },
    ),
    "aws_s3_bucket_public_access_block": (
        "logs",
        {
            "bucket": "logs",
            "block_public_acls": False,
            "block_public_policy": False,
            "ignore_public_acls": False,
            "restrict_public_buckets": False,
        },
        {
            "bucket": "logs",
            "block_public_acls": True,
            "block_public_policy": True,
            "ignore_public_acls": True,
            "restrict_public_buckets": True,
        },
    ),
    "aws_s3_bucket_policy": (
        "logs",
        {"bucket": "logs", "policy": OTHER_POLICY},
        {"bucket": "logs", "policy": POLICY},
    ),
    "aws_vpc": (
        "vpc-1",
        {
            "cidr_block": "10.0.0.0/16",
            "instance_tenancy": "dedicated",
            "enable_dns_support": False,
            "enable_dns_hostnames": False,
            "tags": {"Name": "x", "Extra": "y"},
        },
        {
            "cidr_block": "10.0.0.0/16",
            "instance_tenancy": "default",
            "enable_dns_support": True,
            "enable_dns_hostnames": True,
            "tags": {"Name": "main"},
        },
    ),
    "aws_subnet": (
        "subnet-1",
        {
            "vpc_id": "vpc-1",
            "cidr_block": "10.0.1.0/24",
            "availability_zone": "us-east-1a",
            "map_public_ip_on_launch": True,
            "tags": {},
        },
        {
            "vpc_id": "vpc-1",
            "cidr_block": "10.0.1.0/24",
            "availability_zone": "us-east-1a",
            "map_public_ip_on_launch": False,
            "tags": {"Name": "a"},
        },
    ),
    "aws_security_group": (
        "sg-1",
        {
            "name": "web",
            "description": "Web",
            "vpc_id": "vpc-1",
            "tags": {},
            "ingress": [SSH, {**HTTPS, "description": "old"}],
            "egress": [ALL_OUT],
        },
        {
            "name": "web",
            "description": "Web",
            "vpc_id": "vpc-1",
            "tags": {"Team": "web"},
            "ingress": [HTTPS, FROM_WEB, SELF],
            "egress": [],
        },
    ),
    "aws_iam_role": (
        "app",
        {
            "name": "app",
            "path": "/",
            "description": "",
            "max_session_duration": 3600,
            "assume_role_policy": OTHER_POLICY,
            "permissions_boundary": None,
            "tags": {"Old": "1"},
        },
        {
            "name": "app",
            "path": "/",
            "description": "The app",
            "max_session_duration": "7200",
            "assume_role_policy": TRUST,
            "permissions_boundary": BOUNDARY,
            "tags": {"Team": "app"},
        },
    ),
    "aws_iam_role_policy": (
        "app:read",
        {"role": "app", "name": "read", "policy": OTHER_POLICY},
        {"role": "app", "name": "read", "policy": POLICY},
    ),
    "aws_iam_role_policy_attachment": (
        f"app/{ROLE_ARN}",
        {"role": "app", "policy_arn": ROLE_ARN},
        {"role": "app", "policy_arn": ROLE_ARN},
    ),
    "aws_iam_policy": (
        ROLE_ARN,
        {
            "name": "audit",
            "path": "/",
            "description": "d",
            "policy": OTHER_POLICY,
            "tags": {"a": "1"},
        },
        {"name": "audit", "path": "/", "description": "d", "policy": POLICY, "tags": {"b": "2"}},
    ),
    "aws_iam_user": (
        "ann",
        {"name": "ann", "path": "/old/", "permissions_boundary": BOUNDARY, "tags": {"a": "1"}},
        {"name": "ann", "path": "/", "permissions_boundary": None, "tags": {"b": "2"}},
    ),
}

from tests.revert.samples_net import SAMPLES as _NET  # noqa: E402

SAMPLES.update(_NET)

from tests.revert.samples_sec import SEC_SAMPLES  # noqa: E402

SAMPLES.update(SEC_SAMPLES)
from tests.revert.samples_msg import SAMPLES as _MSG  # noqa: E402

SAMPLES.update(_MSG)
from tests.revert.samples_db import SAMPLES as _DB  # noqa: E402

SAMPLES.update(_DB)
from tests.revert.samples_lb import SAMPLES as _LB  # noqa: E402

SAMPLES.update(_LB)
from tests.revert.samples_iam import SAMPLES as _IAM  # noqa: E402

SAMPLES.update(_IAM)
from tests.revert.samples_s3b import SAMPLES as _S3B  # noqa: E402

SAMPLES.update(_S3B)

from tests.revert.samples_dns import SAMPLES as _DNS  # noqa: E402

SAMPLES.update(_DNS)
from tests.revert.samples_ecs import SAMPLES as _ECS  # noqa: E402

SAMPLES.update(_ECS)
from tests.revert.samples_edge import SAMPLES as _EDGE  # noqa: E402

SAMPLES.update(_EDGE)
from tests.revert.samples_s3a import SAMPLES as _S3A  # noqa: E402

SAMPLES.update(_S3A)
from tests.revert.samples_obs import SAMPLES as _OBS  # noqa: E402

SAMPLES.update(_OBS)
from tests.revert.samples_srvless import SAMPLES as _SRVLESS  # noqa: E402

SAMPLES.update(_SRVLESS)
from tests.revert.samples_store import SAMPLES as _STORE  # noqa: E402

SAMPLES.update(_STORE)
from tests.revert.samples_apigw import SAMPLES as _APIGW  # noqa: E402

SAMPLES.update(_APIGW)
from tests.revert.samples_apigw2 import SAMPLES as _APIGW2  # noqa: E402

SAMPLES.update(_APIGW2)
from tests.revert.samples_gov import SAMPLES as _GOV  # noqa: E402

SAMPLES.update(_GOV)
from tests.revert.samples_ident import SAMPLES as _IDENT  # noqa: E402

SAMPLES.update(_IDENT)
