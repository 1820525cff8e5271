"""How each canonical type is reverted, as its module declares it (driftctl/resources/).

Every type of the registry has exactly one RevertSpec (a test sweeps the registry and
checks every operation and parameter against botocore's models); `ORDER` is the order
types are created in (a VPC before its subnets, a role before its policies), deletes
run in the reverse order, updates in between.
"""

from __future__ import annotations

from driftctl.resources.registry import ORDER, REVERTS, rank

__all__ = ["ORDER", "REVERTS", "rank"]
