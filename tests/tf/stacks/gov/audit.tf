# A trail delivering to a bucket, logging, tagged
resource "aws_s3_bucket" "trail" {
  bucket        = "gov-trail-logs"
  force_destroy = true
}

resource "aws_cloudtrail" "audit" {
  name                          = "gov-audit"
  s3_bucket_name                = aws_s3_bucket.trail.bucket
  s3_key_prefix                 = "audit"
  include_global_service_events = true
  enable_log_file_validation    = true
  tags = {
    Team = "security"
  }
}
