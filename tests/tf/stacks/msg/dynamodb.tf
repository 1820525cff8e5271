# DynamoDB: an on-demand table with a global index and time to live
resource "aws_dynamodb_table" "orders" {
  name         = "tfm-orders"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"
  range_key    = "sk"

  attribute {
    name = "pk"
    type = "S"
  }
  attribute {
    name = "sk"
    type = "S"
  }
  attribute {
    name = "customer"
    type = "S"
  }

  global_secondary_index {
    name            = "by-customer"
    hash_key        = "customer"
    projection_type = "ALL"
  }

  ttl {
    attribute_name = "expires"
    enabled        = true
  }

  point_in_time_recovery {
    enabled = false
  }

  tags = {
    Team = "shop"
  }
}
