# A second VPC, peered with the main one
resource "aws_vpc" "peer" {
  cidr_block = "10.61.0.0/16"
  tags = {
    Name = "net-peer"
  }
}

resource "aws_vpc_peering_connection" "main_peer" {
  vpc_id      = aws_vpc.main.id
  peer_vpc_id = aws_vpc.peer.id
  auto_accept = true

  requester {
    allow_remote_vpc_dns_resolution = true
  }

  tags = {
    Name = "net-main-peer"
  }
}

# A transit gateway, the main VPC attached to it
resource "aws_ec2_transit_gateway" "hub" {
  description                     = "net hub"
  amazon_side_asn                 = 64600
  default_route_table_propagation = "disable"
  tags = {
    Name = "net-hub"
  }
}

resource "aws_ec2_transit_gateway_vpc_attachment" "main" {
  transit_gateway_id     = aws_ec2_transit_gateway.hub.id
  vpc_id                 = aws_vpc.main.id
  subnet_ids             = [aws_subnet.private.id]
  appliance_mode_support = "enable"
  tags = {
    Name = "net-main-attachment"
  }
}
