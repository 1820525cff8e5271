"""Kubernetes manifests (Kustomize output) of Crossplane and ACK resources."""
