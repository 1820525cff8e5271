# What a platform team adds around the application: bucket settings, IAM policies and a
# user, a function fed by the queue, queue and topic policies, events, an image lifecycle,
# a certificate, a private subnet behind a NAT gateway, an endpoint, a host and its disk
resource "aws_s3_bucket_versioning" "x" {
  bucket = aws_s3_bucket.x.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_s3_bucket_server_side_encryption_configuration" "x" {
  bucket = aws_s3_bucket.x.id
  rule {
    apply_server_side_encryption_by_default {
      sse_algorithm = "AES256"
    }
  }
}

resource "aws_s3_bucket_public_access_block" "x" {
  bucket                  = aws_s3_bucket.x.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}

resource "aws_s3_bucket_policy" "x" {
  bucket = aws_s3_bucket.x.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "AppReads"
      Effect    = "Allow"
      Principal = { AWS = aws_iam_role.x.arn }
      Action    = "s3:GetObject"
      Resource  = "${aws_s3_bucket.x.arn}/*"
    }]
  })
}

resource "aws_s3_object" "code" {
  bucket  = aws_s3_bucket.x.id
  key     = "worker.zip"
  content = "not really a zip: moto stores the object and never runs it"
}

resource "aws_iam_policy" "x" {
  name = "tfx-read-artifacts"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect   = "Allow"
      Action   = ["s3:GetObject"]
      Resource = "${aws_s3_bucket.x.arn}/*"
    }]
  })
}

resource "aws_iam_role_policy_attachment" "x" {
  role       = aws_iam_role.x.name
  policy_arn = aws_iam_policy.x.arn
}

resource "aws_iam_role_policy" "x" {
  name = "tfx-queue"
  role = aws_iam_role.x.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect   = "Allow"
      Action   = ["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes"]
      Resource = aws_sqs_queue.x.arn
    }]
  })
}

resource "aws_iam_user" "x" {
  name = "tfx-deployer"
  tags = {
    Team = "platform"
  }
}

resource "aws_lambda_function" "x" {
  function_name = "tfx-worker"
  role          = aws_iam_role.x.arn
  handler       = "app.handler"
  runtime       = "python3.12"
  s3_bucket     = aws_s3_object.code.bucket
  s3_key        = aws_s3_object.code.key
  memory_size   = 256
  timeout       = 30
}

resource "aws_lambda_permission" "x" {
  statement_id  = "AllowEvents"
  action        = "lambda:InvokeFunction"
  function_name = aws_lambda_function.x.function_name
  principal     = "events.amazonaws.com"
  source_arn    = aws_cloudwatch_event_rule.x.arn
}

resource "aws_lambda_event_source_mapping" "x" {
  event_source_arn = aws_sqs_queue.x.arn
  function_name    = aws_lambda_function.x.arn
  batch_size       = 10
}

resource "aws_sqs_queue_policy" "x" {
  queue_url = aws_sqs_queue.x.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "TopicSends"
      Effect    = "Allow"
      Principal = { Service = "sns.amazonaws.com" }
      Action    = "sqs:SendMessage"
      Resource  = aws_sqs_queue.x.arn
      Condition = { ArnEquals = { "aws:SourceArn" = aws_sns_topic.x.arn } }
    }]
  })
}

resource "aws_sns_topic_policy" "x" {
  arn = aws_sns_topic.x.arn
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "EventsPublish"
      Effect    = "Allow"
      Principal = { Service = "events.amazonaws.com" }
      Action    = "sns:Publish"
      Resource  = aws_sns_topic.x.arn
    }]
  })
}

resource "aws_cloudwatch_event_rule" "x" {
  name                = "tfx-nightly"
  description         = "nightly compaction"
  schedule_expression = "cron(0 3 * * ? *)"
}

resource "aws_cloudwatch_event_target" "x" {
  rule      = aws_cloudwatch_event_rule.x.name
  target_id = "worker"
  arn       = aws_lambda_function.x.arn
}

resource "aws_ecr_lifecycle_policy" "x" {
  repository = aws_ecr_repository.x.name
  policy = jsonencode({
    rules = [{
      rulePriority = 1
      description  = "keep 20 images"
      selection = {
        tagStatus   = "any"
        countType   = "imageCountMoreThan"
        countNumber = 20
      }
      action = { type = "expire" }
    }]
  })
}

resource "aws_acm_certificate" "x" {
  domain_name       = "api.tfx.example"
  validation_method = "DNS"
  tags = {
    Team = "app"
  }
}

resource "aws_subnet" "private" {
  vpc_id            = aws_vpc.x.id
  cidr_block        = "10.50.2.0/24"
  availability_zone = "us-east-1b"
  tags = {
    Name = "tfx-private"
  }
}

resource "aws_nat_gateway" "x" {
  subnet_id     = aws_subnet.x.id
  allocation_id = aws_eip.x.id
  tags = {
    Name = "tfx"
  }
  depends_on = [aws_internet_gateway.x]
}

resource "aws_route_table" "private" {
  vpc_id = aws_vpc.x.id
  tags = {
    Name = "tfx-private"
  }
}

resource "aws_route" "private_out" {
  route_table_id         = aws_route_table.private.id
  destination_cidr_block = "0.0.0.0/0"
  nat_gateway_id         = aws_nat_gateway.x.id
}

resource "aws_route_table_association" "private" {
  subnet_id      = aws_subnet.private.id
  route_table_id = aws_route_table.private.id
}

resource "aws_network_acl" "private" {
  vpc_id     = aws_vpc.x.id
  subnet_ids = [aws_subnet.private.id]
  ingress {
    rule_no    = 100
    protocol   = "tcp"
    action     = "allow"
    cidr_block = "10.50.0.0/16"
    from_port  = 0
    to_port    = 65535
  }
  egress {
    rule_no    = 100
    protocol   = "-1"
    action     = "allow"
    cidr_block = "0.0.0.0/0"
    from_port  = 0
    to_port    = 0
  }
  tags = {
    Name = "tfx-private"
  }
}

resource "aws_vpc_endpoint" "s3" {
  vpc_id          = aws_vpc.x.id
  service_name    = "com.amazonaws.us-east-1.s3"
  route_table_ids = [aws_route_table.private.id]
  tags = {
    Name = "tfx-s3"
  }
}

resource "aws_key_pair" "x" {
  key_name   = "tfx-deploy"
  public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH0kuTtB5S2bO2Y0gP3u7u5Yyq8Jv9T3c3QZx7m1cJ8F deploy@laptop"
}

resource "aws_instance" "x" {
  ami                    = "ami-12c6146b"
  instance_type          = "t3.micro"
  subnet_id              = aws_subnet.private.id
  key_name               = aws_key_pair.x.key_name
  vpc_security_group_ids = [aws_security_group.x.id]
  tags = {
    Name = "tfx-worker"
  }
}

resource "aws_ebs_volume" "x" {
  availability_zone = "us-east-1b"
  size              = 50
  type              = "gp3"
  tags = {
    Name = "tfx-data"
  }
}
