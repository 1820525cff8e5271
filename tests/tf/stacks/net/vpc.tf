# The VPC the networking types live in
resource "aws_vpc" "main" {
  cidr_block = "10.60.0.0/16"
  tags = {
    Name = "net-main"
  }
}

resource "aws_subnet" "public" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.60.1.0/24"
  availability_zone = "us-east-1a"
  tags = {
    Name = "net-public"
  }
}

resource "aws_subnet" "private" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.60.2.0/24"
  availability_zone = "us-east-1a"
  tags = {
    Name = "net-private"
  }
}
