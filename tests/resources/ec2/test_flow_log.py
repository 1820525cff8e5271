"""aws_flow_log on moto: scan (a log group's ARN with or without `:*`), an unmanaged flow
log, drift reverted and codified, what no call changes, CloudFormation, Crossplane and
ACK declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

ROLE = "arn:aws:iam::123456789012:role/flow"
GROUP = "arn:aws:logs:us-east-1:123456789012:log-group:/fl/main"
HCL = f"""
resource "aws_vpc" "main" {{
  cidr_block = "10.44.0.0/16"
  tags       = {{ Name = "fl-main" }}
}}

resource "aws_flow_log" "main" {{
  vpc_id          = aws_vpc.main.id
  traffic_type    = "REJECT"
  log_destination = "{GROUP}"
  iam_role_arn    = "{ROLE}"
  tags            = {{ Name = "fl-main" }}
}}
"""


def ec2() -> Any:
    return boto3.client("ec2", region_name="us-east-1")


def apply(destination: str = GROUP + ":*", traffic: str = "REJECT", name: str = "fl-main") -> str:
    vpcs = ec2().describe_vpcs(Filters=[{"Name": "tag:Name", "Values": ["fl-main"]}])["Vpcs"]
    if vpcs:
        vpc = vpcs[0]["VpcId"]
    else:
        spec = [{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": "fl-main"}]}]
        vpc = ec2().create_vpc(CidrBlock="10.44.0.0/16", TagSpecifications=spec)["Vpc"]["VpcId"]
    found = ec2().create_flow_logs(
        ResourceIds=[vpc],
        ResourceType="VPC",
        TrafficType=traffic,
        LogDestination=destination,
        DeliverLogsPermissionArn=ROLE,
        TagSpecifications=[
            {"ResourceType": "vpc-flow-log", "Tags": [{"Key": "Name", "Value": name}]}
        ],
    )
    return str(found["FlowLogIds"][0])


def test_an_applied_flow_log_is_in_sync_and_another_is_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()  # AWS's ARN of the group ends in :* where Terraform's does not
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 2
    other = apply(GROUP + "-all", traffic="ALL", name="fl-all")
    assert drifts(scan(directory)) == [("unmanaged", f"aws_flow_log.{other}", [])]


def test_tags_are_reverted_and_the_traffic_type_is_for_a_human(aws: None, tmp_path: Path) -> None:
    flow = apply()
    ec2().create_tags(Resources=[flow], Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", "aws_flow_log.main", ["tags.Owner"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert (refusals, [c.name for c in calls]) == ([], ["ec2.delete_tags"])
    run(calls)
    assert drifts(scan(directory)) == []
    # the interval Terraform defaults to 600 when unset: 60 live is drift
    changed = write(
        tmp_path / "tf2", HCL.replace('"REJECT"', '"REJECT"\n  max_aggregation_interval = 60')
    )
    assert drifts(scan(changed)) == [("changed", "aws_flow_log.main", ["max_aggregation_interval"])]
    calls, refusals = plan_calls(tmp_path, changed)
    assert calls == [] and any("replace needed" in r for r in refusals), refusals


def test_a_deleted_flow_log_is_created_again(aws: None, tmp_path: Path) -> None:
    flow = apply()
    ec2().delete_flow_logs(FlowLogIds=[flow])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_flow_log.main", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["ec2.create_flow_logs"]
    assert calls[0].params["ResourceType"] == "VPC"
    run(calls)
    assert drifts(scan(directory)) == []


def test_changed_tags_are_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    flow = apply()
    ec2().create_tags(Resources=[flow], Tags=[{"Key": "Name", "Value": "fl-renamed"}])
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"fl-renamed"' in plan.diff


def _changed(report: dict[str, Any]) -> list[str]:
    return sorted(
        c["path"]
        for d in report["drifts"]
        if d["kind"] == "changed" and d["type"] == "aws_flow_log"
        for c in d["changes"]
        if not c["path"].startswith("tags.")
    )


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    flow = apply()
    vpc = ec2().describe_flow_logs(FlowLogIds=[flow])["FlowLogs"][0]["ResourceId"]
    cfn = template(
        tmp_path / "cfn",
        f"""  Main:
    Type: AWS::EC2::FlowLog
    Properties:
      ResourceType: VPC
      ResourceId: {vpc}
      TrafficType: REJECT
      LogDestination: "{GROUP}"
      DeliverLogsPermissionArn: {ROLE}
      MaxAggregationInterval: 600
      Tags: [{{Key: Name, Value: fl-main}}]
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["type"] == "aws_flow_log"] == []
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ec2.aws.upbound.io/v1beta1
kind: FlowLog
metadata:
  name: main
  annotations:
    crossplane.io/external-name: {flow}
spec:
  forProvider:
    region: us-east-1
    vpcId: {vpc}
    trafficType: ALL
    logDestination: "{GROUP}"
    iamRoleArn: {ROLE}
""",
    )
    assert _changed(scan_source(crossplane)[0]) == ["traffic_type"]
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: ec2.services.k8s.aws/v1alpha1
kind: FlowLog
metadata:
  name: main
spec:
  resourceType: VPC
  resourceID: {vpc}
  trafficType: REJECT
  logDestination: "{GROUP}"
  deliverLogsPermissionARN: {ROLE}
  maxAggregationInterval: 60
""",
    )
    assert _changed(scan_source(ack)[0]) == ["max_aggregation_interval"]
