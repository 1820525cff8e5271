# S3 bucket settings: ownership controls, ACL (canned and grants), CORS, website
data "aws_canonical_user_id" "me" {}

resource "aws_s3_bucket" "site" {
  bucket = "s3a-site"
}

resource "aws_s3_bucket_ownership_controls" "site" {
  bucket = aws_s3_bucket.site.id
  rule {
    object_ownership = "BucketOwnerPreferred"
  }
}

resource "aws_s3_bucket_acl" "site" {
  depends_on = [aws_s3_bucket_ownership_controls.site]
  bucket     = aws_s3_bucket.site.id
  acl        = "private"
}

resource "aws_s3_bucket_cors_configuration" "site" {
  bucket = aws_s3_bucket.site.id
  cors_rule {
    id              = "uploads"
    allowed_headers = ["*"]
    allowed_methods = ["PUT", "POST"]
    allowed_origins = ["https://s3a.example.com"]
    expose_headers  = ["ETag"]
    max_age_seconds = 3000
  }
  cors_rule {
    allowed_methods = ["GET"]
    allowed_origins = ["*"]
  }
}

resource "aws_s3_bucket_website_configuration" "site" {
  bucket = aws_s3_bucket.site.id
  index_document {
    suffix = "index.html"
  }
  error_document {
    key = "error.html"
  }
  routing_rule {
    condition {
      key_prefix_equals = "docs/"
    }
    redirect {
      replace_key_prefix_with = "documents/"
    }
  }
}

resource "aws_s3_bucket" "shared" {
  bucket = "s3a-shared"
}

resource "aws_s3_bucket_ownership_controls" "shared" {
  bucket = aws_s3_bucket.shared.id
  rule {
    object_ownership = "ObjectWriter"
  }
}

resource "aws_s3_bucket_acl" "shared" {
  depends_on = [aws_s3_bucket_ownership_controls.shared]
  bucket     = aws_s3_bucket.shared.id
  access_control_policy {
    grant {
      grantee {
        id   = data.aws_canonical_user_id.me.id
        type = "CanonicalUser"
      }
      permission = "FULL_CONTROL"
    }
    grant {
      grantee {
        type = "Group"
        uri  = "http://acs.amazonaws.com/groups/s3/LogDelivery"
      }
      permission = "WRITE"
    }
    owner {
      id = data.aws_canonical_user_id.me.id
    }
  }
}

resource "aws_s3_bucket" "redirect" {
  bucket = "s3a-redirect"
}

resource "aws_s3_bucket_website_configuration" "redirect" {
  bucket = aws_s3_bucket.redirect.id
  redirect_all_requests_to {
    host_name = "s3a.example.com"
    protocol  = "https"
  }
}
