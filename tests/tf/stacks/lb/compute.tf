# A launch template, a scaling group of no instances, and a volume attached to an instance
resource "aws_launch_template" "web" {
  name          = "lb-web"
  image_id      = "ami-12c6146b"
  instance_type = "t3.micro"
  tags = {
    Team = "web"
  }
}

resource "aws_autoscaling_group" "web" {
  name                = "lb-web"
  min_size            = 0
  max_size            = 2
  desired_capacity    = 0
  vpc_zone_identifier = [aws_subnet.a.id, aws_subnet.b.id]
  target_group_arns   = [aws_lb_target_group.web.arn]
  launch_template {
    id      = aws_launch_template.web.id
    version = "$Latest"
  }
  tag {
    key                 = "Team"
    value               = "web"
    propagate_at_launch = true
  }
}

resource "aws_instance" "db" {
  ami           = "ami-12c6146b"
  instance_type = "t3.micro"
  subnet_id     = aws_subnet.a.id
  tags = {
    Name = "lb-db"
  }
}

resource "aws_ebs_volume" "data" {
  availability_zone = "us-east-1a"
  size              = 10
  tags = {
    Name = "lb-data"
  }
}

resource "aws_volume_attachment" "data" {
  device_name = "/dev/sdf"
  volume_id   = aws_ebs_volume.data.id
  instance_id = aws_instance.db.id
}

resource "aws_autoscaling_policy" "scale_out" {
  name                   = "lb-scale-out"
  autoscaling_group_name = aws_autoscaling_group.web.name
  adjustment_type        = "ChangeInCapacity"
  scaling_adjustment     = 1
  cooldown               = 120
}

resource "aws_autoscaling_policy" "cpu" {
  name                   = "lb-cpu"
  autoscaling_group_name = aws_autoscaling_group.web.name
  policy_type            = "TargetTrackingScaling"
  target_tracking_configuration {
    target_value = 60
    predefined_metric_specification {
      predefined_metric_type = "ASGAverageCPUUtilization"
    }
  }
}

resource "aws_autoscaling_lifecycle_hook" "launch" {
  name                   = "lb-launch"
  autoscaling_group_name = aws_autoscaling_group.web.name
  lifecycle_transition   = "autoscaling:EC2_INSTANCE_LAUNCHING"
  default_result         = "CONTINUE"
  heartbeat_timeout      = 300
}
