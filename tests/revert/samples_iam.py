"""Revert samples of the IAM types added for #13 (live and declared attributes)."""

from __future__ import annotations

from typing import Any

POLICY_ARN = "arn:aws:iam::123456789012:policy/audit"
OTHER_ARN = "arn:aws:iam::123456789012:policy/other"
POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Action": "s3:GetObject", "Resource": "*"}],
}
OTHER_POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}],
}

SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_iam_group": (
        "devs",
        {"name": "devs", "path": "/old/"},
        {"name": "devs", "path": "/"},
    ),
    "aws_iam_group_policy_attachment": (
        f"devs/{POLICY_ARN}",
        {"group": "devs", "policy_arn": POLICY_ARN},
        {"group": "devs", "policy_arn": POLICY_ARN},
    ),
    "aws_iam_group_policy": (
        "devs:read",
        {"group": "devs", "name": "read", "policy": OTHER_POLICY},
        {"group": "devs", "name": "read", "policy": POLICY},
    ),
    "aws_iam_user_policy": (
        "ann:read",
        {"user": "ann", "name": "read", "policy": OTHER_POLICY},
        {"user": "ann", "name": "read", "policy": POLICY},
    ),
    "aws_iam_user_policy_attachment": (
        f"ann/{POLICY_ARN}",
        {"user": "ann", "policy_arn": POLICY_ARN},
        {"user": "ann", "policy_arn": POLICY_ARN},
    ),
    "aws_iam_user_group_membership": (
        "ann",
        {"user": "ann", "groups": ["devs", "old"]},
        {"user": "ann", "groups": ["devs", "ops"]},
    ),
    "aws_iam_instance_profile": (
        "web",
        {"name": "web", "path": "/", "role": "old"},
        {"name": "web", "path": "/", "role": "web"},
    ),
    "aws_iam_openid_connect_provider": (
        "arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com",
        {
            "url": "token.actions.githubusercontent.com",
            "client_id_list": ["old"],
            "thumbprint_list": ["a" * 40],
            "tags": {"a": "1"},
        },
        {
            "url": "token.actions.githubusercontent.com",
            "client_id_list": ["sts.amazonaws.com"],
            "thumbprint_list": ["b" * 40],
            "tags": {"b": "2"},
        },
    ),
    "aws_iam_access_key": (
        "AKIAEXAMPLEKEY000001",
        {"user": "ann", "status": "Inactive"},
        {"user": "ann", "status": "Active"},
    ),
}
