"""Elastic Load Balancing v2: load balancers, target groups, listeners."""
