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

from driftctl.base.spec import ResourceType
from driftctl.core.compare import compare, join_path
from driftctl.core.model import Change, is_known, to_plain


def _set_key(value: Any) -> str:
    return json.dumps(to_plain(value), sort_keys=True)


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
