"""Amazon EKS: clusters and their managed node groups."""
