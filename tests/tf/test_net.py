"""driftctl reports what `terraform plan -refresh-only` reports, for the VPC networking
and EC2 types (#13): terraform applies tests/tf/stacks/net to moto, driftctl finds no
drift, then a person changes one thing per type out of band with boto3, and each tool
says what drifted (tests/tf/checks.py). Moto's gaps are in docs/resource-types.md.
"""

from __future__ import annotations

from tests.tf import harness
from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_internet_gateway.gw", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_route_table.public", "route", "ec2", "create_route",
        {"RouteTableId": "${self.id}", "DestinationCidrBlock": "10.70.0.0/16",
         "GatewayId": "${aws_internet_gateway.gw.id}"},
    ),
    Change(
        "aws_route_table_association.private", harness.MISSING, "ec2",
        "disassociate_route_table", {"AssociationId": "${self.id}"},
    ),
    Change(
        "aws_eip.nat", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_nat_gateway.a", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_network_acl.private", "ingress", "ec2", "create_network_acl_entry",
        {"NetworkAclId": "${self.id}", "RuleNumber": 200, "Protocol": "6",
         "RuleAction": "allow", "Egress": False, "CidrBlock": "0.0.0.0/0",
         "PortRange": {"From": 22, "To": 22}},
    ),
    Change(
        "aws_vpc_endpoint.s3", "route_table_ids", "ec2", "modify_vpc_endpoint",
        {"VpcEndpointId": "${self.id}", "AddRouteTableIds": ["${aws_route_table.public.id}"]},
    ),
    Change(
        "aws_key_pair.deploy", "tags.Team", "ec2", "create_tags",
        {"Resources": ["${self.key_pair_id}"], "Tags": [{"Key": "Team", "Value": "data"}]},
    ),
    Change(
        "aws_ebs_volume.data", "size", "ec2", "modify_volume",
        {"VolumeId": "${self.id}", "Size": 30},
    ),
    Change(
        "aws_instance.web", "source_dest_check", "ec2", "modify_instance_attribute",
        {"InstanceId": "${self.id}", "SourceDestCheck": {"Value": False}},
    ),
    Change(
        "aws_vpc_peering_connection.main_peer", "requester.allow_remote_vpc_dns_resolution",
        "ec2", "modify_vpc_peering_connection_options",
        {"VpcPeeringConnectionId": "${self.id}",
         "RequesterPeeringConnectionOptions": {"AllowDnsResolutionFromRemoteVpc": False}},
    ),
    Change(
        "aws_ec2_transit_gateway.hub", "dns_support", "ec2", "modify_transit_gateway",
        {"TransitGatewayId": "${self.id}", "Options": {"DnsSupport": "disable"}},
    ),
    Change(
        "aws_ec2_transit_gateway_vpc_attachment.main", "appliance_mode_support", "ec2",
        "modify_transit_gateway_vpc_attachment",
        {"TransitGatewayAttachmentId": "${self.id}",
         "Options": {"ApplianceModeSupport": "disable"}},
    ),
]  # fmt: skip

GROUP = Group("net", CHANGES)


class TestNet(StackChecks):
    group = GROUP

    def test_every_declared_resource_is_compared(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        assert summary["compared_share"] == 1.0
        assert summary["declared"] == summary["managed"]
