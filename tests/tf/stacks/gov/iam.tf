# The account's password policy
resource "aws_iam_account_password_policy" "strict" {
  minimum_password_length        = 14
  require_symbols                = true
  require_numbers                = true
  require_lowercase_characters   = true
  require_uppercase_characters   = true
  allow_users_to_change_password = true
  max_password_age               = 90
  password_reuse_prevention      = 5
}

# A service-linked role asked for by name (the ones services make are never unmanaged)
resource "aws_iam_service_linked_role" "beanstalk" {
  aws_service_name = "elasticbeanstalk.amazonaws.com"
  custom_suffix    = "gov"
  description      = "for the gov environments"
}
