"""The ECS types declared by CloudFormation, Crossplane and ACK, scanned against moto:
CloudFormation's PascalCase container definitions and `!Ref`s to the cluster (its name)
and the task definition (its ARN) match what AWS holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.ecs.test_service import FARGATE, network
from tests.resources.formats import manifests, scan_source, template


def apply() -> dict[str, str]:
    ids = network()
    ecs = boto3.client("ecs", region_name="us-east-1")
    ecs.create_cluster(
        clusterName="apps",
        settings=[{"name": "containerInsights", "value": "enabled"}],
        tags=[{"key": "Team", "value": "web"}],
    )
    ecs.register_task_definition(
        **FARGATE,
        containerDefinitions=[
            {
                "name": "app",
                "image": "nginx",
                "portMappings": [{"containerPort": 80}],
                "logConfiguration": {"logDriver": "awslogs", "options": {"awslogs-group": "web"}},
            }
        ],
    )
    ecs.create_service(
        cluster="apps",
        serviceName="web",
        taskDefinition="web:1",
        desiredCount=2,
        launchType="FARGATE",
        networkConfiguration={
            "awsvpcConfiguration": {"subnets": [ids["subnet"]], "securityGroups": [ids["sg"]]}
        },
    )
    return ids


def ecs_drifts(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    return sorted(
        (d["kind"], d["type"], sorted(c["path"] for c in d["changes"]))
        for d in report["drifts"]
        if d["type"].startswith("aws_ecs_")
    )


def test_cloudformation_declares_the_cluster_task_definition_and_service(
    aws: None, tmp_path: Path
) -> None:
    ids = apply()
    source = template(
        tmp_path / "cfn",
        f"""  Apps:
    Type: AWS::ECS::Cluster
    Properties:
      ClusterName: apps
      ClusterSettings: [{{Name: containerInsights, Value: enabled}}]
      Tags: [{{Key: Team, Value: web}}]
  Web:
    Type: AWS::ECS::TaskDefinition
    Properties:
      Family: web
      NetworkMode: awsvpc
      RequiresCompatibilities: [FARGATE]
      Cpu: "256"
      Memory: "512"
      ContainerDefinitions:
        - Name: app
          Image: nginx
          PortMappings: [{{ContainerPort: 80}}]
          LogConfiguration:
            LogDriver: awslogs
            Options: {{awslogs-group: web}}
  Service:
    Type: AWS::ECS::Service
    Properties:
      ServiceName: web
      Cluster: !Ref Apps
      TaskDefinition: !Ref Web
      DesiredCount: 2
      LaunchType: FARGATE
      NetworkConfiguration:
        AwsvpcConfiguration:
          Subnets: ["{ids["subnet"]}"]
          SecurityGroups: ["{ids["sg"]}"]
""",
    )
    report, _ = scan_source(source)
    assert ecs_drifts(report) == []
    boto3.client("ecs", region_name="us-east-1").update_service(
        cluster="apps", service="web", desiredCount=4
    )
    report, _ = scan_source(source)
    assert ecs_drifts(report) == [("changed", "aws_ecs_service", ["desired_count"])]


def test_crossplane_and_ack_declare_the_cluster(aws: None, tmp_path: Path) -> None:
    apply()
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: ecs.aws.upbound.io/v1beta1
kind: Cluster
metadata:
  name: apps
spec:
  forProvider:
    region: us-east-1
    setting:
      - name: containerInsights
        value: disabled
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: ecs.services.k8s.aws/v1alpha1
kind: Cluster
metadata:
  name: apps
spec:
  name: apps
  settings:
    - name: containerInsights
      value: enabled
  tags:
    - key: Team
      value: web
""",
    )
    report, _ = scan_source(crossplane)
    # the provider tags what it manages (crossplane-kind, -name, -providerconfig): a
    # cluster created without them, and its Team tag the manifest does not declare, differ
    tags = ["tags.Team", "tags.crossplane-kind", "tags.crossplane-name"]
    assert [d for d in ecs_drifts(report) if d[1] == "aws_ecs_cluster"] == [
        ("changed", "aws_ecs_cluster", ["setting[0]", *tags, "tags.crossplane-providerconfig"])
    ]
    report, _ = scan_source(ack)
    cluster = [d for d in ecs_drifts(report) if d[1] == "aws_ecs_cluster"]
    assert [d for d in cluster if d[0] != "unmanaged"] == []
