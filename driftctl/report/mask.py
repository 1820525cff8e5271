"""Secrets masked before a value is printed for people (markdown, SARIF, determinism diffs).

A value is masked when the name of its attribute, or of any map key or attribute on
its path, looks like it holds a secret (`master_password`, `secret_string`,
`environment.variables.API_TOKEN`, ...). The JSON report is not masked: it is the
machine contract and feeds `revert` and `pr`.
"""

from __future__ import annotations

import re
from typing import Any

MASK = "***"

_SECRET = re.compile(
    r"passw(?:or)?d|passphrase|secret|token|private_?key|api_?key|access_?key|credential"
    r"|connection_?string",
    re.IGNORECASE,
)
_SEGMENT = re.compile(r"[^.\[\]]+")


def is_secret_name(name: str) -> bool:
    return _SECRET.search(name) is not None


def mask_value(value: Any) -> Any:
    """value with every entry whose key looks secret replaced by ***."""
    if isinstance(value, dict):
        return {
            k: MASK if is_secret_name(str(k)) and v is not None else mask_value(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [mask_value(v) for v in value]
    return value


def mask_at(path: str, value: Any) -> Any:
    """The value found at an attribute path (`a.b[0].c`), masked as it should be shown.

    None (not set) stays visible: that a secret is absent is not itself a secret.
    """
    if value is not None and any(is_secret_name(s) for s in _SEGMENT.findall(path)):
        return MASK
    return mask_value(value)
