# DynamoDB tables from a map of objects, with dynamic attribute and index blocks.
variable "tables" {
  type = map(object({
    hash_key  = string
    range_key = optional(string)
    indexes   = optional(map(string), {})
    ttl       = optional(bool, false)
  }))
  default = {
    users = { hash_key = "user_id", indexes = { email = "email" } }
    events = { hash_key = "stream", range_key = "ts", ttl = true }
  }
}

locals {
  attributes = {
    for name, t in var.tables : name => distinct(compact(concat([t.hash_key, t.range_key], values(t.indexes))))
  }
}

resource "aws_dynamodb_table" "t" {
  for_each     = var.tables
  name         = "app-${each.key}"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = each.value.hash_key
  range_key    = each.value.range_key

  dynamic "attribute" {
    for_each = local.attributes[each.key]
    content {
      name = attribute.value
      type = "S"
    }
  }

  dynamic "global_secondary_index" {
    for_each = each.value.indexes
    content {
      name            = "by-${global_secondary_index.key}"
      hash_key        = global_secondary_index.value
      projection_type = "ALL"
    }
  }

  ttl {
    enabled        = each.value.ttl
    attribute_name = each.value.ttl ? "expires_at" : ""
  }
}
