# an IAM user with an inline policy, an attached policy and its groups
resource "aws_iam_user" "ci" {
  name = "iam-ci"
}

resource "aws_iam_user_policy" "ci" {
  name = "iam-ci-inline"
  user = aws_iam_user.ci.name
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect   = "Allow"
      Action   = ["s3:GetObject"]
      Resource = "arn:aws:s3:::iam-logs/*"
    }]
  })
}

resource "aws_iam_user_policy_attachment" "ci_read" {
  user       = aws_iam_user.ci.name
  policy_arn = aws_iam_policy.read.arn
}

resource "aws_iam_user_group_membership" "ci" {
  user   = aws_iam_user.ci.name
  groups = [aws_iam_group.devs.name, aws_iam_group.ops.name]
}

resource "aws_iam_group" "ops" {
  name = "iam-ops"
}
