# An application load balancer with a target group and a listener
resource "aws_lb_target_group" "web" {
  name                 = "lb-web"
  port                 = 80
  protocol             = "HTTP"
  vpc_id               = aws_vpc.main.id
  deregistration_delay = 60
  health_check {
    path    = "/health"
    matcher = "200"
  }
  tags = {
    Team = "web"
  }
}

resource "aws_lb" "web" {
  name               = "lb-web"
  internal           = true
  load_balancer_type = "application"
  subnets            = [aws_subnet.a.id, aws_subnet.b.id]
  idle_timeout       = 60
  tags = {
    Team = "web"
  }
}

resource "aws_lb_listener" "http" {
  load_balancer_arn = aws_lb.web.arn
  port              = 80
  protocol          = "HTTP"
  default_action {
    type             = "forward"
    target_group_arn = aws_lb_target_group.web.arn
  }
}

resource "aws_lb_listener_rule" "api" {
  listener_arn = aws_lb_listener.http.arn
  priority     = 10
  action {
    type             = "forward"
    target_group_arn = aws_lb_target_group.web.arn
  }
  condition {
    path_pattern {
      values = ["/api/*", "/v2/*"]
    }
  }
  condition {
    host_header {
      values = ["api.example.com"]
    }
  }
  tags = {
    Team = "api"
  }
}
