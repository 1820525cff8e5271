# A log group with a metric filter and a subscription filter to a Kinesis stream
resource "aws_cloudwatch_log_group" "app" {
  name = "/breadth/app"
}

resource "aws_cloudwatch_log_metric_filter" "errors" {
  name           = "breadth-errors"
  log_group_name = aws_cloudwatch_log_group.app.name
  pattern        = "ERROR"

  metric_transformation {
    name          = "Errors"
    namespace     = "Breadth"
    value         = "1"
    default_value = "0"
  }
}

resource "aws_kinesis_stream" "logs" {
  name        = "breadth-logs"
  shard_count = 1
}

resource "aws_cloudwatch_log_subscription_filter" "ship" {
  name            = "breadth-ship"
  log_group_name  = aws_cloudwatch_log_group.app.name
  filter_pattern  = "ERROR"
  destination_arn = aws_kinesis_stream.logs.arn
}

resource "aws_cloudwatch_dashboard" "ops" {
  dashboard_name = "breadth-ops"
  dashboard_body = jsonencode({
    widgets = [{
      type   = "metric"
      x      = 0
      y      = 0
      width  = 12
      height = 6
      properties = {
        metrics = [["Breadth", "Errors"]]
        period  = 300
        stat    = "Sum"
        region  = "us-east-1"
        title   = "Errors"
      }
    }]
  })
}
