# The service's front and its database: an internal load balancer forwarding to a target
# group filled by a scaling group, and a Postgres instance in a subnet group
resource "aws_subnet" "private_c" {
  vpc_id            = aws_vpc.x.id
  cidr_block        = "10.50.3.0/24"
  availability_zone = "us-east-1c"
  tags = {
    Name = "tfx-private-c"
  }
}

resource "aws_lb_target_group" "x" {
  name     = "tfx-app"
  port     = 8080
  protocol = "HTTP"
  vpc_id   = aws_vpc.x.id
  health_check {
    path = "/healthz"
  }
}

resource "aws_lb" "x" {
  name            = "tfx-app"
  internal        = true
  subnets         = [aws_subnet.private.id, aws_subnet.private_c.id]
  security_groups = [aws_security_group.x.id]
  tags = {
    Team = "app"
  }
}

resource "aws_lb_listener" "x" {
  load_balancer_arn = aws_lb.x.arn
  port              = 80
  protocol          = "HTTP"
  default_action {
    type             = "forward"
    target_group_arn = aws_lb_target_group.x.arn
  }
}

resource "aws_launch_template" "x" {
  name_prefix   = "tfx-app-"
  image_id      = "ami-12c6146b"
  instance_type = "t3.micro"
}

resource "aws_autoscaling_group" "x" {
  name                = "tfx-app"
  min_size            = 0
  max_size            = 3
  desired_capacity    = 0
  vpc_zone_identifier = [aws_subnet.private.id, aws_subnet.private_c.id]
  target_group_arns   = [aws_lb_target_group.x.arn]
  launch_template {
    id      = aws_launch_template.x.id
    version = "$Latest"
  }
}

resource "aws_db_subnet_group" "x" {
  name       = "tfx-db"
  subnet_ids = [aws_subnet.private.id, aws_subnet.private_c.id]
}

resource "aws_db_instance" "x" {
  identifier             = "tfx-db"
  engine                 = "postgres"
  engine_version         = "16.3"
  instance_class         = "db.t3.micro"
  allocated_storage      = 20
  username               = "app"
  password               = "not-a-real-password"
  db_subnet_group_name   = aws_db_subnet_group.x.name
  vpc_security_group_ids = [aws_security_group.x.id]
  skip_final_snapshot    = true
}
