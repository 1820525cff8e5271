# Tag merging with lookups, coalesce and conditionals.
variable "environment" {
  default = "prod"
}

variable "owner" {
  default = ""
}

variable "extra_tags" {
  type    = map(string)
  default = { CostCenter = "1234" }
}

locals {
  is_prod = var.environment == "prod"
  base_tags = {
    Environment = var.environment
    Owner       = coalesce(var.owner, "platform-team")
    Critical    = local.is_prod ? "yes" : "no"
  }
  tier = lookup({ prod = "gold", staging = "silver" }, var.environment, "bronze")
}

resource "aws_s3_bucket" "reports" {
  bucket = "reports-${var.environment}"
  tags   = merge(local.base_tags, var.extra_tags, { Name = "reports", Tier = local.tier })
}

resource "aws_dynamodb_table" "sessions" {
  name         = "sessions-${var.environment}"
  billing_mode = local.is_prod ? "PROVISIONED" : "PAY_PER_REQUEST"
  hash_key     = "id"
  read_capacity  = local.is_prod ? 20 : null
  write_capacity = local.is_prod ? 10 : null
  attribute {
    name = "id"
    type = "S"
  }
  tags = merge(local.base_tags, { Name = "sessions" })
}
