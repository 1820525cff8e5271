"""driftctl reports what `terraform plan -refresh-only` reports, for EKS (#13): a cluster
with its VPC configuration, control plane logs and tags, and a managed node group.
terraform applies tests/tf/stacks/eks to moto, driftctl finds no drift, then a person
changes the cluster's logs and tags and the node group's scaling and labels out of band
with boto3, and each tool says what drifted (tests/tf/checks.py).

Not changed here, and checked on moto in tests/resources/eks instead: a node group's
tags (moto's TagResource tags clusters only), the endpoint access (moto's
UpdateClusterConfig replaces the whole VPC configuration, subnets included, where AWS
merges the fields sent) and the version (moto has no UpdateClusterVersion).
"""

from __future__ import annotations

from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_eks_cluster.main", "enabled_cluster_log_types", "eks", "update_cluster_config",
        {"name": "${self.name}",
         "logging": {"clusterLogging": [
             {"types": ["api", "audit", "scheduler"], "enabled": True}]}},
    ),
    Change(
        "aws_eks_cluster.main", "tags.Owner", "eks", "tag_resource",
        {"resourceArn": "${self.arn}", "tags": {"Owner": "someone"}},
    ),
    Change(
        "aws_eks_node_group.workers", "scaling_config", "eks", "update_nodegroup_config",
        {"clusterName": "${self.cluster_name}", "nodegroupName": "${self.node_group_name}",
         "scalingConfig": {"desiredSize": 3}},
    ),
    Change(
        "aws_eks_node_group.workers", "labels", "eks", "update_nodegroup_config",
        {"clusterName": "${self.cluster_name}", "nodegroupName": "${self.node_group_name}",
         "labels": {"addOrUpdateLabels": {"role": "batch"}}},
    ),
]  # fmt: skip

GROUP = Group("eks", CHANGES)


class TestEks(StackChecks):
    group = GROUP

    def test_every_declared_resource_is_compared(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        assert summary["compared_share"] == 1.0
        assert summary["declared"] == summary["managed"]
