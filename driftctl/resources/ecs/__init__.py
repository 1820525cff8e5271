"""ECS: clusters, task definitions and services."""
