# The stack the application runs on. The tests create it in moto with boto3
# (conftest.py, `stack`), as `terraform apply` would; driftctl reads this file.
provider "aws" {
  region = "us-east-1"
}

variable "env" {
  default = "test"
}

locals {
  tags = { App = "orders", Env = var.env }
}

resource "aws_s3_bucket" "orders" {
  bucket = "orders-${var.env}"
  tags   = local.tags
}

resource "aws_s3_bucket_versioning" "orders" {
  bucket = aws_s3_bucket.orders.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_iam_role" "worker" {
  name = "orders-worker-${var.env}"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "lambda.amazonaws.com" }
    }]
  })
  tags = local.tags
}
