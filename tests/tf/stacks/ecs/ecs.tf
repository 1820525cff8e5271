# A cluster with Container Insights, a Fargate web service on its task definition, and a
# worker task definition that follows its family's latest revision (track_latest)
resource "aws_ecs_cluster" "apps" {
  name = "ecs-apps"
  setting {
    name  = "containerInsights"
    value = "enabled"
  }
  tags = {
    Team = "platform"
  }
}

resource "aws_ecs_task_definition" "web" {
  family                   = "ecs-web"
  network_mode             = "awsvpc"
  requires_compatibilities = ["FARGATE"]
  cpu                      = "256"
  memory                   = "512"
  container_definitions = jsonencode([
    {
      name         = "app"
      image        = "nginx:1.25"
      essential    = true
      portMappings = [{ containerPort = 80 }]
      environment = [
        { name = "MODE", value = "web" },
        { name = "LOG_LEVEL", value = "info" },
      ]
    }
  ])
  tags = {
    Team = "web"
  }
}

resource "aws_ecs_task_definition" "worker" {
  family       = "ecs-worker"
  track_latest = true
  container_definitions = jsonencode([
    {
      name   = "worker"
      image  = "busybox:1.36"
      memory = 128
      command = ["sh", "-c", "sleep 3600"]
    }
  ])
}

resource "aws_ecs_service" "web" {
  name            = "ecs-web"
  cluster         = aws_ecs_cluster.apps.id
  task_definition = aws_ecs_task_definition.web.arn
  desired_count   = 1
  launch_type     = "FARGATE"
  network_configuration {
    subnets         = [aws_subnet.a.id]
    security_groups = [aws_security_group.web.id]
  }
  tags = {
    Team = "web"
  }
}
