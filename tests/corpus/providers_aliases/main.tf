# Provider aliases and default_tags flowing into modules.
provider "aws" {
  region = "eu-west-1"
  default_tags {
    tags = { Owner = "platform" }
  }
}

provider "aws" {
  alias  = "dr"
  region = "eu-central-1"
  default_tags {
    tags = { Owner = "platform", Site = "dr" }
  }
}

resource "aws_s3_bucket" "primary" {
  bucket = "acme-primary"
}

module "replica" {
  source = "./modules/replica"
  name   = "acme-replica"
  providers = {
    aws = aws.dr
  }
}
