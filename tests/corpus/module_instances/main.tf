# count and for_each on module calls: module.a["k"].aws_x.y[0] addresses.
variable "clusters" {
  default = {
    sessions = { nodes = 2, engine = "redis" }
    queues   = { nodes = 1, engine = "valkey" }
  }
}

module "cache" {
  for_each = var.clusters
  source   = "./modules/cache"
  name     = each.key
  nodes    = each.value.nodes
  engine   = each.value.engine
}

module "replica" {
  count  = 1
  source = "./modules/cache"
  name   = "replica-${count.index}"
}
