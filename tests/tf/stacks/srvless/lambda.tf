# Lambda: a function (code an S3 object: moto stores it, never runs it), published once,
# and an alias to that version
resource "aws_iam_role" "fn" {
  name = "srvless-fn"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "lambda.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_s3_bucket" "code" {
  bucket = "srvless-code"
}

resource "aws_s3_object" "fn" {
  bucket  = aws_s3_bucket.code.id
  key     = "fn.zip"
  content = "not really a zip: moto stores the object and never runs it"
}

resource "aws_lambda_function" "fn" {
  function_name = "srvless-fn"
  role          = aws_iam_role.fn.arn
  handler       = "app.handler"
  runtime       = "python3.12"
  s3_bucket     = aws_s3_object.fn.bucket
  s3_key        = aws_s3_object.fn.key
  publish       = true
}

resource "aws_lambda_alias" "live" {
  name             = "live"
  function_name    = aws_lambda_function.fn.function_name
  function_version = aws_lambda_function.fn.version
  description      = "what users call"
}

# A layer of shared packages (its code an S3 object too)
resource "aws_s3_object" "deps" {
  bucket  = aws_s3_bucket.code.id
  key     = "deps.zip"
  content = "not really a zip either"
}

resource "aws_lambda_layer_version" "deps" {
  layer_name          = "srvless-deps"
  s3_bucket           = aws_s3_object.deps.bucket
  s3_key              = aws_s3_object.deps.key
  description         = "shared packages"
  compatible_runtimes = ["python3.12", "python3.11"]
}

# The function's errors, and a composite alarm over that alarm
resource "aws_cloudwatch_metric_alarm" "errors" {
  alarm_name          = "srvless-errors"
  namespace           = "AWS/Lambda"
  metric_name         = "Errors"
  statistic           = "Sum"
  period              = 60
  evaluation_periods  = 1
  threshold           = 1
  comparison_operator = "GreaterThanOrEqualToThreshold"
  dimensions = {
    FunctionName = aws_lambda_function.fn.function_name
  }
}

resource "aws_cloudwatch_composite_alarm" "service" {
  alarm_name        = "srvless-service"
  alarm_description = "the function is failing"
  alarm_rule        = "ALARM(\"${aws_cloudwatch_metric_alarm.errors.alarm_name}\")"
  tags = {
    team = "ops"
  }
}
