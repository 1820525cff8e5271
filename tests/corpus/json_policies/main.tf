# Policies as jsonencode() documents and as aws_iam_policy_document data sources.
variable "bucket" {
  default = "acme-artifacts"
}

locals {
  read_actions = ["s3:GetObject", "s3:ListBucket"]
}

resource "aws_iam_policy" "read" {
  name        = "read-${var.bucket}"
  description = "Read ${var.bucket}"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Sid      = "Read"
        Effect   = "Allow"
        Action   = local.read_actions
        Resource = ["arn:aws:s3:::${var.bucket}", "arn:aws:s3:::${var.bucket}/*"]
      },
    ]
  })
}

data "aws_iam_policy_document" "write" {
  statement {
    sid       = "Write"
    actions   = ["s3:PutObject", "s3:DeleteObject"]
    resources = ["arn:aws:s3:::${var.bucket}/*"]
    condition {
      test     = "StringEquals"
      variable = "s3:x-amz-server-side-encryption"
      values   = ["aws:kms"]
    }
  }
}

resource "aws_iam_policy" "write" {
  name   = "write-${var.bucket}"
  policy = data.aws_iam_policy_document.write.json
}
