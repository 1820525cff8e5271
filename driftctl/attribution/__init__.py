"""Who caused each drift: CloudTrail events mapped to drifts (docs/attribution.md)."""
