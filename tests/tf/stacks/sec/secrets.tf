# Secrets Manager and Parameter Store: metadata, and values only where not secret
resource "aws_secretsmanager_secret" "db" {
  name        = "tfh/db"
  description = "database credentials"
  kms_key_id  = aws_kms_key.data.arn
  tags = {
    Team = "app"
  }
}

resource "aws_ssm_parameter" "url" {
  name        = "/tfh/url"
  type        = "String"
  value       = "https://app.example.com"
  description = "the app's URL"
  tags = {
    Team = "app"
  }
}

resource "aws_ssm_parameter" "token" {
  name  = "/tfh/token"
  type  = "SecureString"
  value = "declared-secret"
}
