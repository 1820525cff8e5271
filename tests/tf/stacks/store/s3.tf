# S3 bucket settings of the store group: transfer acceleration
resource "aws_s3_bucket" "store" {
  bucket = "store-data"
}

resource "aws_s3_bucket_accelerate_configuration" "store" {
  bucket = aws_s3_bucket.store.id
  status = "Enabled"
}
