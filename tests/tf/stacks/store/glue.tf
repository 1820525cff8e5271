# Glue: a Data Catalog database
resource "aws_glue_catalog_database" "store" {
  name        = "store_sales"
  description = "sales events"
  parameters = {
    classification = "parquet"
  }
}
