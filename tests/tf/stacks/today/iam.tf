# IAM: a role with an inline policy and an attachment, a managed policy, a user
resource "aws_iam_role" "app" {
  name = "tfh-app"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
  max_session_duration = 3600
  tags = {
    Team = "app"
  }
}

resource "aws_iam_role_policy" "app" {
  name = "tfh-app-inline"
  role = aws_iam_role.app.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect   = "Allow"
      Action   = ["s3:GetObject"]
      Resource = "arn:aws:s3:::tfh-logs/*"
    }]
  })
}

resource "aws_iam_policy" "read" {
  name        = "tfh-read"
  description = "read the logs"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect   = "Allow"
      Action   = ["s3:ListBucket"]
      Resource = "arn:aws:s3:::tfh-logs"
    }]
  })
}

resource "aws_iam_role_policy_attachment" "app_read" {
  role       = aws_iam_role.app.name
  policy_arn = aws_iam_policy.read.arn
}

resource "aws_iam_role_policy_attachment" "app_ssm" {
  role       = aws_iam_role.app.name
  policy_arn = "arn:aws:iam::aws:policy/ReadOnlyAccess"
}

resource "aws_iam_user" "ci" {
  name = "tfh-ci"
  path = "/ci/"
  tags = {
    Team = "platform"
  }
}
