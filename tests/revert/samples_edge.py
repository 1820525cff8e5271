"""Revert samples of the EKS and CloudFront types (merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

ROLE = "arn:aws:iam::123456789012:role/eks"
NODE_ROLE = "arn:aws:iam::123456789012:role/node"
KVS = "arn:aws:cloudfront::123456789012:key-value-store/0a1b2c3d-example"
VPC = {
    "subnet_ids": ["subnet-0a", "subnet-0b"],
    "security_group_ids": [],
    "endpoint_private_access": False,
    "endpoint_public_access": True,
    "public_access_cidrs": ["0.0.0.0/0"],
}

# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_eks_cluster": (
        "main",
        {
            "name": "main",
            "version": "1.29",
            "role_arn": ROLE,
            "vpc_config": {**VPC, "endpoint_private_access": True},
            "enabled_cluster_log_types": ["api"],
            "tags": {"a": "1"},
        },
        {
            "name": "main",
            "version": "1.30",
            "role_arn": ROLE,
            "vpc_config": {**VPC, "public_access_cidrs": ["10.0.0.0/8"]},
            "enabled_cluster_log_types": ["api", "audit"],
            "tags": {"b": "2"},
        },
    ),
    "aws_eks_node_group": (
        "main:workers",
        {
            "cluster_name": "main",
            "node_group_name": "workers",
            "node_role_arn": NODE_ROLE,
            "subnet_ids": ["subnet-0a", "subnet-0b"],
            "scaling_config": {"desired_size": 3, "min_size": 1, "max_size": 5},
            "instance_types": ["t3.large"],
            "labels": {"role": "batch", "extra": "x"},
            "ami_type": "AL2_x86_64",
            "capacity_type": "ON_DEMAND",
            "disk_size": 40,
            "tags": {"a": "1"},
        },
        {
            "cluster_name": "main",
            "node_group_name": "workers",
            "node_role_arn": NODE_ROLE,
            "subnet_ids": ["subnet-0a", "subnet-0b"],
            "scaling_config": {"desired_size": 2, "min_size": 1, "max_size": 3},
            "instance_types": ["t3.large"],
            "labels": {"role": "worker"},
            "ami_type": "AL2_x86_64",
            "capacity_type": "ON_DEMAND",
            "disk_size": 40,
            "tags": {"b": "2"},
        },
    ),
    "aws_cloudfront_distribution": (
        "E2QWRUHEXAMPLE",
        {
            "enabled": False,
            "comment": "changed",
            "price_class": "PriceClass_All",
            "aliases": ["www.example.com"],
            "default_root_object": "",
            "origin": [{"origin_id": "web", "domain_name": "old.example.com", "origin_path": ""}],
            "default_cache_behavior": {
                "target_origin_id": "web",
                "viewer_protocol_policy": "allow-all",
                "allowed_methods": ["GET", "HEAD"],
                "cached_methods": ["GET", "HEAD"],
                "compress": False,
            },
            "viewer_certificate": {"cloudfront_default_certificate": True},
            "tags": {"a": "1"},
            "etag": "E2ETAG",
            "caller_reference": "terraform-1",
            "arn": "arn:aws:cloudfront::123456789012:distribution/E2QWRUHEXAMPLE",
        },
        {
            "enabled": True,
            "comment": "site",
            "price_class": "PriceClass_100",
            "aliases": ["example.com", "www.example.com"],
            "default_root_object": "index.html",
            "origin": [
                {"origin_id": "web", "domain_name": "origin.example.com", "origin_path": "/s"}
            ],
            "default_cache_behavior": {
                "target_origin_id": "web",
                "viewer_protocol_policy": "redirect-to-https",
                "allowed_methods": ["GET", "HEAD", "OPTIONS"],
                "cached_methods": ["GET", "HEAD"],
                "compress": True,
            },
            "viewer_certificate": {"cloudfront_default_certificate": True},
            "tags": {"b": "2"},
        },
    ),
    "aws_cloudfront_origin_access_control": (
        "E2OACEXAMPLE",
        {
            "name": "site",
            "description": "changed",
            "origin_access_control_origin_type": "s3",
            "signing_behavior": "no-override",
            "signing_protocol": "sigv4",
        },
        {
            "name": "site",
            "description": "Managed by Terraform",
            "origin_access_control_origin_type": "s3",
            "signing_behavior": "always",
            "signing_protocol": "sigv4",
        },
    ),
    "aws_cloudfront_function": (
        "rewrite",
        {
            "name": "rewrite",
            "runtime": "cloudfront-js-1.0",
            "comment": "changed",
            "code": "function handler(event) { return event.response; }",
            "key_value_store_associations": [],
        },
        {
            "name": "rewrite",
            "runtime": "cloudfront-js-2.0",
            "comment": "",
            "code": "function handler(event) { return event.request; }",
            "key_value_store_associations": [KVS],
        },
    ),
}
