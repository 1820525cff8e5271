"""CloudFormation templates (YAML or JSON): parsing, intrinsic functions, loading."""
