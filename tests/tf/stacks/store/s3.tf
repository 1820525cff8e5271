# S3 bucket settings of the store group: transfer acceleration
resource "aws_s3_bucket" "store" {
  bucket = "store-data"
}

resource "aws_s3_bucket_accelerate_configuration" "store" {
  bucket = aws_s3_bucket.store.id
  status = "Enabled"
}

# object lock: made with the bucket (which turns versioning on), a default retention
resource "aws_s3_bucket" "vault" {
  bucket              = "store-vault"
  object_lock_enabled = true
}

resource "aws_s3_bucket_versioning" "vault" {
  bucket = aws_s3_bucket.vault.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_s3_bucket_object_lock_configuration" "vault" {
  depends_on = [aws_s3_bucket_versioning.vault]
  bucket     = aws_s3_bucket.vault.id
  rule {
    default_retention {
      mode = "GOVERNANCE"
      days = 30
    }
  }
}
