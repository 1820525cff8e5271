"""Sample attributes of the DNS and file system types (helper b-dns):
type -> (id, live attrs, declared attrs), merged into tests/revert/samples.SAMPLES."""

from __future__ import annotations

from typing import Any

ZONE = "Z0123456789ABCDEFGHIJ"

SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_route53_zone": (
        ZONE,
        {
            "name": "dns.example",
            "comment": "by hand",
            "tags": {"a": "1"},
            "vpc": [{"vpc_id": "vpc-0old"}],
        },
        {
            "name": "dns.example",
            "comment": "Managed by Terraform",
            "tags": {"b": "2"},
            "vpc": [{"vpc_id": "vpc-0new"}],
        },
    ),
    "aws_route53_record": (
        f"{ZONE}_www.dns.example_A",
        {
            "zone_id": ZONE,
            "name": "www.dns.example",
            "type": "A",
            "ttl": 60,
            "records": ["10.0.0.3"],
            "zone_name": "dns.example",
        },
        {
            "zone_id": ZONE,
            "name": "www.dns.example",
            "type": "A",
            "ttl": 300,
            "records": ["10.0.0.1"],
        },
    ),
    "aws_efs_file_system": (
        "fs-0123456789abcdef0",
        {
            "creation_token": "app-data",
            "encrypted": True,
            "kms_key_id": "",
            "performance_mode": "generalPurpose",
            "throughput_mode": "bursting",
            "provisioned_throughput_in_mibps": 0,
            "lifecycle_policy": [{"transition_to_ia": "AFTER_7_DAYS"}],
            "tags": {"a": "1"},
        },
        {
            "creation_token": "app-data",
            "encrypted": True,
            "kms_key_id": "",
            "performance_mode": "generalPurpose",
            "throughput_mode": "provisioned",
            "provisioned_throughput_in_mibps": 64,
            "lifecycle_policy": [{"transition_to_ia": "AFTER_30_DAYS"}],
            "tags": {"b": "2"},
        },
    ),
    "aws_route53_health_check": (
        "0a1b2c3d-4e5f-6789-abcd-ef0123456789",
        {
            "type": "HTTPS",
            "fqdn": "api.dns.example",
            "port": 443,
            "resource_path": "/old",
            "request_interval": 30,
            "failure_threshold": 5,
            "measure_latency": False,
            "invert_healthcheck": True,
            "disabled": False,
            "regions": ["us-east-1", "eu-west-1", "ap-southeast-1"],
            "child_healthchecks": [],
            "tags": {"a": "1"},
        },
        {
            "type": "HTTPS",
            "fqdn": "api.dns.example",
            "port": 443,
            "resource_path": None,
            "request_interval": 30,
            "failure_threshold": 3,
            "measure_latency": False,
            "invert_healthcheck": False,
            "disabled": False,
            "regions": [],
            "child_healthchecks": [],
            "tags": {"b": "2"},
        },
    ),
}
