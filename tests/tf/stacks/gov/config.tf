# The region's AWS Config recorder and the role it records with
resource "aws_iam_role" "config" {
  name = "gov-config"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "config.amazonaws.com" }
    }]
  })
}

resource "aws_config_configuration_recorder" "main" {
  name     = "gov"
  role_arn = aws_iam_role.config.arn

  recording_group {
    all_supported                 = true
    include_global_resource_types = true
  }
}

resource "aws_config_config_rule" "versioning" {
  name        = "gov-s3-versioning"
  description = "buckets keep versions"

  source {
    owner             = "AWS"
    source_identifier = "S3_BUCKET_VERSIONING_ENABLED"
  }

  scope {
    compliance_resource_types = ["AWS::S3::Bucket"]
  }

  tags = {
    Team = "security"
  }

  depends_on = [aws_config_configuration_recorder.main]
}
