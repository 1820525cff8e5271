"""The one-sided, normalized diff (docs/architecture.md §5).

Only what the declared side sets is compared. Declared Unknowns are skipped (and
counted by the caller), never guessed. Set attributes are compared element by element,
so order never matters; `exact` attributes (maps, policies) compare every key.
Nothing here knows a resource type: the type's data says which attrs are what.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from driftctl.core.model import Change, Ref, Unknown, is_known, to_plain
from driftctl.resources.spec import ResourceType


def join_path(base: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{base}[{part}]"
    return f"{base}.{part}" if base else part


def scalar_equal(expected: Any, actual: Any) -> bool:
    """Equality with Terraform's primitive conversions: "3600" == 3600, "true" == True."""
    if expected == actual and type(expected) is type(actual):
        return True
    if isinstance(expected, bool) or isinstance(actual, bool):
        return bool(_bool_text(expected) == _bool_text(actual))
    if isinstance(expected, (int, float, str)) and isinstance(actual, (int, float, str)):
        try:
            return float(expected) == float(actual)
        except ValueError:
            return str(expected) == str(actual)
    return bool(expected == actual)


def _bool_text(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def _set_key(value: Any) -> str:
    return json.dumps(to_plain(value), sort_keys=True)


def compare(path: str, expected: Any, actual: Any, exact: bool) -> Iterator[Change]:
    if isinstance(expected, (Unknown, Ref)):
        return
    if isinstance(expected, dict) and isinstance(actual, dict):
        keys = sorted(set(expected) | set(actual)) if exact else sorted(expected)
        for key in keys:
            if key not in expected:
                yield Change(join_path(path, key), None, actual[key])
            else:
                yield from compare(join_path(path, key), expected[key], actual.get(key), exact)
        return
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            yield from compare(join_path(path, i), e, a, exact)
        return
    if isinstance(expected, (dict, list)) or isinstance(actual, (dict, list)):
        if to_plain(expected) != to_plain(actual):
            yield Change(path, to_plain(expected), actual)
        return
    if not scalar_equal(expected, actual):
        yield Change(path, expected, actual)


def compare_set(path: str, expected: list[Any], actual: list[Any]) -> Iterator[Change]:
    """Element-wise set difference; an element with unknown parts is never a difference."""
    actual_sorted = sorted(actual, key=_set_key)
    actual_keys = [_set_key(a) for a in actual_sorted]
    expected_sorted = sorted(expected, key=_set_key)
    known = [e for e in expected_sorted if not _has_unknown(e)]
    expected_keys = {_set_key(e) for e in known}
    if len(known) < len(expected_sorted):
        # unknown elements may stand for any live element: only report what is surely gone
        for i, e in enumerate(expected_sorted):
            if e in known and _set_key(e) not in actual_keys:
                yield Change(join_path(path, i), to_plain(e), None)
        return
    for i, e in enumerate(expected_sorted):
        if _set_key(e) not in actual_keys:
            yield Change(join_path(path, i), to_plain(e), None)
    for i, (a, key) in enumerate(zip(actual_sorted, actual_keys, strict=True)):
        if key not in expected_keys:
            yield Change(join_path(path, i), None, a)


def _has_unknown(value: Any) -> bool:
    return not is_known(value)


def path_sort_key(path: str) -> list[Any]:
    """'ingress[10]' after 'ingress[2]': numbers in paths sort as numbers."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", path)]


def diff_attrs(rtype: ResourceType, declared: dict[str, Any], live: dict[str, Any]) -> list[Change]:
    changes: list[Change] = []
    for key in sorted(declared):
        if key not in rtype.compared:
            continue
        expected, actual = declared[key], live.get(key)
        if key in rtype.sets and isinstance(expected, list) and isinstance(actual, list):
            if expected != actual:  # both sides are normalized: equal lists are the common case
                changes.extend(compare_set(key, expected, actual))
        else:
            changes.extend(compare(key, expected, actual, key in rtype.exact))
    return sorted(changes, key=lambda c: path_sort_key(c.path))
