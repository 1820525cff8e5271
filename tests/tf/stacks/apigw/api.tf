# A REST API, regional, tagged (no policy: moto answers it unescaped, where AWS escapes
# its quotes and the provider unquotes it)
resource "aws_api_gateway_rest_api" "shop" {
  name        = "apigw-shop"
  description = "the shop"
  endpoint_configuration {
    types = ["REGIONAL"]
  }
  tags = { team = "web" }
}

resource "aws_api_gateway_resource" "items" {
  rest_api_id = aws_api_gateway_rest_api.shop.id
  parent_id   = aws_api_gateway_rest_api.shop.root_resource_id
  path_part   = "items"
}

resource "aws_api_gateway_resource" "item" {
  rest_api_id = aws_api_gateway_rest_api.shop.id
  parent_id   = aws_api_gateway_resource.items.id
  path_part   = "{id}"
}

resource "aws_api_gateway_method" "list" {
  rest_api_id   = aws_api_gateway_rest_api.shop.id
  resource_id   = aws_api_gateway_resource.items.id
  http_method   = "GET"
  authorization = "NONE"
  request_parameters = {
    "method.request.querystring.page" = false
  }
}

# a method of the root resource AWS made with the API
resource "aws_api_gateway_method" "home" {
  rest_api_id      = aws_api_gateway_rest_api.shop.id
  resource_id      = aws_api_gateway_rest_api.shop.root_resource_id
  http_method      = "GET"
  authorization    = "NONE"
  api_key_required = true
  request_parameters = {
    "method.request.header.x-shop" = true
  }
}

resource "aws_api_gateway_integration" "home" {
  rest_api_id             = aws_api_gateway_rest_api.shop.id
  resource_id             = aws_api_gateway_rest_api.shop.root_resource_id
  http_method             = aws_api_gateway_method.home.http_method
  type                    = "HTTP_PROXY"
  integration_http_method = "GET"
  uri                     = "https://example.com/"
  request_parameters = {
    "integration.request.header.x-shop" = "method.request.header.x-shop"
  }
}

resource "aws_api_gateway_deployment" "v1" {
  rest_api_id = aws_api_gateway_rest_api.shop.id
  description = "release 1"
  depends_on  = [aws_api_gateway_integration.home]
}

# the deployment the stage serves (v1 is deleted by hand in the test: AWS refuses to
# delete a deployment a stage serves)
resource "aws_api_gateway_deployment" "live" {
  rest_api_id = aws_api_gateway_rest_api.shop.id
  description = "release 2"
  depends_on  = [aws_api_gateway_integration.home]
}

resource "aws_api_gateway_stage" "prod" {
  rest_api_id   = aws_api_gateway_rest_api.shop.id
  deployment_id = aws_api_gateway_deployment.live.id
  stage_name    = "prod"
  description   = "production"
  variables = {
    backend = "blue"
  }
  access_log_settings {
    destination_arn = "arn:aws:logs:us-east-1:123456789012:log-group:apigw-access"
    format          = "$context.requestId"
  }
  tags = { team = "web" }
}

# a Lambda TOKEN authorizer (the function need not exist: API Gateway calls it only when
# a request comes)
resource "aws_api_gateway_authorizer" "token" {
  name                             = "apigw-token"
  rest_api_id                      = aws_api_gateway_rest_api.shop.id
  authorizer_uri                   = "arn:aws:apigateway:us-east-1:lambda:path/2015-03-31/functions/arn:aws:lambda:us-east-1:123456789012:function:apigw-auth/invocations"
  authorizer_result_ttl_in_seconds = 60
}

resource "aws_api_gateway_usage_plan" "basic" {
  name        = "apigw-basic"
  description = "for everyone"
  api_stages {
    api_id = aws_api_gateway_rest_api.shop.id
    stage  = aws_api_gateway_stage.prod.stage_name
  }
  quota_settings {
    limit  = 1000
    period = "DAY"
  }
  throttle_settings {
    burst_limit = 10
    rate_limit  = 5
  }
  tags = { team = "web" }
}

# a regional custom domain (its certificate an ARN moto does not check)
resource "aws_api_gateway_domain_name" "api" {
  domain_name              = "api.apigw.example.com"
  regional_certificate_arn = "arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555"
  security_policy          = "TLS_1_2"
  endpoint_configuration {
    types = ["REGIONAL"]
  }
  tags = { team = "web" }
}

# an edge domain whose /v1 serves the stage prod
resource "aws_api_gateway_domain_name" "web" {
  domain_name     = "web.apigw.example.com"
  certificate_arn = "arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555"
}

resource "aws_api_gateway_base_path_mapping" "v1" {
  domain_name = aws_api_gateway_domain_name.web.domain_name
  api_id      = aws_api_gateway_rest_api.shop.id
  stage_name  = aws_api_gateway_stage.prod.stage_name
  base_path   = "v1"
}
