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

resource "aws_vpc_dhcp_options" "corp" {
  domain_name         = "breadth.example"
  domain_name_servers = ["10.60.0.2", "AmazonProvidedDNS"]
  ntp_servers         = ["10.60.0.3"]
  netbios_node_type   = "2"
}

resource "aws_vpc_dhcp_options_association" "main" {
  vpc_id          = aws_vpc.main.id
  dhcp_options_id = aws_vpc_dhcp_options.corp.id
}

resource "aws_ec2_managed_prefix_list" "office" {
  name           = "breadth-office"
  address_family = "IPv4"
  max_entries    = 5
  entry {
    cidr        = "198.51.100.0/24"
    description = "office"
  }
  entry {
    cidr = "203.0.113.0/24"
  }
  tags = {
    Name = "breadth-office"
  }
}

resource "aws_cloudwatch_log_group" "flow" {
  name = "/breadth/flow"
}

resource "aws_iam_role" "flow" {
  name = "breadth-flow"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "vpc-flow-logs.amazonaws.com" }
    }]
  })
}

resource "aws_flow_log" "main" {
  vpc_id                   = aws_vpc.main.id
  traffic_type             = "REJECT"
  log_destination          = aws_cloudwatch_log_group.flow.arn
  iam_role_arn             = aws_iam_role.flow.arn
  max_aggregation_interval = 60
  tags = {
    Name = "breadth-flow"
  }
}
