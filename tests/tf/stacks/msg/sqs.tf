# SQS: a queue with a dead-letter queue, and its access policy
resource "aws_sqs_queue" "dlq" {
  name = "tfm-jobs-dlq"
}

resource "aws_sqs_queue" "jobs" {
  name                       = "tfm-jobs"
  visibility_timeout_seconds = 60
  message_retention_seconds  = 86400
  redrive_policy = jsonencode({
    deadLetterTargetArn = aws_sqs_queue.dlq.arn
    maxReceiveCount     = 4
  })
  tags = {
    Team = "data"
  }
}

resource "aws_sqs_queue_policy" "jobs" {
  queue_url = aws_sqs_queue.jobs.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "AccountSend"
      Effect    = "Allow"
      Principal = { AWS = "arn:aws:iam::123456789012:root" }
      Action    = "sqs:SendMessage"
      Resource  = aws_sqs_queue.jobs.arn
    }]
  })
}
