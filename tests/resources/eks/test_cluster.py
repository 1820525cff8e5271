"""aws_eks_cluster on moto: a cluster created as Terraform creates it is in sync; changed
log types and tags are drift that a revert puts back; endpoint access and version are
put back call by call (moto replaces the whole VPC configuration and has no
UpdateClusterVersion); another role needs a human; a hand-made cluster is unmanaged."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.eks.common import NETWORK_HCL, REGION, network
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = (
    NETWORK_HCL
    + """
resource "aws_eks_cluster" "main" {
  name                      = "eks-main"
  role_arn                  = aws_iam_role.eks.arn
  version                   = "1.29"
  enabled_cluster_log_types = ["audit", "api"]
  vpc_config {
    subnet_ids             = [aws_subnet.b.id, aws_subnet.a.id]
    endpoint_public_access = true
    public_access_cidrs    = ["10.0.0.0/8"]
  }
  tags = { Team = "platform" }
}
"""
)


def apply() -> tuple[str, list[str]]:
    """What `terraform apply` makes of HCL: the cluster's ARN and its subnets."""
    role, subnets = network()
    eks = boto3.client("eks", region_name=REGION)
    cluster = eks.create_cluster(
        name="eks-main",
        version="1.29",
        roleArn=role,
        resourcesVpcConfig={
            "subnetIds": subnets,
            "endpointPublicAccess": True,
            "endpointPrivateAccess": False,
            "publicAccessCidrs": ["10.0.0.0/8"],
        },
        logging={"clusterLogging": [{"types": ["api", "audit"], "enabled": True}]},
        tags={"Team": "platform"},
    )["cluster"]
    return str(cluster["arn"]), subnets


def test_changed_logs_and_tags_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    arn, _ = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    eks = boto3.client("eks", region_name=REGION)
    eks.update_cluster_config(
        name="eks-main",
        logging={"clusterLogging": [{"types": ["api", "scheduler"], "enabled": True}]},
    )
    eks.tag_resource(resourceArn=arn, tags={"Owner": "someone", "Team": "data"})
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_eks_cluster.main",
            [
                "enabled_cluster_log_types[1]",
                "enabled_cluster_log_types[1]",
                "tags.Owner",
                "tags.Team",
            ],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.operation for c in calls) == [
        "tag_resource",
        "untag_resource",
        "update_cluster_config",
    ]
    logging = next(c for c in calls if c.operation == "update_cluster_config").params["logging"]
    assert logging["clusterLogging"][0] == {"types": ["api", "audit"], "enabled": True}
    run(calls)
    assert drifts(scan(directory)) == []


def test_endpoint_access_and_version_are_put_back_call_by_call(aws: None, tmp_path: Path) -> None:
    _, subnets = apply()
    declared = HCL.replace('version                   = "1.29"', 'version = "1.30"')
    directory = write(tmp_path / "tf", declared)
    eks = boto3.client("eks", region_name=REGION)
    eks.update_cluster_config(  # moto replaces the whole configuration: send all of it
        name="eks-main",
        resourcesVpcConfig={
            "subnetIds": subnets,
            "endpointPublicAccess": True,
            "endpointPrivateAccess": True,
            "publicAccessCidrs": ["0.0.0.0/0"],
        },
    )
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_eks_cluster.main",
            [
                "version",
                "vpc_config.endpoint_private_access",
                "vpc_config.public_access_cidrs[0]",
            ],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, dict(c.params)) for c in calls] == [
        ("update_cluster_version", {"name": "eks-main", "version": "1.30"}),
        (
            "update_cluster_config",
            {
                "name": "eks-main",
                "resourcesVpcConfig": {
                    "endpointPrivateAccess": False,
                    "endpointPublicAccess": True,
                    "publicAccessCidrs": ["10.0.0.0/8"],
                },
            },
        ),
    ]


def test_another_role_or_subnets_need_a_human(aws: None, tmp_path: Path) -> None:
    apply()
    declared = HCL.replace("aws_iam_role.eks.arn", '"arn:aws:iam::123456789012:role/other"')
    declared = declared.replace("[aws_subnet.b.id, aws_subnet.a.id]", "[aws_subnet.a.id]")
    directory = write(tmp_path / "tf", declared)
    found = drifts(scan(directory))
    assert [(k, a) for k, a, _ in found] == [("changed", "aws_eks_cluster.main")]
    assert "role_arn" in found[0][2]
    assert any(p.startswith("vpc_config.subnet_ids") for p in found[0][2])
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert any("role_arn of aws_eks_cluster.main" in r and "replace" in r for r in refusals)
    assert any("vpc_config.subnet_ids" in r and "replace" in r for r in refusals)


def test_a_hand_made_cluster_is_unmanaged(aws: None, tmp_path: Path) -> None:
    role, subnets = network()
    boto3.client("eks", region_name=REGION).create_cluster(
        name="by-hand", roleArn=role, resourcesVpcConfig={"subnetIds": subnets}
    )
    directory = write(tmp_path / "tf", NETWORK_HCL)
    found = [d for d in drifts(scan(directory)) if d[1].startswith("aws_eks_cluster.")]
    assert found == [("unmanaged", "aws_eks_cluster.by-hand", [])]


def test_a_deleted_cluster_is_missing_and_created_again(aws: None, tmp_path: Path) -> None:
    apply()
    boto3.client("eks", region_name=REGION).delete_cluster(name="eks-main")
    # a literal role: the planner re-creates only from known values
    declared = HCL.replace("aws_iam_role.eks.arn", '"arn:aws:iam::123456789012:role/eks"')
    directory = write(tmp_path / "tf", declared)
    assert drifts(scan(directory)) == [("missing", "aws_eks_cluster.main", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.operation for c in calls] == ["create_cluster"]
    run(calls)
    assert drifts(scan(directory)) == []
