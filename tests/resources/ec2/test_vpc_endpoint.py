"""aws_vpc_endpoint on moto: a gateway endpoint's route tables and policy, drift and
revert (ModifyVpcEndpoint)."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.23.0.0/16"
  tags       = { Name = "net-main" }
}

resource "aws_route_table" "private" {
  vpc_id = aws_vpc.main.id
  tags   = { Name = "net-private" }
}

resource "aws_vpc_endpoint" "s3" {
  vpc_id          = aws_vpc.main.id
  service_name    = "com.amazonaws.us-east-1.s3"
  route_table_ids = [aws_route_table.private.id]
  tags            = { Name = "net-s3" }
}
"""


def apply() -> dict[str, str]:
    ec2 = boto3.client("ec2", region_name="us-east-1")

    def tags(kind: str, name: str) -> list[dict[str, object]]:
        return [{"ResourceType": kind, "Tags": [{"Key": "Name", "Value": name}]}]

    vpc = ec2.create_vpc(CidrBlock="10.23.0.0/16", TagSpecifications=tags("vpc", "net-main"))
    vpc_id = vpc["Vpc"]["VpcId"]
    rt = ec2.create_route_table(VpcId=vpc_id, TagSpecifications=tags("route-table", "net-private"))
    rt_id = rt["RouteTable"]["RouteTableId"]
    endpoint = ec2.create_vpc_endpoint(
        VpcId=vpc_id,
        ServiceName="com.amazonaws.us-east-1.s3",
        VpcEndpointType="Gateway",
        RouteTableIds=[rt_id],
        TagSpecifications=tags("vpc-endpoint", "net-s3"),
    )["VpcEndpoint"]["VpcEndpointId"]
    return {"vpc": vpc_id, "rt": rt_id, "endpoint": endpoint}


def test_an_applied_endpoint_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 3


def test_a_route_table_added_out_of_band_is_drift_and_removed_again(
    aws: None, tmp_path: Path
) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    other = ec2.create_route_table(VpcId=ids["vpc"])["RouteTable"]["RouteTableId"]
    ec2.modify_vpc_endpoint(VpcEndpointId=ids["endpoint"], AddRouteTableIds=[other])
    directory = write(tmp_path / "tf", HCL)
    changed = drifts(scan(directory), "changed")
    assert [(k, a) for k, a, _ in changed] == [("changed", "aws_vpc_endpoint.s3")]
    assert all(p.startswith("route_table_ids") for p in changed[0][2])
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    modify = [c for c in calls if c.operation == "modify_vpc_endpoint"]
    assert [c.params.get("RemoveRouteTableIds") for c in modify] == [[other]]
    run(modify)
    assert drifts(scan(directory), "changed") == []
