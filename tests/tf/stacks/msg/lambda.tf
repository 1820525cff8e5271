# Lambda: a function whose code is an S3 object (moto stores it; it never runs here)
resource "aws_iam_role" "worker" {
  name = "tfm-worker"
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
  bucket = "tfm-code"
}

resource "aws_s3_object" "worker" {
  bucket  = aws_s3_bucket.code.id
  key     = "worker.zip"
  content = "not really a zip: moto stores the object and never runs it"
}

resource "aws_lambda_function" "worker" {
  function_name = "tfm-worker"
  role          = aws_iam_role.worker.arn
  handler       = "app.handler"
  runtime       = "python3.12"
  s3_bucket     = aws_s3_object.worker.bucket
  s3_key        = aws_s3_object.worker.key
  memory_size   = 256
  timeout       = 10

  environment {
    variables = {
      MODE = "prod"
    }
  }

  tags = {
    Team = "jobs"
  }
}

resource "aws_lambda_permission" "uploads" {
  statement_id  = "AllowS3"
  action        = "lambda:InvokeFunction"
  function_name = aws_lambda_function.worker.function_name
  principal     = "s3.amazonaws.com"
  source_arn    = aws_s3_bucket.code.arn
}

resource "aws_lambda_event_source_mapping" "jobs" {
  event_source_arn = aws_sqs_queue.jobs.arn
  function_name    = aws_lambda_function.worker.arn
  batch_size       = 5
}
