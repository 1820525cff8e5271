"""Sample attributes of the identity and edge-security types of #26 (helper b-ident):
type -> (id, live attrs, declared attrs), merged into tests/revert/samples.SAMPLES."""

from __future__ import annotations

from typing import Any

IP_SET_ARN = (
    "arn:aws:wafv2:us-east-1:123456789012:regional/ipset/office/"
    "a1b2c3d4-5678-90ab-cdef-EXAMPLE11111"
)

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
}
