"""aws_eks_node_group on moto: node groups are read per cluster (one DescribeNodegroup
each); a changed scaling or label is drift that a revert puts back; tags are read but
their revert is checked call by call (moto's TagResource tags clusters only); another
instance type needs a human; a hand-made node group is unmanaged."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.eks.common import NETWORK_HCL, REGION, network
from tests.resources.helpers import drifts, plan_calls, run, scan, write

CLUSTER_HCL = """
resource "aws_eks_cluster" "main" {
  name     = "eks-main"
  role_arn = aws_iam_role.eks.arn
  vpc_config {
    subnet_ids = [aws_subnet.a.id, aws_subnet.b.id]
  }
}
"""
HCL = (
    NETWORK_HCL
    + CLUSTER_HCL
    + """
resource "aws_eks_node_group" "workers" {
  cluster_name    = aws_eks_cluster.main.name
  node_group_name = "workers"
  node_role_arn   = aws_iam_role.eks.arn
  subnet_ids      = [aws_subnet.b.id, aws_subnet.a.id]
  instance_types  = ["t3.large"]
  ami_type        = "AL2_x86_64"
  capacity_type   = "ON_DEMAND"
  disk_size       = 40
  labels = {
    role = "worker"
  }
  scaling_config {
    desired_size = 2
    min_size     = 1
    max_size     = 3
  }
  tags = { Team = "platform" }
}
"""
)


def apply(*groups: str) -> list[str]:
    """What `terraform apply` makes of HCL (and more node groups): their ARNs."""
    role, subnets = network()
    eks = boto3.client("eks", region_name=REGION)
    eks.create_cluster(name="eks-main", roleArn=role, resourcesVpcConfig={"subnetIds": subnets})
    return [
        str(
            eks.create_nodegroup(
                clusterName="eks-main",
                nodegroupName=name,
                nodeRole=role,
                subnets=subnets,
                instanceTypes=["t3.large"],
                amiType="AL2_x86_64",
                capacityType="ON_DEMAND",
                diskSize=40,
                labels={"role": "worker"},
                scalingConfig={"desiredSize": 2, "minSize": 1, "maxSize": 3},
                tags={"Team": "platform"},
            )["nodegroup"]["nodegroupArn"]
        )
        for name in ("workers", *groups)
    ]


def test_changed_scaling_and_labels_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    boto3.client("eks", region_name=REGION).update_nodegroup_config(
        clusterName="eks-main",
        nodegroupName="workers",
        scalingConfig={"desiredSize": 3, "maxSize": 5},
        labels={"addOrUpdateLabels": {"role": "batch", "extra": "x"}},
    )
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_eks_node_group.workers",
            [
                "labels.extra",
                "labels.role",
                "scaling_config.desired_size",
                "scaling_config.max_size",
            ],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, dict(c.params)) for c in calls] == [
        (
            "update_nodegroup_config",
            {
                "clusterName": "eks-main",
                "nodegroupName": "workers",
                "scalingConfig": {"desiredSize": 2, "minSize": 1, "maxSize": 3},
                "labels": {"addOrUpdateLabels": {"role": "worker"}, "removeLabels": ["extra"]},
            },
        )
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_other_tags_and_instance_types(aws: None, tmp_path: Path) -> None:
    (arn,) = apply()
    declared = HCL.replace('Team = "platform"', 'Team = "data"').replace("t3.large", "m5.large")
    directory = write(tmp_path / "tf", declared)
    assert drifts(scan(directory)) == [
        ("changed", "aws_eks_node_group.workers", ["instance_types[0]", "tags.Team"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [(c.operation, dict(c.params)) for c in calls] == [
        ("tag_resource", {"resourceArn": arn, "tags": {"Team": "data"}})
    ]
    assert any("instance_types of aws_eks_node_group.workers" in r for r in refusals)
    assert all("replace needed" in r for r in refusals)


def test_every_node_group_of_every_cluster_is_read(aws: None, tmp_path: Path) -> None:
    apply("batch", "gpu")
    directory = write(tmp_path / "tf", HCL)
    found = [d for d in drifts(scan(directory)) if d[1].startswith("aws_eks_node_group.")]
    assert found == [
        ("unmanaged", "aws_eks_node_group.eks-main:batch", []),
        ("unmanaged", "aws_eks_node_group.eks-main:gpu", []),
    ]


def test_a_deleted_node_group_is_missing_and_created_again(aws: None, tmp_path: Path) -> None:
    apply()
    boto3.client("eks", region_name=REGION).delete_nodegroup(
        clusterName="eks-main", nodegroupName="workers"
    )
    declared = HCL.replace("aws_iam_role.eks.arn", '"arn:aws:iam::123456789012:role/eks"')
    declared = declared.replace("aws_eks_cluster.main.name", '"eks-main"')
    directory = write(tmp_path / "tf", declared)
    assert drifts(scan(directory)) == [("missing", "aws_eks_node_group.workers", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.operation for c in calls] == ["create_nodegroup"]
    run(calls)
    assert drifts(scan(directory)) == []
