"""ElastiCache: cache clusters and their subnet groups."""
