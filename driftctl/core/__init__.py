"""The plain data every stage shares: resources, drifts, reports, and what every layer reads
of values: sensitivity, masking, comparison."""
