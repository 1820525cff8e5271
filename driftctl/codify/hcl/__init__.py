"""Codify drifts declared in Terraform HCL."""
