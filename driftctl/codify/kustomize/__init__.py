"""Codify drifts declared by a `kustomize://` source: Crossplane and ACK manifests."""
