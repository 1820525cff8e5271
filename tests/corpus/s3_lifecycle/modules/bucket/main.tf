variable "name" {
  type = string
}

variable "versioning" {
  type    = bool
  default = false
}

variable "rules" {
  type = list(object({
    id              = string
    prefix          = string
    expiration_days = number
    transition_days = optional(number)
  }))
  default = []
}

resource "aws_s3_bucket" "this" {
  bucket = var.name
  tags   = { Name = var.name }
}

resource "aws_s3_bucket_versioning" "this" {
  count  = var.versioning ? 1 : 0
  bucket = aws_s3_bucket.this.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_s3_bucket_lifecycle_configuration" "this" {
  count  = length(var.rules) > 0 ? 1 : 0
  bucket = aws_s3_bucket.this.id

  dynamic "rule" {
    for_each = var.rules
    content {
      id     = rule.value.id
      status = "Enabled"
      filter {
        prefix = rule.value.prefix
      }
      expiration {
        days = rule.value.expiration_days
      }
      dynamic "transition" {
        for_each = rule.value.transition_days == null ? [] : [rule.value.transition_days]
        content {
          days          = transition.value
          storage_class = "GLACIER"
        }
      }
    }
  }
}

output "bucket" {
  value = aws_s3_bucket.this.bucket
}
