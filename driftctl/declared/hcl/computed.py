"""Which resource attributes the provider computes (aws_computed.txt, generated from
`terraform providers schema -json` by scripts/gen_aws_computed.py).

An attribute the configuration leaves null that the provider computes is known only
after apply, so a reference to it is Unknown (a Ref that matching binds), never null.
"""

from __future__ import annotations

import functools
from importlib import resources


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, frozenset[str]]:
    text = resources.files("driftctl.declared.hcl").joinpath("aws_computed.txt").read_text()
    table: dict[str, frozenset[str]] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            type_, *names = line.split()
            table[type_] = frozenset(names)
    return table


def is_computed(type_: str, name: str) -> bool:
    """Whether the provider computes type_.name (id always is)."""
    if name == "id":
        return True
    return name in _table().get(type_, frozenset())
