"""Secrets masked before a value is shown, in every output (console, JSON, markdown,
SARIF, render, revert and undo plans, pull requests, determinism diffs).

Two kinds: a change Terraform would call sensitive (`Change.sensitive`, driftctl.core.sensitive)
shows "(sensitive)" for both values; any other value is masked as *** when the name of
its attribute, or of any map key or attribute on its path, looks like it holds a secret
(`master_password`, `secret_string`, `environment.variables.API_TOKEN`, ...). `revert`
and `pr` work from the values in memory, never from a report.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from typing import Any

MASK = "***"
SENSITIVE = "(sensitive)"

_SECRET = re.compile(
    r"passw(?:or)?d|passphrase|secret|token|private_?key|api_?key|access_?key|credential"
    r"|connection_?string",
    re.IGNORECASE,
)
_SEGMENT = re.compile(r"[^.\[\]]+")
# names of a rule about passwords, not a password (an account's password policy: its
# length, age, reuse limit, whether users change their own)
_RULE = re.compile(
    r"(?:minimum_|max_)?password_(?:length|age|reuse_prevention)|allow_users_to_change_password",
    re.IGNORECASE,
)


def is_secret_name(name: str) -> bool:
    return _SECRET.search(name) is not None and _RULE.fullmatch(name) is None


# is_secret_name of the keys mask_value meets: the same few names (tags, attributes) over
# and over in a large rendering
_secret_key = functools.lru_cache(maxsize=16384)(is_secret_name)
is_secret_key = _secret_key  # is_secret_name, cached: for walks over many values' keys


def mask_value(value: Any) -> Any:
    """value with every entry whose key looks secret replaced by ***."""
    if isinstance(value, dict):
        return {
            k: MASK
            if _secret_key(str(k)) and v is not None
            else (v if type(v) is str else mask_value(v))
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


def shown(path: str, value: Any, sensitive: bool) -> Any:
    """A change's expected or actual value as every output shows it."""
    if value is None:
        return None
    return SENSITIVE if sensitive else mask_at(path, value)


def shown_bound(bound: Mapping[str, Any], sensitive: bool) -> dict[str, Any]:
    """A change's bound values (reference -> the live value it took) as every output shows
    them: all "(sensitive)" when the change is; else each masked under its reference's
    name. A reference that was itself sensitive was recorded as "(sensitive)" already
    (declared.binding)."""
    return {ref: shown(ref, value, sensitive) for ref, value in sorted(bound.items())}


def shown_json(path: str, value: Any, sensitive: bool) -> str:
    """shown() as JSON text; a sensitive value is the bare word (sensitive), unquoted."""
    if (sensitive and value is not None) or value == SENSITIVE:
        return SENSITIVE
    return json.dumps(mask_at(path, value), sort_keys=True, ensure_ascii=False)


def hides(path: str, value: Any) -> bool:
    """Whether mask_at would hide something of value (a secret-looking name on the way)."""
    return bool(mask_at(path, value) != value)
