# The second wave's networking types, in the VPC of vpc.tf
resource "aws_egress_only_internet_gateway" "v6" {
  vpc_id = aws_vpc.main.id
  tags = {
    Name = "breadth-v6"
  }
}

resource "aws_customer_gateway" "office" {
  bgp_asn    = 65000
  ip_address = "198.51.100.10"
  type       = "ipsec.1"
  tags = {
    Name = "breadth-office"
  }
}

resource "aws_vpn_gateway" "vpn" {
  vpc_id          = aws_vpc.main.id
  amazon_side_asn = 64620
  tags = {
    Name = "breadth-vpn"
  }
}
