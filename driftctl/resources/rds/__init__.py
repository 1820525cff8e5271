"""RDS: DB instances, Aurora clusters, subnet groups and parameter groups."""
