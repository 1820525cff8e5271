"""JSON that driftctl reads from the user (states, snapshots, templates, reports), bounded.

`json.loads` recurses once per nesting level, so 100,000 `[` end in a RecursionError, and
data a few hundred levels deep passes the parser only to exhaust the recursion of
whatever walks it next. `loads` refuses nesting deeper than MAX_DEPTH the way it refuses
a syntax error: a `json.JSONDecodeError` whose line is where the nesting goes too deep,
so every caller's `FILE:LINE: invalid JSON: ...` message covers it. With
`duplicates=True` a key given twice in one object is refused too (json keeps the last).
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 100  # levels of nested objects and arrays; real files stay below 30

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


def loads(text: str, *, duplicates: bool = False, **kwargs: Any) -> Any:
    """json.loads(text, **kwargs), refusing nesting deeper than MAX_DEPTH (and, with
    duplicates=True, a key given twice in an object) with a json.JSONDecodeError."""
    if duplicates:
        kwargs["object_pairs_hook"] = _unique
    try:
        data = json.loads(text, **kwargs)
    except RecursionError:
        raise _too_deep(text) from None
    except _Duplicate as exc:
        raise _duplicate(text, exc.key) from None
    if _deeper_than(data, MAX_DEPTH):
        raise _too_deep(text)
    return data


def _deeper_than(data: Any, limit: int) -> bool:
    stack: list[tuple[Any, int]] = [(data, 1)] if isinstance(data, (dict, list)) else []
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return True
        children = value.values() if isinstance(value, dict) else value
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))
    return False


def _too_deep(text: str) -> json.JSONDecodeError:
    """The error at the first `[` or `{` that opens level MAX_DEPTH + 1."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group(0)
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return json.JSONDecodeError(
                    f"nested deeper than {MAX_DEPTH} levels", text, match.start()
                )
        elif token in "]}":
            depth -= 1
    return json.JSONDecodeError(f"nested deeper than {MAX_DEPTH} levels", text, 0)


def _duplicate(text: str, key: str) -> json.JSONDecodeError:
    """The error at the second place the key is written (the first is in the message)."""
    places = [m.start() for m in re.finditer(re.escape(json.dumps(key)) + r"\s*:", text)]
    at = places[1] if len(places) > 1 else 0
    first = text.count("\n", 0, places[0]) + 1 if places else 1
    return json.JSONDecodeError(f"duplicate key {key!r} (first at line {first})", text, at)
