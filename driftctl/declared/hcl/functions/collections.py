"""Terraform's collection and type conversion functions.

https://developer.hashicorp.com/terraform/language/functions (Collection Functions,
Type Conversion Functions). Sets are held as sorted lists of distinct values.
"""

from __future__ import annotations

import itertools
from typing import Any

from driftctl.declared.hcl.functions.base import (
    Function,
    as_bool,
    as_int,
    as_list,
    as_map,
    as_number,
    as_set,
    as_str,
    fn,
    graphemes,
    unify,
)
from driftctl.declared.hcl.values import (
    EvalFailure,
    equal,
    norm_number,
    to_bool,
    to_number,
    to_str,
    type_name,
)


def _alltrue(args: list[Any]) -> bool:
    return all([as_bool(v) for v in as_list(args[0])])


def _anytrue(args: list[Any]) -> bool:
    return any([as_bool(v) for v in as_list(args[0])])


def _chunklist(args: list[Any]) -> list[Any]:
    items, size = as_list(args[0]), as_int(args[1])
    if size < 0:
        raise EvalFailure("the size argument must be positive")
    if not items:
        return []
    if size == 0:
        return [items]
    return [items[i : i + size] for i in range(0, len(items), size)]


def _coalesce(args: list[Any]) -> Any:
    for arg in args:
        if arg is not None and arg != "":
            return arg
    raise EvalFailure("no non-null, non-empty-string arguments")


def _coalescelist(args: list[Any]) -> Any:
    for arg in args:
        if arg is not None and as_list(arg):
            return arg
    raise EvalFailure("no non-null arguments")


def _compact(args: list[Any]) -> list[str]:
    return [as_str(v) for v in as_list(args[0]) if v is not None and v != ""]


def _concat(args: list[Any]) -> list[Any]:
    return [item for arg in args for item in as_list(arg)]


def _contains(args: list[Any]) -> bool:
    return any(equal(item, args[1]) for item in as_list(args[0]))


def _distinct(args: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in as_list(args[0]):
        if not any(equal(item, seen) for seen in out):
            out.append(item)
    return out


def _element(args: list[Any]) -> Any:
    items, index = as_list(args[0]), as_int(args[1])
    if not items:
        raise EvalFailure("cannot use element function with an empty list")
    if index < 0:
        raise EvalFailure("cannot use element function with a negative index")
    return items[index % len(items)]


def _flatten(args: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in as_list(args[0]):
        out.extend(_flatten([item]) if isinstance(item, list) else [item])
    return out


def _index(args: list[Any]) -> int:
    for i, item in enumerate(as_list(args[0])):
        if equal(item, args[1]):
            return i
    raise EvalFailure("item not found")


def _keys(args: list[Any]) -> list[str]:
    return sorted(as_map(args[0]))


def _length(args: list[Any]) -> int:
    value = args[0]
    if isinstance(value, str):
        return len(graphemes(value))
    if isinstance(value, (list, dict)):
        return len(value)
    raise EvalFailure(f"cannot take the length of a {type_name(value)} value")


def _lookup(args: list[Any]) -> Any:
    table, key = as_map(args[0]), as_str(args[1])
    if key in table:
        return table[key]
    if len(args) == 3:
        return args[2]
    raise EvalFailure(f"lookup failed to find key {key!r}")


def _matchkeys(args: list[Any]) -> list[Any]:
    values, keys, search = (as_list(a) for a in args)
    if len(values) != len(keys):
        raise EvalFailure("length of keys and values should be equal")
    return [v for v, k in zip(values, keys, strict=True) if any(equal(k, s) for s in search)]


def _merge(args: list[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for arg in args:
        if arg is not None:
            out.update(as_map(arg))
    return out


def _one(args: list[Any]) -> Any:
    items = as_list(args[0])
    if len(items) > 1:
        raise EvalFailure("must be a list, set, or tuple value with either zero or one elements")
    return items[0] if items else None


def _range(args: list[Any]) -> list[int | float]:
    numbers = [as_number(a) for a in args]
    start: int | float = 0 if len(numbers) == 1 else numbers[0]
    stop: int | float = numbers[0] if len(numbers) == 1 else numbers[1]
    step: int | float = 1
    if len(numbers) == 3:
        step = numbers[2]
    elif stop < start:
        step = -1
    if step == 0:
        raise EvalFailure("step must not be zero")
    if (step > 0 and start > stop) or (step < 0 and start < stop):
        raise EvalFailure("step must be positive when start is less than limit, negative otherwise")
    out: list[int | float] = []
    value = start
    while value < stop if step > 0 else value > stop:
        if len(out) >= 1024:
            raise EvalFailure(
                "more than 1024 values were generated; either decrease the difference "
                "between start and end or use a smaller step"
            )
        out.append(norm_number(value))
        value = norm_number(float(value) + float(step)) if isinstance(step, float) else value + step
    return out


def _reverse(args: list[Any]) -> list[Any]:
    return as_list(args[0])[::-1]


def _setintersection(args: list[Any]) -> list[Any]:
    first = as_set(as_list(args[0]))
    rest = [as_list(a) for a in args[1:]]
    return [v for v in first if all(any(equal(v, o) for o in other) for other in rest)]


def _setproduct(args: list[Any]) -> list[Any]:
    lists = [as_list(a) for a in args]
    if len(lists) < 2:
        raise EvalFailure("at least two arguments are required")
    return [list(combination) for combination in itertools.product(*lists)]


def _setsubtract(args: list[Any]) -> list[Any]:
    other = as_list(args[1])
    return [v for v in as_set(as_list(args[0])) if not any(equal(v, o) for o in other)]


def _setunion(args: list[Any]) -> list[Any]:
    return as_set([item for arg in args for item in as_list(arg)])


def _slice(args: list[Any]) -> list[Any]:
    items, start, end = as_list(args[0]), as_int(args[1]), as_int(args[2])
    if start < 0:
        raise EvalFailure("the start index must not be less than zero")
    if end > len(items):
        raise EvalFailure("the end index must not be greater than the length of the list")
    if start > end:
        raise EvalFailure("the start index must not be greater than the end index")
    return items[start:end]


def _sort(args: list[Any]) -> list[str]:
    items = as_list(args[0])
    if any(item is None for item in items):
        raise EvalFailure("given list element is null; a null string cannot be sorted")
    return sorted(as_str(item) for item in items)


def _sum(args: list[Any]) -> int | float:
    items = as_list(args[0])
    if not items:
        raise EvalFailure("cannot sum an empty list")
    total: int | float = 0
    for item in items:
        if item is None:
            raise EvalFailure("argument must be list, set, or tuple of number values")
        total = norm_number(total + as_number(item))
    return total


def _transpose(args: list[Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    table = as_map(args[0])
    for key in sorted(table):
        for value in as_list(table[key]):
            out.setdefault(as_str(value), []).append(key)
    return dict(sorted(out.items()))


def _values(args: list[Any]) -> list[Any]:
    table = as_map(args[0])
    return [table[k] for k in sorted(table)]


def _zipmap(args: list[Any]) -> dict[str, Any]:
    keys, values = as_list(args[0]), as_list(args[1])
    if len(keys) != len(values):
        raise EvalFailure(
            f"number of keys ({len(keys)}) does not match number of values ({len(values)})"
        )
    return {as_str(k): v for k, v in zip(keys, values, strict=True)}


# ---------------------------------------------------------------------------- conversions


def _tostring(args: list[Any]) -> str | None:
    value = args[0]
    if value is None:
        return None
    if isinstance(value, (list, dict)):
        raise EvalFailure(f"cannot convert {type_name(value)} to string")
    return to_str(value)


def _tonumber(args: list[Any]) -> int | float | None:
    return None if args[0] is None else to_number(args[0])


def _tobool(args: list[Any]) -> bool | None:
    return None if args[0] is None else to_bool(args[0])


def _tolist(args: list[Any]) -> list[Any] | None:
    return None if args[0] is None else unify(as_list(args[0]))


def _toset(args: list[Any]) -> list[Any] | None:
    return None if args[0] is None else as_set(unify(as_list(args[0])))


def _tomap(args: list[Any]) -> dict[str, Any] | None:
    if args[0] is None:
        return None
    table = as_map(args[0])
    return dict(zip(table, unify(list(table.values())), strict=True))


def _identity(args: list[Any]) -> Any:
    return args[0]


def _removed(name: str, instead: str) -> Function:
    def impl(args: list[Any]) -> Any:
        raise EvalFailure(
            f"the {name} function was deprecated in Terraform v0.12 and is no longer "
            f"available; use {instead} instead"
        )

    return fn(impl, 0, None, allow_null=True)


FUNCTIONS: dict[str, Function] = {
    "alltrue": fn(_alltrue, 1),
    "anytrue": fn(_anytrue, 1),
    "chunklist": fn(_chunklist, 2, strict=False),
    "coalesce": fn(_coalesce, 1, None, strict=False, allow_null=True),
    "coalescelist": fn(_coalescelist, 1, None, strict=False, allow_null=True),
    "compact": fn(_compact, 1),
    "concat": fn(_concat, 0, None, strict=False),
    "contains": fn(_contains, 2),
    "distinct": fn(_distinct, 1),
    "element": fn(_element, 2, strict=False),
    "flatten": fn(_flatten, 1),
    "index": fn(_index, 2),
    "keys": fn(_keys, 1, strict=False),
    "length": fn(_length, 1, strict=False),
    "lookup": fn(_lookup, 2, 3, strict=False, allow_null=True),
    "matchkeys": fn(_matchkeys, 3),
    "merge": fn(_merge, 0, None, strict=False, allow_null=True),
    "one": fn(_one, 1, strict=False),
    "range": fn(_range, 1, 3),
    "reverse": fn(_reverse, 1, strict=False),
    "setintersection": fn(_setintersection, 1, None),
    "setproduct": fn(_setproduct, 1, None),
    "setsubtract": fn(_setsubtract, 2),
    "setunion": fn(_setunion, 1, None),
    "slice": fn(_slice, 3, strict=False),
    "sort": fn(_sort, 1),
    "sum": fn(_sum, 1),
    "transpose": fn(_transpose, 1),
    "values": fn(_values, 1, strict=False),
    "zipmap": fn(_zipmap, 2, strict=False),
    "tostring": fn(_tostring, 1, allow_null=True),
    "tonumber": fn(_tonumber, 1, allow_null=True),
    "tobool": fn(_tobool, 1, allow_null=True),
    "tolist": fn(_tolist, 1, strict=False, allow_null=True),
    "toset": fn(_toset, 1, allow_null=True),
    "tomap": fn(_tomap, 1, strict=False, allow_null=True),
    "ephemeralasnull": fn(_identity, 1, strict=False, allow_null=True),
    "list": _removed("list", "tolist([...])"),
    "map": _removed("map", "tomap({...})"),
}
