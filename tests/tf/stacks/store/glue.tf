# Glue: a Data Catalog database
resource "aws_glue_catalog_database" "store" {
  name        = "store_sales"
  description = "sales events"
  parameters = {
    classification = "parquet"
  }
}

# a Glue ETL job running a script from the data bucket
resource "aws_iam_role" "glue" {
  name = "store-glue"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "glue.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_glue_job" "store" {
  name     = "store-etl"
  role_arn = aws_iam_role.glue.arn
  command {
    script_location = "s3://${aws_s3_bucket.store.bucket}/etl.py"
  }
  default_arguments = {
    "--job-language" = "python"
  }
}
