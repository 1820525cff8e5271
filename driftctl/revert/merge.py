"""The state a revert aims at: live, with exactly the reverted changes put back.

A rule may revert some changes of a resource and only report others (`tags.Owner` is
reverted, `tags.CostCenter` is left to a pull request). So the target is not the
declared state but the live state with each selected change set to its expected value.
`desired_attrs` walks declared and live exactly as the diff does (driftctl.core.compare.compare
/ compare_set), so every change it meets is one the diff reported, and picks the
declared side where that change was selected. Changes are told apart by path and values:
in a set, an element gone and an element added can share a path (`ingress[1]`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from driftctl.base.calls import Attrs
from driftctl.base.spec import ResourceType
from driftctl.core.compare import join_path
from driftctl.core.model import Change, Ref, Unknown, is_known, to_plain

_ABSENT: Any = object()  # a key the live side does not have
Selected = frozenset[tuple[str, str, str]]  # (path, expected, actual), values as JSON


def change_key(path: str, expected: Any, actual: Any) -> tuple[str, str, str]:
    return (path, _key(expected), _key(actual))


def desired_attrs(
    rtype: ResourceType, declared: Attrs, live: Attrs, changes: Iterable[Change]
) -> Attrs:
    selected: Selected = frozenset(change_key(c.path, c.expected, c.actual) for c in changes)
    out = dict(live)
    for key in sorted(declared):
        if key not in rtype.compared:
            continue
        expected, actual = declared[key], live.get(key, _ABSENT)
        if key in rtype.sets and isinstance(expected, list) and isinstance(actual, list):
            out[key] = _merge_set(key, expected, actual, selected)
        else:
            value = _merge(key, expected, actual, key in rtype.exact, selected)
            if value is _ABSENT:
                out.pop(key, None)
            else:
                out[key] = value
    return rtype.normalize(out)


def _merge(path: str, expected: Any, actual: Any, exact: bool, selected: Selected) -> Any:
    if isinstance(expected, (Unknown, Ref)):
        return actual
    have = None if actual is _ABSENT else actual
    if isinstance(expected, dict) and isinstance(have, dict):
        out: dict[str, Any] = {}
        for key in sorted(set(expected) | set(have)):
            sub = join_path(path, key)
            if key not in expected:
                if not (exact and change_key(sub, None, have[key]) in selected):
                    out[key] = have[key]
                continue
            value = _merge(sub, expected[key], have.get(key, _ABSENT), exact, selected)
            if value is not _ABSENT:
                out[key] = value
        return out
    if isinstance(expected, list) and isinstance(have, list) and len(expected) == len(have):
        return [
            _merge(join_path(path, i), e, a, exact, selected)
            for i, (e, a) in enumerate(zip(expected, have, strict=True))
        ]
    if change_key(path, expected, have) in selected:
        return expected if not is_known(expected) else to_plain(expected)
    return actual


def _key(value: Any) -> str:
    return json.dumps(to_plain(value), sort_keys=True, default=str)


def _merge_set(path: str, expected: list[Any], actual: list[Any], selected: Selected) -> list[Any]:
    """Mirror of diff.compare_set: add the selected missing elements, drop the selected
    extra ones (never when unknown declared elements could stand for them)."""
    actual_sorted = sorted(actual, key=_key)
    expected_sorted = sorted(expected, key=_key)
    known = [is_known(e) for e in expected_sorted]
    actual_keys = {_key(a) for a in actual_sorted}
    expected_keys = {_key(e) for e, ok in zip(expected_sorted, known, strict=True) if ok}
    add = [
        to_plain(e)
        for i, (e, ok) in enumerate(zip(expected_sorted, known, strict=True))
        if ok and _key(e) not in actual_keys and change_key(join_path(path, i), e, None) in selected
    ]
    drop = set()
    if all(known):
        drop = {
            _key(a)
            for i, a in enumerate(actual_sorted)
            if _key(a) not in expected_keys and change_key(join_path(path, i), None, a) in selected
        }
    return [a for a in actual_sorted if _key(a) not in drop] + add
