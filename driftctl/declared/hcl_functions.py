"""Terraform's built-in functions (a subset; the rest evaluate to Unknown with a warning).

Each function takes its evaluated arguments. `call` settles Unknown/Ref arguments first:
a *strict* function needs every argument fully known; a *shallow* one (merge, length,
lookup, ...) only needs its top-level arguments known and passes nested Refs through.
"""

from __future__ import annotations

import base64
import dataclasses
import ipaddress
import json
import re
from collections.abc import Callable
from typing import Any

from driftctl.declared.hcl_values import (
    EvalFailure,
    as_unknown,
    equal,
    find_pending,
    is_pending,
    norm_number,
    sort_key,
    to_bool,
    to_number,
    to_str,
    type_name,
)

Impl = Callable[[list[Any]], Any]

NON_DETERMINISTIC = frozenset({"timestamp", "plantimestamp", "uuid", "bcrypt"})


@dataclasses.dataclass(frozen=True)
class Function:
    impl: Impl
    min_args: int
    max_args: int | None  # None: variadic
    strict: bool = True


def call(name: str, args: list[Any]) -> Any:
    """Call a supported function (see `FUNCTIONS`); raises EvalFailure on bad arguments."""
    function = FUNCTIONS[name]
    if len(args) < function.min_args or (
        function.max_args is not None and len(args) > function.max_args
    ):
        raise EvalFailure(f"wrong number of arguments to {name}(): {len(args)}")
    pending = (
        find_pending(args) if function.strict else next((a for a in args if is_pending(a)), None)
    )
    if pending is not None:
        return as_unknown(pending)
    try:
        return function.impl(args)
    except EvalFailure as exc:
        raise EvalFailure(f"{name}(): {exc}") from None


# ---------------------------------------------------------------------------- argument checks


def _map(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise EvalFailure(f"expected a map, got {type_name(value)}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise EvalFailure(f"expected a list, got {type_name(value)}")
    return value


def _int(value: Any) -> int:
    number = to_number(value)
    if not isinstance(number, int):
        raise EvalFailure(f"expected a whole number, got {value!r}")
    return number


def _string_fn(fn: Callable[[str], Any]) -> Impl:
    return lambda args: fn(to_str(args[0]))


# ---------------------------------------------------------------------------- collections


def _merge(args: list[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for arg in args:
        if arg is not None:
            out.update(_map(arg))
    return out


def _concat(args: list[Any]) -> list[Any]:
    return [item for arg in args for item in _list(arg)]


def _lookup(args: list[Any]) -> Any:
    table, key = _map(args[0]), to_str(args[1])
    if key in table:
        return table[key]
    if len(args) == 3:
        return args[2]
    raise EvalFailure(f"no key {key!r} in the map and no default")


def _length(args: list[Any]) -> int:
    value = args[0]
    if isinstance(value, (str, list, dict)):
        return len(value)
    raise EvalFailure(f"cannot take the length of {type_name(value)}")


def _keys(args: list[Any]) -> list[str]:
    return sorted(_map(args[0]))


def _values(args: list[Any]) -> list[Any]:
    table = _map(args[0])
    return [table[k] for k in sorted(table)]


def _coalesce(args: list[Any]) -> Any:
    for arg in args:
        if arg is not None and arg != "":
            return arg
    raise EvalFailure("no non-null, non-empty-string arguments")


def _element(args: list[Any]) -> Any:
    items, index = _list(args[0]), _int(args[1])
    if not items:
        raise EvalFailure("cannot use element() on an empty list")
    if index < 0:
        raise EvalFailure("cannot use element() with a negative index")
    return items[index % len(items)]


def _flatten(args: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in _list(args[0]):
        out.extend(_flatten([item]) if isinstance(item, list) else [item])
    return out


def _distinct(args: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in _list(args[0]):
        if not any(equal(item, seen) for seen in out):
            out.append(item)
    return out


def _contains(args: list[Any]) -> bool:
    return any(equal(item, args[1]) for item in _list(args[0]))


def _toset(args: list[Any]) -> list[Any] | None:
    if args[0] is None:
        return None
    return sorted(_distinct([_list(args[0])]), key=sort_key)


def _passthrough(check: Callable[[Any], Any]) -> Impl:
    return lambda args: None if args[0] is None else check(args[0])


def _zipmap(args: list[Any]) -> dict[str, Any]:
    keys, values = _list(args[0]), _list(args[1])
    if len(keys) != len(values):
        raise EvalFailure("the lists of keys and values have different lengths")
    return {to_str(k): v for k, v in zip(keys, values, strict=True)}


def _range(args: list[Any]) -> list[int | float]:
    numbers = [to_number(a) for a in args]
    start, stop, step = (0, numbers[0], 1) if len(numbers) == 1 else (*numbers[:2], 1)
    if len(numbers) == 3:
        step = numbers[2]
    if step == 0:
        raise EvalFailure("step must not be zero")
    out: list[int | float] = []
    value = start
    while (value < stop if step > 0 else value > stop) and len(out) < 1024:
        out.append(norm_number(value))
        value += step
    return out


def _slice(args: list[Any]) -> list[Any]:
    items, start, end = _list(args[0]), _int(args[1]), _int(args[2])
    if not 0 <= start <= end <= len(items):
        raise EvalFailure(f"invalid slice [{start}:{end}] of a list of {len(items)}")
    return items[start:end]


def _one(args: list[Any]) -> Any:
    items = _list(args[0])
    if len(items) > 1:
        raise EvalFailure(f"expected at most one element, got {len(items)}")
    return items[0] if items else None


# ---------------------------------------------------------------------------- strings


def _join(args: list[Any]) -> str:
    separator = to_str(args[0])
    items = [item for arg in args[1:] for item in _list(arg)]
    if any(item is None for item in items):
        raise EvalFailure("cannot join a null element")
    return separator.join(to_str(item) for item in items)


def _split(args: list[Any]) -> list[str]:
    separator, text = to_str(args[0]), to_str(args[1])
    return list(text) if separator == "" else text.split(separator)


def _replace(args: list[Any]) -> str:
    text, search, replacement = (to_str(a) for a in args)
    if len(search) > 1 and search.startswith("/") and search.endswith("/"):
        try:
            return re.sub(search[1:-1], _go_replacement(replacement), text)
        except re.error as exc:
            raise EvalFailure(f"invalid regular expression {search}: {exc}") from None
    return text.replace(search, replacement)


def _go_replacement(template: str) -> str:
    """Go's `$1` / `${name}` group references as Python's `\\g<...>`."""
    escaped = template.replace("\\", "\\\\")
    return re.sub(r"\$(\w+)|\$\{(\w+)\}", lambda m: f"\\g<{m[1] or m[2]}>", escaped)


def _substr(args: list[Any]) -> str:
    text, offset, length = to_str(args[0]), _int(args[1]), _int(args[2])
    start = offset if offset >= 0 else max(len(text) + offset, 0)
    return text[start:] if length == -1 else text[start : start + length]


_VERB = re.compile(
    r"%(?:(?P<pct>%)|(?P<flags>[-+# 0]*)(?P<width>\d+)?(?:\.(?P<prec>\d+))?(?P<verb>[a-zA-Z]))"
)


def _format(args: list[Any]) -> str:
    values = list(args[1:])
    used = 0

    def one(match: re.Match[str]) -> str:
        nonlocal used
        if match["pct"]:
            return "%"
        if used >= len(values):
            raise EvalFailure("not enough arguments for the format string")
        used += 1
        return _format_verb(values[used - 1], match)

    out = _VERB.sub(one, to_str(args[0]))
    if used < len(values):
        raise EvalFailure("too many arguments for the format string")
    return out


_NUMERIC_VERBS = {"d": "d", "f": "f", "F": "f", "e": "e", "E": "E", "g": "g", "G": "G"}
_NUMERIC_VERBS.update({"x": "x", "X": "X", "o": "o", "b": "b"})


def _format_verb(value: Any, match: re.Match[str]) -> str:
    verb = match["verb"]
    if verb in _NUMERIC_VERBS:
        number: int | float = to_number(value)
        number = _int(number) if verb in "dxXob" else float(number)
        return format(number, _spec(match, _NUMERIC_VERBS[verb], numeric=True))
    if verb == "v" and isinstance(value, (list, dict)):
        text = _jsonencode([value])
    elif verb == "t":
        text = "true" if to_bool(value) else "false"
    elif verb == "q":
        text = json.dumps(to_str(value), ensure_ascii=False)
    elif verb in "sv":
        text = "null" if value is None else to_str(value)
    else:
        raise EvalFailure(f"unsupported format verb %{verb}")
    return format(text, _spec(match, "s", numeric=False))


def _spec(match: re.Match[str], kind: str, numeric: bool) -> str:
    flags = match["flags"] or ""
    zero = numeric and "0" in flags and "-" not in flags
    align = "<" if "-" in flags else ("=" if zero else ">")
    sign = ("+" if "+" in flags else " " if " " in flags else "") if numeric else ""
    alt = "#" if "#" in flags and numeric else ""
    precision = f".{match['prec']}" if match["prec"] is not None and kind in "feEgGs" else ""
    return f"{'0' if zero else ''}{align}{sign}{alt}{match['width'] or ''}{precision}{kind}"


# ---------------------------------------------------------------------------- encodings


def _jsonencode(args: list[Any]) -> str:
    text = json.dumps(args[0], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(char, escape)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _jsondecode(args: list[Any]) -> Any:
    try:
        return json.loads(to_str(args[0]), parse_float=lambda t: norm_number(float(t)))
    except json.JSONDecodeError as exc:
        raise EvalFailure(f"invalid JSON: {exc}") from None


def _tostring(args: list[Any]) -> str | None:
    return None if args[0] is None else to_str(args[0])


def _cidrsubnet(args: list[Any]) -> str:
    try:
        network = ipaddress.ip_network(to_str(args[0]), strict=False)
    except ValueError as exc:
        raise EvalFailure(str(exc)) from None
    newbits, netnum = _int(args[1]), _int(args[2])
    prefix = network.prefixlen + newbits
    if newbits < 0 or prefix > network.max_prefixlen:
        raise EvalFailure(f"cannot extend prefix /{network.prefixlen} by {newbits} bits")
    if not 0 <= netnum < 2**newbits:
        raise EvalFailure(f"netnum {netnum} does not fit in {newbits} bits")
    base = int(network.network_address) + (netnum << (network.max_prefixlen - prefix))
    return str(ipaddress.ip_network((base, prefix)))


def _numbers(args: list[Any]) -> list[int | float]:
    if not args:
        raise EvalFailure("needs at least one number")
    return [to_number(a) for a in args]


FUNCTIONS: dict[str, Function] = {
    "merge": Function(_merge, 0, None, strict=False),
    "concat": Function(_concat, 0, None, strict=False),
    "lookup": Function(_lookup, 2, 3, strict=False),
    "length": Function(_length, 1, 1, strict=False),
    "keys": Function(_keys, 1, 1, strict=False),
    "values": Function(_values, 1, 1, strict=False),
    "coalesce": Function(_coalesce, 1, None, strict=False),
    "element": Function(_element, 2, 2, strict=False),
    "tolist": Function(_passthrough(_list), 1, 1, strict=False),
    "tomap": Function(_passthrough(_map), 1, 1, strict=False),
    "zipmap": Function(_zipmap, 2, 2, strict=False),
    "slice": Function(_slice, 3, 3, strict=False),
    "one": Function(_one, 1, 1, strict=False),
    "reverse": Function(lambda a: _list(a[0])[::-1], 1, 1, strict=False),
    "compact": Function(lambda a: [x for x in _list(a[0]) if x not in (None, "")], 1, 1),
    "toset": Function(_toset, 1, 1),
    "sort": Function(lambda a: sorted(to_str(x) for x in _list(a[0])), 1, 1),
    "flatten": Function(_flatten, 1, 1),
    "distinct": Function(_distinct, 1, 1),
    "contains": Function(_contains, 2, 2),
    "range": Function(_range, 1, 3),
    "format": Function(_format, 1, None),
    "join": Function(_join, 2, None),
    "split": Function(_split, 2, 2),
    "replace": Function(_replace, 3, 3),
    "substr": Function(_substr, 3, 3),
    "lower": Function(_string_fn(str.lower), 1, 1),
    "upper": Function(_string_fn(str.upper), 1, 1),
    "trimspace": Function(_string_fn(str.strip), 1, 1),
    "trimprefix": Function(lambda a: to_str(a[0]).removeprefix(to_str(a[1])), 2, 2),
    "trimsuffix": Function(lambda a: to_str(a[0]).removesuffix(to_str(a[1])), 2, 2),
    "startswith": Function(lambda a: to_str(a[0]).startswith(to_str(a[1])), 2, 2),
    "endswith": Function(lambda a: to_str(a[0]).endswith(to_str(a[1])), 2, 2),
    "tostring": Function(_tostring, 1, 1),
    "tonumber": Function(lambda a: None if a[0] is None else to_number(a[0]), 1, 1),
    "tobool": Function(lambda a: None if a[0] is None else to_bool(a[0]), 1, 1),
    "jsonencode": Function(_jsonencode, 1, 1),
    "jsondecode": Function(_jsondecode, 1, 1),
    "base64encode": Function(_string_fn(lambda s: base64.b64encode(s.encode()).decode()), 1, 1),
    "cidrsubnet": Function(_cidrsubnet, 3, 3),
    "min": Function(lambda a: min(_numbers(a)), 0, None),
    "max": Function(lambda a: max(_numbers(a)), 0, None),
    "sum": Function(lambda a: norm_number(sum(_numbers(_list(a[0])))), 1, 1),
    "abs": Function(lambda a: abs(to_number(a[0])), 1, 1),
}


def is_supported(name: str) -> bool:
    return name in FUNCTIONS
