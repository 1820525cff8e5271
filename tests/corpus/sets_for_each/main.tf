# for_each over sets built with toset, distinct, setunion and setproduct.
variable "teams" {
  default = ["data", "web", "data", "ops"]
}

variable "envs" {
  default = ["dev", "prod"]
}

locals {
  pairs = { for p in setproduct(distinct(var.teams), var.envs) : "${p[0]}-${p[1]}" => { team = p[0], env = p[1] } }
  all   = setunion(toset(var.teams), ["security"])
}

resource "aws_iam_group" "team" {
  for_each = local.all
  name     = "team-${each.value}"
  path     = "/teams/"
}

resource "aws_s3_bucket" "team_env" {
  for_each = local.pairs
  bucket   = "acme-${each.key}"
  tags = {
    Team        = each.value.team
    Environment = each.value.env
    Sorted      = join(",", sort(distinct(var.teams)))
  }
}
