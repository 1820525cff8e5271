# Athena: a workgroup writing its results to a bucket prefix
resource "aws_athena_workgroup" "store" {
  name = "store-reports"
  configuration {
    result_configuration {
      output_location = "s3://${aws_s3_bucket.store.bucket}/athena/"
    }
  }
}
