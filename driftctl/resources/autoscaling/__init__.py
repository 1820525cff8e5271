"""EC2 Auto Scaling: scaling groups."""
