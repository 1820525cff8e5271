"""Revert samples of the bucket ownership, ACL, CORS and website settings (merged into
samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

OWNER = "75aa57f09aa0c8caeab4f8c24e99d10f8e7faeebf76c078efc7c6caea54ba06a"
FULL = {"grantee": {"type": "CanonicalUser", "id": OWNER}, "permission": "FULL_CONTROL"}
READ_ALL = {
    "grantee": {"type": "Group", "uri": "http://acs.amazonaws.com/groups/global/AllUsers"},
    "permission": "READ",
}
LOG_WRITE = {
    "grantee": {"type": "Group", "uri": "http://acs.amazonaws.com/groups/s3/LogDelivery"},
    "permission": "WRITE",
}

# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_s3_bucket_ownership_controls": (
        "logs",
        {"bucket": "logs", "rule": {"object_ownership": "ObjectWriter"}},
        {"bucket": "logs", "rule": {"object_ownership": "BucketOwnerPreferred"}},
    ),
    "aws_s3_bucket_acl": (
        "logs",
        {
            "bucket": "logs",
            "acl": "public-read",
            "access_control_policy": {"grant": [FULL, READ_ALL], "owner": {"id": OWNER}},
        },
        {
            "bucket": "logs",
            "acl": "log-delivery-write",
            "access_control_policy": {"grant": [FULL, LOG_WRITE], "owner": {"id": OWNER}},
        },
    ),
    "aws_s3_bucket_cors_configuration": (
        "logs",
        {"bucket": "logs", "cors_rule": []},
        {
            "bucket": "logs",
            "cors_rule": [
                {
                    "allowed_methods": ["GET"],
                    "allowed_origins": ["*"],
                    "max_age_seconds": 3000,
                }
            ],
        },
    ),
    "aws_s3_bucket_website_configuration": (
        "logs",
        {
            "bucket": "logs",
            "index_document": {"suffix": "home.html"},
            "error_document": {},
            "redirect_all_requests_to": {},
            "routing_rule": [],
        },
        {
            "bucket": "logs",
            "index_document": {"suffix": "index.html"},
            "error_document": {"key": "error.html"},
            "redirect_all_requests_to": {},
            "routing_rule": [
                {
                    "condition": {"key_prefix_equals": "docs/"},
                    "redirect": {"replace_key_prefix_with": "documents/"},
                }
            ],
        },
    ),
}
