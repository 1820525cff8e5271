# KMS: a customer key with rotation and a policy, and an alias naming it
resource "aws_kms_key" "data" {
  description         = "tfh app data"
  enable_key_rotation = true
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "Root"
      Effect    = "Allow"
      Principal = { AWS = "arn:aws:iam::123456789012:root" }
      Action    = "kms:*"
      Resource  = "*"
    }]
  })
  tags = {
    Name = "tfh-data"
    Team = "app"
  }
}

resource "aws_kms_key" "other" {
  description = "tfh other"
  tags = {
    Name = "tfh-other"
  }
}

resource "aws_kms_alias" "data" {
  name          = "alias/tfh-data"
  target_key_id = aws_kms_key.data.key_id
}
