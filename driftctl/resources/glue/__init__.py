"""AWS Glue: Data Catalog databases."""
