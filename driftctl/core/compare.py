"""Two values compared as the diff compares them: Terraform's primitive conversions
("3600" == 3600, "true" == True), maps key by key, lists element by element, None, []
and {} alike (nothing), declared Unknowns and references skipped (docs/architecture.md §5).

The diff (driftctl/engine/diff.py) and a type's revert (`same`) both compare through here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from driftctl.core.model import Change, Ref, Unknown, to_plain


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


def _nothing(value: Any) -> bool:
    """None, [] or {}: no value. A Terraform state writes an unset block as [] (and an
    unset map as {}), where AWS answers nothing and HCL declares nothing."""
    return value is None or (isinstance(value, (list, dict)) and not value)


def compare(path: str, expected: Any, actual: Any, exact: bool) -> Iterator[Change]:
    if isinstance(expected, (Unknown, Ref)):
        return
    if _nothing(expected) and _nothing(actual):
        return
    if isinstance(expected, dict) and isinstance(actual, dict):
        keys = sorted(set(expected) | set(actual)) if exact else sorted(expected)
        for key in keys:
            if key not in expected:
                if not _nothing(actual[key]):
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
