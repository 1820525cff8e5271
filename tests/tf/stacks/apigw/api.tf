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
