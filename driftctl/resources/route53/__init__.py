"""Route53: hosted zones and their record sets."""
