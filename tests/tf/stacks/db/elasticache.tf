# A Redis node in its own subnet group
resource "aws_elasticache_subnet_group" "cache" {
  name        = "db-cache"
  description = "Private subnets for the cache"
  subnet_ids  = [aws_subnet.a.id, aws_subnet.b.id]
  tags = {
    Team = "data"
  }
}

resource "aws_elasticache_cluster" "cache" {
  cluster_id        = "db-cache"
  engine            = "redis"
  engine_version    = "7.1"
  node_type         = "cache.t3.micro"
  num_cache_nodes   = 1
  subnet_group_name = aws_elasticache_subnet_group.cache.name
  tags = {
    Team = "data"
  }
}
