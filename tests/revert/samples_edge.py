"""Revert samples of the EKS and CloudFront types (merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

ROLE = "arn:aws:iam::123456789012:role/eks"
NODE_ROLE = "arn:aws:iam::123456789012:role/node"
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
}
