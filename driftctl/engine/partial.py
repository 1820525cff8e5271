"""What a partial scan can still compare.

When the scan of a type fails in a scope (DescribeVpcAttribute denied leaves the VPCs of
a region unread), its resources are not compared. Neither are the declared resources that
refer to one of them, directly or through others (a subnet's `vpc_id = aws_vpc.main.id`
cannot be resolved, so the subnet cannot be matched), nor the live resources of those
dependents' types that nothing matched: any of them may be the live counterpart of a
declaration that could not be matched. Reporting them as missing and unmanaged would be
false drift; they are counted as not compared, and the scan's error says why.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from driftctl.core.model import Ref, Resource


def ref_targets(value: Any) -> set[str]:
    """The declared addresses the Refs inside value point at."""
    found: set[str] = set()
    stack = [value]
    while stack:  # an explicit stack: this walks every declared attribute
        item = stack.pop()
        if isinstance(item, Ref):
            found.add(item.address)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def split(
    declared: Iterable[Resource], incomplete: set[str]
) -> tuple[list[Resource], list[Resource]]:
    """(comparable, not comparable): the declared resources of an `incomplete` type and
    those that refer to one of them, transitively, are not comparable."""
    resources = list(declared)
    blocked = [r.type in incomplete for r in resources]
    addresses = {r.address for r, b in zip(resources, blocked, strict=True) if b and r.address}
    targets = [ref_targets(r.attrs) for r in resources]
    changed = True
    while changed:  # until no more dependents are found (a chain of Refs)
        changed = False
        for i, r in enumerate(resources):
            if not blocked[i] and targets[i] & addresses:
                blocked[i] = changed = True
                if r.address:
                    addresses.add(r.address)
    comparable = [r for r, b in zip(resources, blocked, strict=True) if not b]
    left_out = [r for r, b in zip(resources, blocked, strict=True) if b]
    return comparable, left_out
