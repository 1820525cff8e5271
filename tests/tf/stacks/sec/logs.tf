# CloudWatch: a log group with retention, a function's group declared to set retention
resource "aws_cloudwatch_log_group" "app" {
  name              = "/tfh/app"
  retention_in_days = 30
  tags = {
    Team = "app"
  }
}

resource "aws_cloudwatch_log_group" "fn" {
  name              = "/aws/lambda/tfh-handler"
  retention_in_days = 7
}
