# API Gateway v2: an HTTP API with a CORS configuration and tags
resource "aws_apigatewayv2_api" "http" {
  name          = "apigw2-http"
  protocol_type = "HTTP"
  description   = "the HTTP API"
  cors_configuration {
    allow_origins = ["https://a.example.com", "https://b.example.com"]
    allow_methods = ["GET", "POST"]
    max_age       = 300
  }
  tags = {
    Team = "apigw2"
  }
}

# a WebSocket API: its own route selection expression
resource "aws_apigatewayv2_api" "ws" {
  name                       = "apigw2-ws"
  protocol_type              = "WEBSOCKET"
  route_selection_expression = "$request.body.action"
}

# a route of the HTTP API (no target: nothing behind it yet)
resource "aws_apigatewayv2_route" "items" {
  api_id         = aws_apigatewayv2_api.http.id
  route_key      = "GET /items"
  operation_name = "ListItems"
}

# an HTTP proxy integration behind the route
resource "aws_apigatewayv2_integration" "backend" {
  api_id               = aws_apigatewayv2_api.http.id
  integration_type     = "HTTP_PROXY"
  integration_method   = "GET"
  integration_uri      = "https://backend.example.com/items"
  description          = "the items backend"
  timeout_milliseconds = 30000
}

# two stages of the HTTP API: one deployed by hand, one on every change
resource "aws_apigatewayv2_stage" "prod" {
  api_id      = aws_apigatewayv2_api.http.id
  name        = "prod"
  description = "production"
  stage_variables = {
    backend = "blue"
  }
  tags = {
    Team = "apigw2"
  }
}

resource "aws_apigatewayv2_stage" "dev" {
  api_id      = aws_apigatewayv2_api.http.id
  name        = "dev"
  auto_deploy = true
}

# a JWT authorizer of the HTTP API
resource "aws_apigatewayv2_authorizer" "jwt" {
  api_id           = aws_apigatewayv2_api.http.id
  authorizer_type  = "JWT"
  name             = "apigw2-jwt"
  identity_sources = ["$request.header.Authorization"]

  jwt_configuration {
    audience = ["web"]
    issuer   = "https://issuer.example.com"
  }
}

# a regional custom domain name (its certificate is not read: moto keeps the ARN)
resource "aws_apigatewayv2_domain_name" "api" {
  domain_name = "api.apigw2.example.com"

  domain_name_configuration {
    certificate_arn = "arn:aws:acm:us-east-1:123456789012:certificate/apigw2"
    endpoint_type   = "REGIONAL"
    security_policy = "TLS_1_2"
  }

  tags = {
    Team = "apigw2"
  }
}

# the HTTP API's production stage under the domain's /v1
resource "aws_apigatewayv2_api_mapping" "v1" {
  api_id          = aws_apigatewayv2_api.http.id
  domain_name     = aws_apigatewayv2_domain_name.api.id
  stage           = aws_apigatewayv2_stage.prod.id
  api_mapping_key = "v1"
}
