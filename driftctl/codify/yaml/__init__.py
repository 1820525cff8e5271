"""Codify drifts declared in YAML or JSON: CloudFormation templates and driftctl's own YAML
(a `yaml://` source), and the span-exact YAML editing the kustomize codifier shares."""
