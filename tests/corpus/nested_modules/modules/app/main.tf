variable "name" {
  type = string
}

variable "environment" {
  type = string
}

locals {
  queues = toset(["jobs", "dead-letter"])
}

module "queue" {
  for_each = local.queues
  source   = "../queue"
  name     = "${var.name}-${each.key}"
  fifo     = each.key == "jobs"
  tags     = { App = var.name, Environment = var.environment }
}

output "queue_names" {
  value = [for q in module.queue : q.name]
}
