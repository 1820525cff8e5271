"""Terraform HCL: parsing, evaluation with Terraform's semantics, and loading into RawDeclared."""
