# The VPC the load balancer and the scaling group live in
resource "aws_vpc" "main" {
  cidr_block = "10.80.0.0/16"
  tags = {
    Name = "lb-main"
  }
}

resource "aws_subnet" "a" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.80.1.0/24"
  availability_zone = "us-east-1a"
  tags = {
    Name = "lb-a"
  }
}

resource "aws_subnet" "b" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.80.2.0/24"
  availability_zone = "us-east-1b"
  tags = {
    Name = "lb-b"
  }
}
