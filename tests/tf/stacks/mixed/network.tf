# VPC networking: a public subnet routed through an internet gateway, an Elastic IP
resource "aws_vpc" "x" {
  cidr_block           = "10.50.0.0/16"
  enable_dns_support   = true
  enable_dns_hostnames = true
  tags = {
    Name = "tfx"
  }
}

resource "aws_subnet" "x" {
  vpc_id            = aws_vpc.x.id
  cidr_block        = "10.50.1.0/24"
  availability_zone = "us-east-1b"
  tags = {
    Name = "tfx-public"
  }
}

resource "aws_internet_gateway" "x" {
  vpc_id = aws_vpc.x.id
  tags = {
    Name = "tfx"
  }
}

resource "aws_route_table" "x" {
  vpc_id = aws_vpc.x.id
  route {
    cidr_block = "0.0.0.0/0"
    gateway_id = aws_internet_gateway.x.id
  }
  tags = {
    Name = "tfx-public"
  }
}

resource "aws_route_table_association" "x" {
  subnet_id      = aws_subnet.x.id
  route_table_id = aws_route_table.x.id
}

resource "aws_security_group" "x" {
  name        = "tfx-app"
  description = "app tier"
  vpc_id      = aws_vpc.x.id
  ingress {
    from_port   = 8080
    to_port     = 8080
    protocol    = "tcp"
    cidr_blocks = ["10.50.0.0/16"]
  }
  tags = {
    Name = "tfx-app"
  }
}

resource "aws_eip" "x" {
  domain = "vpc"
  tags = {
    Name = "tfx"
  }
}
