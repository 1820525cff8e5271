# an instance profile and its role, an OIDC provider, an access key
resource "aws_iam_role" "web" {
  name = "iam-web"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_instance_profile" "web" {
  name = "iam-web"
  path = "/apps/"
  role = aws_iam_role.web.name
}

resource "aws_iam_openid_connect_provider" "github" {
  url             = "https://token.actions.githubusercontent.com"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["6938fd4d98bab03faadb97b34396831e3780aea1"]
  tags = {
    Team = "ci"
  }
}

resource "aws_iam_access_key" "ci" {
  user = aws_iam_user.ci.name
}
