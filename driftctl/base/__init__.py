"""The floor under every type module (docs/architecture.md §9).

The records and helpers a type module under driftctl/resources/<service>/ is written with:
the scan (`spec`), the family that ties a type's scans, declared formats and revert
together (`family`), the revert records and calls (`revert`, `calls`), the declared
formats' records (`raw`, `cfn`, `ack`, `manifest`), the `Reader` protocol, IAM policy
documents (`policy`) and the small helpers. It imports nothing above `core`.
"""
