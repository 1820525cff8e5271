# A VPC with two private subnets for the databases and the cache
resource "aws_vpc" "db" {
  cidr_block = "10.60.0.0/16"
  tags = {
    Name = "db-vpc"
  }
}

resource "aws_subnet" "a" {
  vpc_id            = aws_vpc.db.id
  cidr_block        = "10.60.1.0/24"
  availability_zone = "us-east-1a"
}

resource "aws_subnet" "b" {
  vpc_id            = aws_vpc.db.id
  cidr_block        = "10.60.2.0/24"
  availability_zone = "us-east-1b"
}

resource "aws_security_group" "db" {
  name   = "db-postgres"
  vpc_id = aws_vpc.db.id
}
