# What an application around the network holds: messaging, a table, keys, settings,
# logs and an alarm, an image repository, DNS, a bucket, a role and a group
resource "aws_sqs_queue" "x" {
  name                       = "tfx-jobs"
  visibility_timeout_seconds = 30
  tags = {
    Team = "app"
  }
}

resource "aws_sns_topic" "x" {
  name         = "tfx-events"
  display_name = "events"
}

resource "aws_sns_topic_subscription" "x" {
  topic_arn = aws_sns_topic.x.arn
  protocol  = "sqs"
  endpoint  = aws_sqs_queue.x.arn
}

resource "aws_dynamodb_table" "x" {
  name         = "tfx-orders"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "id"
  attribute {
    name = "id"
    type = "S"
  }
  tags = {
    Team = "app"
  }
}

resource "aws_kms_key" "x" {
  description             = "tfx data key"
  deletion_window_in_days = 7
}

resource "aws_kms_alias" "x" {
  name          = "alias/tfx-data"
  target_key_id = aws_kms_key.x.key_id
}

resource "aws_ssm_parameter" "x" {
  name  = "/tfx/log-level"
  type  = "String"
  value = "info"
}

resource "aws_secretsmanager_secret" "x" {
  name                    = "tfx-db"
  description             = "database credentials"
  recovery_window_in_days = 0
}

resource "aws_cloudwatch_log_group" "x" {
  name              = "/tfx/app"
  retention_in_days = 14
}

resource "aws_cloudwatch_metric_alarm" "x" {
  alarm_name          = "tfx-queue-depth"
  comparison_operator = "GreaterThanThreshold"
  evaluation_periods  = 1
  metric_name         = "ApproximateNumberOfMessagesVisible"
  namespace           = "AWS/SQS"
  period              = 60
  statistic           = "Average"
  threshold           = 100
  dimensions = {
    QueueName = aws_sqs_queue.x.name
  }
  tags = {
    Team = "app"
  }
}

resource "aws_ecr_repository" "x" {
  name                 = "tfx-app"
  image_tag_mutability = "MUTABLE"
}

resource "aws_route53_zone" "x" {
  name = "tfx.example"
}

resource "aws_route53_record" "x" {
  zone_id = aws_route53_zone.x.zone_id
  name    = "api.tfx.example"
  type    = "A"
  ttl     = 300
  records = ["10.50.1.10"]
}

resource "aws_s3_bucket" "x" {
  bucket = "tfx-artifacts"
  tags = {
    Team = "app"
  }
}

resource "aws_iam_role" "x" {
  name = "tfx-app"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ecs-tasks.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
  tags = {
    Team = "app"
  }
}

resource "aws_iam_group" "x" {
  name = "tfx-operators"
  path = "/ops/"
}
