"""Where two renderings of the declared state differ: which resources, which attribute paths.

Used by `driftctl determinism` to say more than "the hashes differ". Resources are
matched by address; values are shown as JSON, masked where the path looks secret.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from driftctl.core.mask import mask_at

_ABSENT: Any = object()
_LIMIT = 100


def diff_texts(first: str, second: str, labels: tuple[str, str] = ("run 1", "run 2")) -> list[str]:
    """Lines naming each difference between two `driftctl render` outputs."""
    try:
        a, b = json.loads(first), json.loads(second)
    except ValueError:
        return _line_diff(first, second, labels)
    lines = diff_renders(a, b, labels)
    return lines or ["the same JSON, different bytes (formatting or key order)"]


def diff_renders(a: Any, b: Any, labels: tuple[str, str] = ("run 1", "run 2")) -> list[str]:
    if not isinstance(a, dict) or not isinstance(b, dict):
        return [_change("(document)", a, b)]
    out: list[str] = []
    ra, rb = _by_address(a.get("resources")), _by_address(b.get("resources"))
    for key in sorted(set(ra) | set(rb)):
        if key not in rb:
            out.append(f"{key}: only in {labels[0]}")
        elif key not in ra:
            out.append(f"{key}: only in {labels[1]}")
        else:
            out += [f"{key}: {_change(p, x, y)}" for p, x, y in _paths(ra[key], rb[key], "")]
    for section in sorted((set(a) | set(b)) - {"resources"}):
        out += _section(section, a.get(section, _ABSENT), b.get(section, _ABSENT), labels)
    return out


def _by_address(resources: Any) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for r in resources if isinstance(resources, list) else []:
        key = str(r.get("address") or f"{r.get('type')}.{r.get('id')}")
        n = 2
        while key in found:
            key = f"{key} #{n}"
            n += 1
        found[key] = r
    return found


def _section(name: str, a: Any, b: Any, labels: tuple[str, str]) -> list[str]:
    if isinstance(a, list) and isinstance(b, list):
        keyed_a, keyed_b = [_key(x) for x in a], [_key(y) for y in b]
        if sorted(keyed_a) == sorted(keyed_b):
            return [] if keyed_a == keyed_b else [f"{name}: the same entries in another order"]
        only_a = [x for x in a if _key(x) not in keyed_b]
        only_b = [y for y in b if _key(y) not in keyed_a]
        return [f"{name}: only in {labels[0]}: {_show(name, x)}" for x in only_a] + [
            f"{name}: only in {labels[1]}: {_show(name, y)}" for y in only_b
        ]
    return [f"{name}: {_change(p, x, y)}" for p, x, y in _paths(a, b, "")]


def _paths(a: Any, b: Any, path: str) -> Iterator[tuple[str, Any, Any]]:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            yield from _paths(a.get(k, _ABSENT), b.get(k, _ABSENT), f"{path}.{k}" if path else k)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            yield from _paths(x, y, f"{path}[{i}]")
    elif type(a) is not type(b) or a != b:
        yield path, a, b


def _change(path: str, a: Any, b: Any) -> str:
    return f"{path or '(value)'}: {_show(path, a)} → {_show(path, b)}"


def _show(path: str, value: Any) -> str:
    if value is _ABSENT:
        return "(absent)"
    text = json.dumps(mask_at(path, value), sort_keys=True, ensure_ascii=False)
    return text if len(text) <= _LIMIT else text[: _LIMIT - 1] + "…"


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _line_diff(first: str, second: str, labels: tuple[str, str]) -> list[str]:
    a, b = first.splitlines(), second.splitlines()
    for i, (x, y) in enumerate(zip(a, b, strict=False), start=1):
        if x != y:
            return [
                f"line {i}: {labels[0]}: {x[:_LIMIT]!r}",
                f"line {i}: {labels[1]}: {y[:_LIMIT]!r}",
            ]
    return [f"{labels[0]} has {len(a)} lines, {labels[1]} has {len(b)}"]
