# A role with two attached policies and an inline one (deleted out of band as the console
# deletes a role: its policies detached and removed first)
resource "aws_iam_role" "app" {
  name = "pat-app"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_policy" "read" {
  name = "pat-read"
  policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = ["s3:GetObject"], Resource = "*" }]
  })
}

resource "aws_iam_policy" "write" {
  name = "pat-write"
  policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = ["s3:PutObject"], Resource = "*" }]
  })
}

resource "aws_iam_role_policy_attachment" "read" {
  role       = aws_iam_role.app.name
  policy_arn = aws_iam_policy.read.arn
}

resource "aws_iam_role_policy_attachment" "write" {
  role       = aws_iam_role.app.name
  policy_arn = aws_iam_policy.write.arn
}

resource "aws_iam_role_policy" "logs" {
  name = "pat-logs"
  role = aws_iam_role.app.id
  policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = ["logs:PutLogEvents"], Resource = "*" }]
  })
}
