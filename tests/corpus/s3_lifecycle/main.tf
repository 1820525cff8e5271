# An S3 module whose lifecycle rules are dynamic blocks over a list of objects.
module "logs" {
  source = "./modules/bucket"
  name   = "acme-logs"
  rules = [
    { id = "expire-tmp", prefix = "tmp/", expiration_days = 7 },
    { id = "archive", prefix = "archive/", expiration_days = 365, transition_days = 30 },
  ]
}

module "data" {
  source     = "./modules/bucket"
  name       = "acme-data"
  versioning = true
}
