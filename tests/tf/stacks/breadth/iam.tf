# An IAM group with an inline policy
resource "aws_iam_group" "devs" {
  name = "breadth-devs"
}

resource "aws_iam_group_policy" "devs" {
  name  = "breadth-devs-inline"
  group = aws_iam_group.devs.name
  policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "s3:GetObject", Resource = "*" }]
  })
}
