"""The plain data every stage shares: resources, drifts, reports, sensitive values."""
