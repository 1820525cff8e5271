"""Amazon CloudFront: distributions."""
