# CloudWatch: an alarm on a metric, with a dimension and an action
resource "aws_cloudwatch_metric_alarm" "cpu" {
  alarm_name          = "tfh-cpu-high"
  comparison_operator = "GreaterThanOrEqualToThreshold"
  evaluation_periods  = 2
  metric_name         = "CPUUtilization"
  namespace           = "AWS/EC2"
  period              = 300
  statistic           = "Average"
  threshold           = 80
  alarm_description   = "CPU above 80%"
  dimensions = {
    AutoScalingGroupName = "tfh-web"
  }
  tags = {
    Team = "app"
  }
}
