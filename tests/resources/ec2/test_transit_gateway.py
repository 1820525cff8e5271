"""aws_ec2_transit_gateway on moto: scan (the options AWS leaves out are its defaults), an
unmanaged gateway, options and tags reverted with ModifyTransitGateway, multicast support
for a human, a deleted gateway created again, codify, CloudFormation, Crossplane and ACK
declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_ec2_transit_gateway" "hub" {
  description                     = "hub"
  amazon_side_asn                 = 64600
  default_route_table_propagation = "disable"
  tags                            = { Name = "tgw-hub" }
}
"""


def ec2() -> Any:
    return boto3.client("ec2", region_name="us-east-1")


def apply(name: str = "tgw-hub", description: str = "hub") -> str:
    made = ec2().create_transit_gateway(
        Description=description,
        Options={"AmazonSideAsn": 64600, "DefaultRouteTablePropagation": "disable"},
        TagSpecifications=[
            {"ResourceType": "transit-gateway", "Tags": [{"Key": "Name", "Value": name}]}
        ],
    )
    return str(made["TransitGateway"]["TransitGatewayId"])


def test_an_applied_gateway_is_in_sync_and_another_is_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1
    other = apply("tgw-other", "other")
    assert drifts(scan(directory)) == [("unmanaged", f"aws_ec2_transit_gateway.{other}", [])]


def test_options_and_tags_are_reverted_and_multicast_is_for_a_human(
    aws: None, tmp_path: Path
) -> None:
    tgw = apply()
    ec2().modify_transit_gateway(
        TransitGatewayId=tgw,
        Description="changed",
        Options={"DnsSupport": "disable", "DefaultRouteTablePropagation": "enable"},
    )
    ec2().create_tags(Resources=[tgw], Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    changed = ["default_route_table_propagation", "description", "dns_support", "tags.Owner"]
    assert drifts(scan(directory)) == [("changed", "aws_ec2_transit_gateway.hub", changed)]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["ec2.delete_tags", "ec2.modify_transit_gateway"]
    modify = next(c for c in calls if c.name == "ec2.modify_transit_gateway")
    assert modify.params["Options"] == {
        "DefaultRouteTablePropagation": "disable",
        "DnsSupport": "enable",
    }
    run(calls)
    assert drifts(scan(directory)) == []
    multicast = write(
        tmp_path / "tf2", HCL.replace('"disable"', '"disable"\n  multicast_support = "enable"')
    )
    assert drifts(scan(multicast)) == [
        ("changed", "aws_ec2_transit_gateway.hub", ["multicast_support"])
    ]
    calls, refusals = plan_calls(tmp_path, multicast)
    assert calls == [] and any("replace needed" in r for r in refusals), refusals


def test_a_deleted_gateway_is_created_again(aws: None, tmp_path: Path) -> None:
    tgw = apply()
    ec2().delete_transit_gateway(TransitGatewayId=tgw)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_ec2_transit_gateway.hub", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["ec2.create_transit_gateway"]
    assert calls[0].params["Options"]["AmazonSideAsn"] == 64600
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_changed_description_is_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    tgw = apply()
    ec2().modify_transit_gateway(TransitGatewayId=tgw, Description="renamed hub")
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"renamed hub"' in plan.diff


def _changed(report: dict[str, Any]) -> list[str]:
    return sorted(
        c["path"]
        for d in report["drifts"]
        if d["kind"] == "changed" and d["type"] == "aws_ec2_transit_gateway"
        for c in d["changes"]
        if not c["path"].startswith("tags.")
    )


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    tgw = apply()
    cfn = template(
        tmp_path / "cfn",
        """  Main:
    Type: AWS::EC2::TransitGateway
    Properties:
      Description: hub
      AmazonSideAsn: 64600
      DefaultRouteTablePropagation: disable
      Tags: [{Key: Name, Value: tgw-hub}]
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["type"] == "aws_ec2_transit_gateway"] == []
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ec2.aws.upbound.io/v1beta1
kind: TransitGateway
metadata:
  name: main
  annotations:
    crossplane.io/external-name: {tgw}
spec:
  forProvider:
    region: us-east-1
    description: hub
    amazonSideAsn: 64600
""",
    )
    assert _changed(scan_source(crossplane)[0]) == ["default_route_table_propagation"]
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: ec2.services.k8s.aws/v1alpha1
kind: TransitGateway
metadata:
  name: main
spec:
  description: hub
  options:
    amazonSideASN: 64600
    defaultRouteTablePropagation: disable
    dnsSupport: disable
""",
    )
    assert _changed(scan_source(ack)[0]) == ["dns_support"]
