"""EFS: file systems."""
