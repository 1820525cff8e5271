"""Terraform's built-in functions (registry.py holds the table and how a call is made)."""
