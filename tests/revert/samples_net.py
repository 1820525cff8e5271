"""Revert samples of the VPC networking and EC2 types (merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_internet_gateway": (
        "igw-0123",
        {"vpc_id": "vpc-0old", "tags": {"a": "1"}},
        {"vpc_id": "vpc-0new", "tags": {"b": "2"}},
    ),
    "aws_route_table": (
        "rtb-0123",
        {
            "vpc_id": "vpc-0123",
            "route": [
                {"cidr_block": "0.0.0.0/0", "nat_gateway_id": "nat-0old"},
                {"cidr_block": "10.9.0.0/16", "vpc_peering_connection_id": "pcx-0123"},
            ],
            "propagating_vgws": ["vgw-0old"],
            "tags": {"a": "1"},
        },
        {
            "vpc_id": "vpc-0123",
            "route": [
                {"cidr_block": "0.0.0.0/0", "gateway_id": "igw-0123"},
                {"ipv6_cidr_block": "::/0", "egress_only_gateway_id": "eigw-0123"},
            ],
            "propagating_vgws": ["vgw-0new"],
            "tags": {"b": "2"},
        },
    ),
}
SAMPLES["aws_route_table_association"] = (
    "rtbassoc-0123",
    {"route_table_id": "rtb-0old", "subnet_id": "subnet-0123", "gateway_id": None},
    {"route_table_id": "rtb-0new", "subnet_id": "subnet-0123", "gateway_id": None},
)
SAMPLES["aws_eip"] = (
    "eipalloc-0123",
    {
        "domain": "vpc",
        "instance": "i-0old",
        "network_interface": "eni-0old",
        "public_ipv4_pool": "amazon",
        "association_id": "eipassoc-0123",
        "tags": {"a": "1"},
    },
    {
        "domain": "vpc",
        "instance": "i-0new",
        "network_interface": "eni-0old",
        "public_ipv4_pool": "amazon",
        "tags": {"b": "2"},
    },
)
SAMPLES["aws_nat_gateway"] = (
    "nat-0123",
    {
        "subnet_id": "subnet-0123",
        "allocation_id": "eipalloc-0123",
        "connectivity_type": "public",
        "tags": {"a": "1"},
    },
    {
        "subnet_id": "subnet-0123",
        "allocation_id": "eipalloc-0123",
        "connectivity_type": "public",
        "tags": {"b": "2"},
    },
)
_HTTPS = {
    "rule_no": 100,
    "action": "allow",
    "protocol": "6",
    "cidr_block": "0.0.0.0/0",
    "from_port": 443,
    "to_port": 443,
    "icmp_type": 0,
    "icmp_code": 0,
}
SAMPLES["aws_network_acl"] = (
    "acl-0123",
    {
        "vpc_id": "vpc-0123",
        "subnet_ids": [],
        "ingress": [_HTTPS, {**_HTTPS, "rule_no": 200, "from_port": 22, "to_port": 22}],
        "egress": [{**_HTTPS, "protocol": "-1", "from_port": 0, "to_port": 0}],
        "tags": {"a": "1"},
    },
    {
        "vpc_id": "vpc-0123",
        # a subnet moves between ACLs by hand (the plan says so): none here
        "subnet_ids": [],
        "ingress": [{**_HTTPS, "action": "deny"}, {**_HTTPS, "rule_no": 300, "protocol": "1"}],
        "egress": [],
        "tags": {"b": "2"},
    },
)
SAMPLES["aws_vpc_endpoint"] = (
    "vpce-0123",
    {
        "vpc_id": "vpc-0123",
        "service_name": "com.amazonaws.us-east-1.s3",
        "vpc_endpoint_type": "Gateway",
        "route_table_ids": ["rtb-0old"],
        "subnet_ids": [],
        "security_group_ids": ["sg-0old"],
        "private_dns_enabled": True,
        "policy": {"Version": "2012-10-17", "Statement": [{"Effect": "Deny", "Action": "*"}]},
        "tags": {"a": "1"},
    },
    {
        "vpc_id": "vpc-0123",
        "service_name": "com.amazonaws.us-east-1.s3",
        "vpc_endpoint_type": "Gateway",
        "route_table_ids": ["rtb-0new"],
        "subnet_ids": ["subnet-0new"],
        "security_group_ids": [],
        "private_dns_enabled": False,
        "policy": {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*"}]},
        "tags": {"b": "2"},
    },
)
SAMPLES["aws_key_pair"] = (
    "deploy",
    {
        "key_name": "deploy",
        "public_key": "ssh-ed25519 AAAAold",
        "key_pair_id": "key-0123",
        "tags": {"a": "1"},
    },
    {"key_name": "deploy", "public_key": "ssh-ed25519 AAAAold", "tags": {"b": "2"}},
)
SAMPLES["aws_ebs_volume"] = (
    "vol-0123",
    {
        "availability_zone": "us-east-1a",
        "size": 8,
        "type": "gp2",
        "iops": 100,
        "throughput": 0,
        "encrypted": False,
        "kms_key_id": "",
        "snapshot_id": "",
        "multi_attach_enabled": False,
        "tags": {"a": "1"},
    },
    {
        "availability_zone": "us-east-1a",
        "size": 20,
        "type": "gp3",
        "iops": 3000,
        "throughput": 125,
        "encrypted": False,
        "kms_key_id": "",
        "snapshot_id": "",
        "multi_attach_enabled": False,
        "tags": {"b": "2"},
    },
)
_INSTANCE = {
    "ami": "ami-0123",
    "instance_type": "t3.micro",
    "subnet_id": "subnet-0123",
    "key_name": "deploy",
    "iam_instance_profile": "",
    "ebs_optimized": False,
}
SAMPLES["aws_instance"] = (
    "i-0123",
    {
        **_INSTANCE,
        "vpc_security_group_ids": ["sg-0old"],
        "monitoring": True,
        "source_dest_check": False,
        "instance_state": "running",
        "tags": {"a": "1"},
    },
    {
        **_INSTANCE,
        "vpc_security_group_ids": ["sg-0new"],
        "monitoring": False,
        "source_dest_check": True,
        "tags": {"b": "2"},
    },
)
SAMPLES["aws_egress_only_internet_gateway"] = (
    "eigw-0123",
    {"vpc_id": "vpc-0123", "tags": {"a": "1"}},
    {"vpc_id": "vpc-0123", "tags": {"b": "2"}},
)
SAMPLES["aws_customer_gateway"] = (
    "cgw-0123",
    {"type": "ipsec.1", "bgp_asn": "65000", "ip_address": "198.51.100.10", "tags": {"a": "1"}},
    {"type": "ipsec.1", "bgp_asn": "65000", "ip_address": "198.51.100.10", "tags": {"b": "2"}},
)
SAMPLES["aws_vpn_gateway"] = (
    "vgw-0123",
    {"vpc_id": "vpc-0old", "amazon_side_asn": "64512", "tags": {"a": "1"}},
    {"vpc_id": "vpc-0new", "amazon_side_asn": "64512", "tags": {"b": "2"}},
)
SAMPLES["aws_vpc_dhcp_options"] = (
    "dopt-0123",
    {"domain_name": "corp.example", "domain_name_servers": ["10.0.0.2"], "tags": {"a": "1"}},
    {"domain_name": "corp.example", "domain_name_servers": ["10.0.0.2"], "tags": {"b": "2"}},
)
SAMPLES["aws_vpc_dhcp_options_association"] = (
    "dopt-0123-vpc-0123",
    {"dhcp_options_id": "dopt-0123", "vpc_id": "vpc-0123"},
    {"dhcp_options_id": "dopt-0123", "vpc_id": "vpc-0123"},
)
SAMPLES["aws_ec2_managed_prefix_list"] = (
    "pl-0123",
    {
        "name": "office",
        "address_family": "IPv4",
        "max_entries": 5,
        "entry": [{"cidr": "10.0.0.0/24", "description": "old"}],
        "version": 3,
        "tags": {"a": "1"},
    },
    {
        "name": "offices",
        "address_family": "IPv4",
        "max_entries": 10,
        "entry": [{"cidr": "10.1.0.0/24", "description": "new"}],
        "tags": {"b": "2"},
    },
)
SAMPLES["aws_flow_log"] = (
    "fl-0123",
    {
        "vpc_id": "vpc-0123",
        "traffic_type": "ALL",
        "log_destination_type": "cloud-watch-logs",
        "log_destination": "arn:aws:logs:us-east-1:123456789012:log-group:flow",
        "iam_role_arn": "arn:aws:iam::123456789012:role/flow",
        "max_aggregation_interval": 600,
        "tags": {"a": "1"},
    },
    {
        "vpc_id": "vpc-0123",
        "traffic_type": "ALL",
        "log_destination_type": "cloud-watch-logs",
        "log_destination": "arn:aws:logs:us-east-1:123456789012:log-group:flow",
        "iam_role_arn": "arn:aws:iam::123456789012:role/flow",
        "max_aggregation_interval": 600,
        "tags": {"b": "2"},
    },
)
SAMPLES["aws_vpc_peering_connection"] = (
    "pcx-0123",
    {
        "vpc_id": "vpc-0123",
        "peer_vpc_id": "vpc-0456",
        "requester": {"allow_remote_vpc_dns_resolution": False},
        "accepter": {"allow_remote_vpc_dns_resolution": False},
        "tags": {"a": "1"},
    },
    {
        "vpc_id": "vpc-0123",
        "peer_vpc_id": "vpc-0456",
        "requester": {"allow_remote_vpc_dns_resolution": True},
        "accepter": {"allow_remote_vpc_dns_resolution": True},
        "tags": {"b": "2"},
    },
)
SAMPLES["aws_ec2_transit_gateway"] = (
    "tgw-0123",
    {
        "description": "old",
        "amazon_side_asn": 64512,
        "auto_accept_shared_attachments": "disable",
        "default_route_table_association": "enable",
        "default_route_table_propagation": "enable",
        "dns_support": "enable",
        "vpn_ecmp_support": "enable",
        "multicast_support": "disable",
        "security_group_referencing_support": "disable",
        "transit_gateway_cidr_blocks": ["10.0.0.0/24"],
        "tags": {"a": "1"},
    },
    {
        "description": "new",
        "amazon_side_asn": 64513,
        "auto_accept_shared_attachments": "enable",
        "default_route_table_association": "disable",
        "default_route_table_propagation": "disable",
        "dns_support": "disable",
        "vpn_ecmp_support": "disable",
        "multicast_support": "disable",
        "security_group_referencing_support": "enable",
        "transit_gateway_cidr_blocks": ["10.1.0.0/24"],
        "tags": {"b": "2"},
    },
)
SAMPLES["aws_ec2_transit_gateway_vpc_attachment"] = (
    "tgw-attach-0123",
    {
        "transit_gateway_id": "tgw-0123",
        "vpc_id": "vpc-0123",
        "subnet_ids": ["subnet-0old"],
        "dns_support": "enable",
        "ipv6_support": "disable",
        "appliance_mode_support": "disable",
        "security_group_referencing_support": "enable",
        "tags": {"a": "1"},
    },
    {
        "transit_gateway_id": "tgw-0123",
        "vpc_id": "vpc-0123",
        "subnet_ids": ["subnet-0new"],
        "dns_support": "disable",
        "ipv6_support": "enable",
        "appliance_mode_support": "enable",
        "security_group_referencing_support": "disable",
        "tags": {"b": "2"},
    },
)
