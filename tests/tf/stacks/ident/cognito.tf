# A Cognito user pool with a password policy (signing in by user name: moto's
# UpdateUserPool forgets username attributes, which AWS keeps)
resource "aws_cognito_user_pool" "users" {
  name                     = "ident-users"
  auto_verified_attributes = ["email"]

  password_policy {
    minimum_length    = 12
    require_lowercase = true
    require_numbers   = true
    require_symbols   = true
    require_uppercase = true
  }

  tags = {
    Team = "identity"
  }
}

# The pool's hosted sign-in domain (a prefix of amazoncognito.com)
resource "aws_cognito_user_pool_domain" "login" {
  domain       = "ident-login"
  user_pool_id = aws_cognito_user_pool.users.id
}

# An identity pool trusting the user pool and Google, guests not let in
resource "aws_cognito_identity_pool" "app" {
  identity_pool_name               = "ident_app"
  allow_unauthenticated_identities = false

  supported_login_providers = {
    "accounts.google.com" = "123-abc.apps.googleusercontent.com"
  }

  tags = {
    Team = "identity"
  }
}

# An app client of the pool signing in by SRP, with an OAuth callback
resource "aws_cognito_user_pool_client" "web" {
  name                   = "ident-web"
  user_pool_id           = aws_cognito_user_pool.users.id
  explicit_auth_flows    = ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]
  callback_urls          = ["https://example.com/callback"]
  refresh_token_validity = 7
}
