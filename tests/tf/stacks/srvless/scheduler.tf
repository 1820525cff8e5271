# EventBridge Scheduler: a schedule group of its own
resource "aws_scheduler_schedule_group" "nightly" {
  name = "srvless-nightly"
  tags = {
    team = "ops"
  }
}

# A schedule in that group, sending a message to the bus's queue every hour
resource "aws_scheduler_schedule" "hourly" {
  name                = "srvless-hourly"
  group_name          = aws_scheduler_schedule_group.nightly.name
  description         = "the hourly job"
  schedule_expression = "rate(1 hour)"

  flexible_time_window {
    mode = "OFF"
  }

  target {
    arn      = aws_sqs_queue.bus_dlq.arn
    role_arn = aws_iam_role.fn.arn
    input    = jsonencode({ job = "hourly" })
  }
}
