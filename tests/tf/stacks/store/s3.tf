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

# replication: every new object of one versioned bucket copied to another
resource "aws_s3_bucket" "source" {
  bucket = "store-source"
}

resource "aws_s3_bucket" "replica" {
  bucket = "store-replica"
}

resource "aws_s3_bucket_versioning" "source" {
  bucket = aws_s3_bucket.source.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_s3_bucket_versioning" "replica" {
  bucket = aws_s3_bucket.replica.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_iam_role" "replicate" {
  name = "store-replicate"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "s3.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_s3_bucket_replication_configuration" "source" {
  depends_on = [aws_s3_bucket_versioning.source, aws_s3_bucket_versioning.replica]
  bucket     = aws_s3_bucket.source.id
  role       = aws_iam_role.replicate.arn
  rule {
    id       = "all"
    priority = 1
    status   = "Enabled"
    filter {}
    delete_marker_replication {
      status = "Disabled"
    }
    destination {
      bucket        = aws_s3_bucket.replica.arn
      storage_class = "STANDARD_IA"
    }
  }
}
