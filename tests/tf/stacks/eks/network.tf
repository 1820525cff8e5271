# The VPC, subnets, security group and IAM roles the cluster and its node group use
resource "aws_vpc" "main" {
  cidr_block = "10.90.0.0/16"
  tags = {
    Name = "eks-main"
  }
}

resource "aws_subnet" "a" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.90.1.0/24"
  availability_zone = "us-east-1a"
  tags = {
    Name = "eks-a"
  }
}

resource "aws_subnet" "b" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.90.2.0/24"
  availability_zone = "us-east-1b"
  tags = {
    Name = "eks-b"
  }
}

resource "aws_security_group" "cluster" {
  name   = "eks-cluster"
  vpc_id = aws_vpc.main.id
}

resource "aws_iam_role" "cluster" {
  name = "eks-cluster"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "eks.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_role" "node" {
  name = "eks-node"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}
