# Nested modules: root -> app (count) -> queue (for_each), outputs flowing back up.
variable "environment" {
  type    = string
  default = "staging"
}

module "app" {
  count       = 2
  source      = "./modules/app"
  name        = "app${count.index}"
  environment = var.environment
}

resource "aws_sns_topic" "events" {
  name         = "events-${var.environment}"
  display_name = join(",", flatten(module.app[*].queue_names))
}
