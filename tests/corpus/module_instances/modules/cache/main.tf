variable "name" {
  type = string
}

variable "nodes" {
  type    = number
  default = 1
}

variable "engine" {
  type    = string
  default = "redis"
}

resource "aws_elasticache_subnet_group" "this" {
  name       = "${var.name}-subnets"
  subnet_ids = ["subnet-aaaa1111", "subnet-bbbb2222"]
}

resource "aws_elasticache_cluster" "node" {
  count           = var.nodes
  cluster_id      = "${var.name}-${count.index}"
  engine          = var.engine
  node_type       = "cache.t4g.small"
  num_cache_nodes = 1
  port            = var.engine == "redis" ? 6379 : 6380
}
