# The VPC the service's tasks run in
resource "aws_vpc" "main" {
  cidr_block = "10.81.0.0/16"
  tags = {
    Name = "ecs-main"
  }
}

resource "aws_subnet" "a" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.81.1.0/24"
  availability_zone = "us-east-1a"
  tags = {
    Name = "ecs-a"
  }
}

resource "aws_security_group" "web" {
  name        = "ecs-web"
  description = "ECS web tasks"
  vpc_id      = aws_vpc.main.id
  egress {
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }
}
