# IAM groups and the policies attached to them
resource "aws_iam_policy" "read" {
  name = "iam-read"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect   = "Allow"
      Action   = ["s3:ListBucket"]
      Resource = "arn:aws:s3:::iam-logs"
    }]
  })
}

resource "aws_iam_group" "devs" {
  name = "iam-devs"
  path = "/teams/"
}

resource "aws_iam_group" "auditors" {
  name = "iam-auditors"
}

resource "aws_iam_group_policy_attachment" "devs_read" {
  group      = aws_iam_group.devs.name
  policy_arn = aws_iam_policy.read.arn
}
