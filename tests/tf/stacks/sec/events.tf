# EventBridge: a rule on the default bus with a target
resource "aws_cloudwatch_event_rule" "ec2" {
  name        = "tfh-ec2-changes"
  description = "EC2 state changes"
  event_pattern = jsonencode({
    source      = ["aws.ec2"]
    detail-type = ["EC2 Instance State-change Notification"]
  })
  tags = {
    Team = "app"
  }
}

resource "aws_cloudwatch_event_target" "log" {
  rule      = aws_cloudwatch_event_rule.ec2.name
  target_id = "to-logs"
  arn       = aws_cloudwatch_log_group.app.arn
}
