"""Terraform's collection functions, with cty's types: a function's result has the type
cty gives it (a list, a set, a tuple, a map, an object), and mixed arguments are unified
to one type first (`coalesce(1, "a")` is "1", `concat` of lists of different element
types a list of their common type).

https://developer.hashicorp.com/terraform/language/functions (Collection Functions).
"""

from __future__ import annotations

from typing import Any

from driftctl.core.model import Ref, Unknown
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.convert import (
    ConversionError,
    convert,
    equals,
    make_list,
    make_map,
    make_set,
    unify,
)
from driftctl.declared.hcl.lang.functions.base import Function, Param, fn, whole
from driftctl.declared.hcl.lang.functions.conversions import FUNCTIONS as CONVERSIONS
from driftctl.declared.hcl.lang.functions.sets import FUNCTIONS as SETS
from driftctl.declared.hcl.lang.graphemes import count
from driftctl.declared.hcl.lang.limits import check_size
from driftctl.declared.hcl.lang.types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CList,
    CMap,
    CSet,
    Dynamic,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
    is_null,
    null_of,
    type_of,
)
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    Instance,
    as_unknown,
    find_pending,
    is_pending,
    type_name,
)

ANY_LIST = ListType(DYNAMIC)


def _alltrue(args: list[Any]) -> Any:
    for item in args[0]:
        if is_pending(item):
            return as_unknown(item)
        if is_null(item) or item is False:
            return False
    return True


def _anytrue(args: list[Any]) -> Any:
    unknown = None
    for item in args[0]:
        if is_pending(item):
            unknown = unknown or item
        elif item is True:
            return True
    return as_unknown(unknown) if unknown is not None else False


def _chunklist(args: list[Any]) -> Any:
    items, size = args[0], whole(args[1], "size")
    if size < 0:
        raise EvalFailure("the size argument must be positive")
    list_type = type_of(items)
    if not items:
        return CList((), list_type)
    if size == 0:
        return CList([items], list_type)
    return CList(
        [CList(items[i : i + size], items.etype) for i in range(0, len(items), size)], list_type
    )


def _coalesce(args: list[Any]) -> Any:
    if not args:
        raise EvalFailure("at least one argument is required")
    types = [type_of(a) for a in args]
    result_type = unify(types, unsafe=True)
    if result_type is None:
        raise EvalFailure("all arguments must have the same type")
    for arg in args:
        try:
            value = convert(arg, result_type)
        except ConversionError:
            value = arg
        if is_pending(value):
            return as_unknown(value)
        if is_null(value):
            continue
        if result_type is STRING and value == "":
            continue
        return value
    raise EvalFailure("no non-null, non-empty-string arguments")


def _coalescelist(args: list[Any]) -> Any:
    if not args:
        raise EvalFailure("at least one argument is required")
    for arg in args:
        if is_pending(arg):
            return as_unknown(arg)
        if not isinstance(type_of(arg), (ListType, TupleType)):
            raise EvalFailure("coalescelist arguments must be lists or tuples")
    for arg in args:
        if is_null(arg):
            continue
        if len(arg) > 0:
            return arg
    raise EvalFailure("no non-null arguments")


def _compact(args: list[Any]) -> Any:
    return CList([v for v in args[0] if not is_null(v) and v != ""], STRING)


def _concat(args: list[Any]) -> Any:
    if not args:
        raise EvalFailure("at least one argument is required")
    check_size(sum(len(a) for a in args if isinstance(a, list)), "elements")
    types = [type_of(a) for a in args]
    if isinstance(types[0], ListType) and all(isinstance(t, ListType) for t in types):
        common = unify(types, unsafe=True)
        if common is not None:
            out: list[Any] = []
            for arg in args:
                out.extend(convert(arg, common))
            return CList(out, common.elem)  # type: ignore[attr-defined]
    out = []
    for position, (arg, arg_type) in enumerate(zip(args, types, strict=True)):
        if is_null(arg):
            raise EvalFailure(f"argument {position + 1} must not be null")
        if not isinstance(arg_type, (TupleType, ListType)):
            raise EvalFailure(f"all arguments must be lists or tuples; got {arg_type.friendly()}")
        out.extend(arg)
    return out


def _contains(args: list[Any]) -> Any:
    items, wanted = args
    if not isinstance(type_of(items), (ListType, TupleType, SetType)):
        raise EvalFailure("argument must be list, tuple, or set")
    if not items:
        return False
    if is_pending(wanted):
        return as_unknown(wanted)
    unknown = None
    for item in items:
        result = equals(wanted, item)
        if result is True:
            return True
        if result is not False:
            unknown = unknown or result
    return unknown if unknown is not None else False


def _distinct(args: list[Any]) -> Any:
    out: list[Any] = []
    for item in args[0]:
        if not any(equals(item, seen) is True for seen in out):
            out.append(item)
    return CList(out, args[0].etype)


def _element(args: list[Any]) -> Any:
    items, index = args[0], whole(args[1], "index")
    kind = type(items)
    if kind not in (list, CList):
        raise EvalFailure(f"cannot read elements from {type_name(items)}")
    if not items:
        raise EvalFailure("cannot use element function with an empty list")
    if kind is list and index < 0 and -index % len(items):
        # cty's element() picks a tuple's element type with Go's remainder, which fails
        # for a negative index (a panic in Terraform); a list counts from the end
        raise EvalFailure(f"runtime error: index out of range [{-(-index % len(items))}]")
    return items[index % len(items)]


def _flatten(args: list[Any]) -> Any:
    value = args[0]
    if not isinstance(value, list):
        raise EvalFailure("can only flatten lists, sets and tuples")
    check_size(_flat_count(value), "elements")
    try:
        return _flattened(value)
    except _UnknownShape as exc:  # as cty's flatten does with a dynamic element
        return as_unknown(exc.args[0])


def _flat_count(value: list[Any]) -> int:
    """How many elements flatten(value) has, counted without building it."""
    return sum(_flat_count(item) if isinstance(item, list) else 1 for item in value)


class _UnknownShape(Exception):
    """An unknown element, which may be a list to flatten: the result's shape is unknown."""


def _flattened(value: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in value:
        if is_pending(item):
            if isinstance(type_of(item), (Dynamic, ListType, SetType, TupleType)):
                raise _UnknownShape(item)
            out.append(item)  # an unknown string, number, map or object
            continue
        if isinstance(item, list):
            out.extend(_flattened(item))
        else:
            out.append(item)
    return out


def _index(args: list[Any]) -> Any:
    items, wanted = args
    if type(items) not in (list, CList):
        raise EvalFailure("argument must be a list or tuple")
    if not items:
        raise EvalFailure("cannot search an empty list")
    for position, item in enumerate(items):
        result = equals(item, wanted)
        if is_pending(result):
            return result
        if result is True:
            return number.I64(position)
    raise EvalFailure("item not found")


def _keys(args: list[Any]) -> Any:
    value = args[0]
    if is_pending(value):
        return as_unknown(value)
    if type(value) is CMap:
        return CList(sorted(value), STRING)
    if type(value) is dict:
        return sorted(value)
    raise EvalFailure("must have map or object type")


def _length(args: list[Any]) -> Any:
    value = args[0]
    if is_pending(value):
        return as_unknown(value)
    if isinstance(value, str):
        return number.I64(count(value))
    pending = _set_collapses(value)
    if pending is not None:
        return as_unknown(pending)
    if isinstance(value, (list, dict)):
        return number.I64(len(value))
    raise EvalFailure("argument must be a string, a collection type, or a structural type")


def _lookup(args: list[Any]) -> Any:
    if len(args) > 3:
        raise EvalFailure(f"lookup() takes two or three arguments, got {len(args)}")
    table, key = args[0], args[1]
    if is_pending(table):
        return as_unknown(table)
    if is_pending(key):
        return as_unknown(key)
    if type(table) is dict:
        if key in table:
            return table[key]
        if len(args) == 3:
            return args[2]
        raise EvalFailure(f"the given object has no attribute {key!r}")
    if type(table) is CMap:
        if len(args) == 3:
            try:
                default = convert(args[2], table.etype)
            except ConversionError:
                raise EvalFailure(
                    "the default value must have the same type as the map elements"
                ) from None
        if key in table:
            return table[key]
        if len(args) == 3:
            return default
        raise EvalFailure(f"lookup failed to find key {key!r}")
    raise EvalFailure("lookup() requires a map as the first argument")


def _matchkeys(args: list[Any]) -> Any:
    values, keys, search = args
    common = unify([type_of(keys), type_of(search)], unsafe=True)
    if common is None:
        raise EvalFailure("keys and searchset must be of the same type")
    if len(values) != len(keys):
        raise EvalFailure("length of keys and values should be equal")
    keys = convert(keys, common)
    search = convert(search, common)
    out = [
        v for v, k in zip(values, keys, strict=True) if any(equals(k, s) is True for s in search)
    ]
    return CList(out, values.etype)


def _merge(args: list[Any]) -> Any:
    if not args:
        return {}
    attrs: dict[str, Type] = {}
    first: Type | None = None
    matching = True
    for position, arg in enumerate(args):
        if is_pending(arg):
            return as_unknown(arg)
        arg_type = type_of(arg)
        if arg_type is DYNAMIC:
            return _merge_dynamic(args)
        if not isinstance(arg_type, (MapType, ObjectType)):
            raise EvalFailure(f'arguments must be maps or objects, got "{arg_type.friendly()}"')
        if position == 0:
            first = arg_type
        elif arg_type != first:
            matching = False
        if not is_null(arg):
            for key in arg:
                attrs[key] = arg_type.elem if isinstance(arg_type, MapType) else arg_type.attrs[key]
    out: dict[str, Any] = {}
    for arg in args:
        if not is_null(arg):
            out.update(arg)
    if matching and isinstance(first, MapType):
        return CMap(out, first.elem)
    return dict(sorted(out.items()))


def _merge_dynamic(args: list[Any]) -> Any:
    """merge() with a literal null among the arguments: the others merged."""
    out: dict[str, Any] = {}
    for arg in args:
        if arg is None:
            continue
        if not isinstance(type_of(arg), (MapType, ObjectType)):
            raise EvalFailure(f'arguments must be maps or objects, got "{type_name(arg)}"')
        if not is_null(arg):
            out.update(arg)
    return dict(sorted(out.items()))


def _set_collapses(value: Any) -> Unknown | Ref | Instance | None:
    """The unknown element of a set of several elements, whose length is then unknown as
    elements may turn out equal (cty); None for any other value."""
    return find_pending(value) if type(value) is CSet and len(value) > 1 else None


def _one(args: list[Any]) -> Any:
    value = args[0]
    if is_pending(value):
        if not isinstance(type_of(value), (Dynamic, ListType, SetType, TupleType)):
            raise EvalFailure(
                "must be a list, set, or tuple value with either zero or one elements"
            )
        return as_unknown(value)
    pending = _set_collapses(value)
    if pending is not None:
        return as_unknown(pending)
    value_type = type_of(value)
    if isinstance(value_type, (ListType, SetType)):
        if len(value) == 0:
            return null_of(value_type.elem)
        if len(value) == 1:
            return value[0]
    elif isinstance(value_type, TupleType):
        if len(value) == 0:
            return None
        if len(value) == 1:
            return value[0]
    raise EvalFailure("must be a list, set, or tuple value with either zero or one elements")


def _range(args: list[Any]) -> Any:
    if not 1 <= len(args) <= 3:
        raise EvalFailure("must have one, two, or three arguments")
    if len(args) == 1:
        start, end = 0, args[0]
        step: Any = -1 if number.compare(end, 0) < 0 else 1
    elif len(args) == 2:
        start, end = args
        step = -1 if number.compare(end, start) < 0 else 1
    else:
        start, end, step = args
    if number.sign(step) == 0:
        raise EvalFailure("step must not be zero")
    down = number.compare(step, 0) < 0
    if down and number.compare(end, start) > 0:
        raise EvalFailure("end must be less than start when step is negative")
    if not down and number.compare(end, start) < 0:
        raise EvalFailure("end must be greater than start when step is positive")
    out: list[Any] = []
    value: Any = start
    while (number.compare(value, end) > 0) if down else (number.compare(value, end) < 0):
        if len(out) >= 1024:
            raise EvalFailure(
                "more than 1024 values were generated; either decrease the difference "
                "between start and end or use a smaller step"
            )
        out.append(value)
        value = number.add(value, step)
    return CList(out, NUMBER)


def _reverse(args: list[Any]) -> Any:
    value = args[0]
    kind = type(value)
    if kind is list:
        return value[::-1]
    if kind is CList or kind is CSet:
        return CList(value[::-1], value.etype)
    raise EvalFailure(f"can only reverse list or tuple values, not {type_name(value)}")


def _slice(args: list[Any]) -> Any:
    items = args[0]
    kind = type(items)
    if kind is CSet:
        raise EvalFailure(
            "cannot slice a set, because its elements do not have indices; explicitly convert "
            "to a list if the ordering of the result is not important"
        )
    if kind not in (list, CList):
        raise EvalFailure("must be a list or tuple value")
    start, end = whole(args[1], "start index"), whole(args[2], "end index")
    if start < 0:
        raise EvalFailure("start index must not be less than zero")
    if start > len(items):
        raise EvalFailure("start index must not be greater than the length of the list")
    if end < 0:
        raise EvalFailure("end index must not be less than zero")
    if end > len(items):
        raise EvalFailure("end index must not be greater than the length of the list")
    if start > end:
        raise EvalFailure("start index must not be greater than end index")
    sliced = items[start:end]
    return CList(sliced, items.etype) if kind is CList else list(sliced)


def _sum(args: list[Any]) -> Any:
    value = args[0]
    if not isinstance(value, (list, dict)):
        raise EvalFailure("cannot sum noniterable")
    if not value:
        raise EvalFailure("cannot sum an empty list")
    if not isinstance(value, list):
        raise EvalFailure(f"argument must be list, set, or tuple. Received {type_name(value)}")
    total: Any = None
    for item in value:
        if is_null(item):
            raise EvalFailure("argument must be list, set, or tuple of number values")
        try:
            item = convert(item, NUMBER)
        except ConversionError:
            raise EvalFailure("argument must be list, set, or tuple of number values") from None
        total = item if total is None else number.add(total, item)
    return total


def _transpose(args: list[Any]) -> Any:
    out: dict[str, list[str]] = {}
    for key, values in args[0].items():
        if is_null(values):
            raise EvalFailure("input must not contain null list")
        for value in values:
            if is_null(value):
                raise EvalFailure("input list must not contain null string")
            out.setdefault(value, []).append(key)
    return CMap({k: CList(sorted(v), STRING) for k, v in out.items()}, ListType(STRING))


def _values(args: list[Any]) -> Any:
    value = args[0]
    if is_pending(value):
        return as_unknown(value)
    if type(value) is CMap:
        return CList([value[k] for k in sorted(value)], value.etype)
    if type(value) is dict:
        return [value[k] for k in sorted(value)]
    raise EvalFailure("values() requires a map as the first argument")


def _zipmap(args: list[Any]) -> Any:
    keys, values = args
    if is_pending(values):
        return as_unknown(values)
    if find_pending(keys) is not None:
        return as_unknown(find_pending(keys))  # type: ignore[arg-type]
    kind = type(values)
    if kind not in (list, CList):
        raise EvalFailure("values argument must be a list or tuple value")
    if len(keys) != len(values):
        raise EvalFailure(
            f"number of keys ({len(keys)}) does not match number of values ({len(values)})"
        )
    for position, key in enumerate(keys):
        if is_null(key):
            raise EvalFailure(f"keys list has null value at index {position}")
    pairs = dict(zip(keys, values, strict=True))
    if kind is CList:
        return CMap(pairs, values.etype)
    return dict(sorted(pairs.items()))


def _removed(name: str, instead: str) -> Function:
    def impl(args: list[Any]) -> Any:
        raise EvalFailure(
            f'the "{name}" function was deprecated in Terraform v0.12 and is no longer '
            f"available; use {instead} syntax to write a literal {name}"
        )

    return fn(impl, var=Param("vals", allow_null=True, allow_unknown=True))


def _identity(args: list[Any]) -> Any:
    return args[0]


_DYN_NULL = Param("value", allow_null=True, allow_unknown=True)

FUNCTIONS: dict[str, Function] = {
    "alltrue": fn(_alltrue, Param("list", ListType(BOOL)), deep=False),
    "anytrue": fn(_anytrue, Param("list", ListType(BOOL)), deep=False),
    "chunklist": fn(_chunklist, Param("list", ANY_LIST), Param("size", NUMBER), deep=False),
    "coalesce": fn(_coalesce, var=Param("vals", allow_null=True, allow_unknown=True), deep=False),
    "coalescelist": fn(
        _coalescelist, var=Param("vals", allow_null=True, allow_unknown=True), deep=False
    ),
    "compact": fn(_compact, Param("list", ListType(STRING))),
    "concat": fn(_concat, var=Param("seqs"), deep=False),
    "contains": fn(_contains, Param("list"), Param("value"), deep=False),
    "distinct": fn(_distinct, Param("list", ANY_LIST)),
    "element": fn(_element, Param("list"), Param("index", NUMBER), deep=False),
    "flatten": fn(_flatten, Param("list"), deep=False),
    "index": fn(_index, Param("list"), Param("value"), deep=False),
    "keys": fn(_keys, Param("inputMap", allow_unknown=True), deep=False),
    "length": fn(_length, Param("value", allow_unknown=True), deep=False),
    "lookup": fn(
        _lookup,
        Param("inputMap", allow_unknown=True),
        Param("key", STRING, allow_unknown=True),
        var=Param("default", allow_null=True, allow_unknown=True),
        deep=False,
    ),
    "matchkeys": fn(
        _matchkeys, Param("values", ANY_LIST), Param("keys", ANY_LIST), Param("searchset", ANY_LIST)
    ),
    "merge": fn(_merge, var=Param("maps", allow_null=True), deep=False),
    "one": fn(_one, Param("list", allow_unknown=True), deep=False),
    "range": fn(_range, var=Param("params", NUMBER)),
    "reverse": fn(_reverse, Param("list"), deep=False),
    "slice": fn(
        _slice, Param("list"), Param("start_index", NUMBER), Param("end_index", NUMBER), deep=False
    ),
    "sum": fn(_sum, Param("list")),
    "transpose": fn(_transpose, Param("values", MapType(ListType(STRING)))),
    "values": fn(_values, Param("mapping"), deep=False),
    "zipmap": fn(_zipmap, Param("keys", ListType(STRING)), Param("values"), deep=False),
    "sensitive": fn(_identity, _DYN_NULL, deep=False),
    "nonsensitive": fn(_identity, _DYN_NULL, deep=False),
    "ephemeralasnull": fn(_identity, _DYN_NULL, deep=False),
    "list": _removed("list", "tolist([ ... ])"),
    "map": _removed("map", "tomap({ ... })"),
    **SETS,
    **CONVERSIONS,
}

__all__ = ["CSet", "Unknown", "make_list", "make_map", "make_set"]
