"""Terraform's set functions: setunion, setintersection, setsubtract, setproduct.

Arguments are converted to sets (of their common element type) first, as cty does:
`setunion(["a"], [1])` is the set of strings {"1", "a"}.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from driftctl.declared.hcl.lang.convert import (
    ConversionError,
    convert,
    make_list,
    make_set,
    set_key,
    unify,
)
from driftctl.declared.hcl.lang.functions.base import Function, Param, fn
from driftctl.declared.hcl.lang.limits import check_size
from driftctl.declared.hcl.lang.types import (
    DYNAMIC,
    CSet,
    ListType,
    SetType,
    TupleType,
    Type,
    type_of,
)
from driftctl.declared.hcl.lang.values import EvalFailure, as_unknown, find_pending

ANY_SET = SetType(DYNAMIC)


def _result_type(args: list[Any]) -> SetType:
    etypes: list[Type] = []
    for arg in args:
        etype = type_of(arg).elem  # type: ignore[attr-defined]
        if len(arg) == 0 and etype is DYNAMIC:
            continue
        etypes.append(etype)
    if not etypes:
        return ANY_SET
    unified = unify(etypes, unsafe=True)
    if unified is None:
        raise EvalFailure("given sets must all have compatible element types")
    return SetType(unified)


def _operation(combine: Any, allow_unknown: bool) -> Any:
    def impl(args: list[Any]) -> Any:
        result_type = _result_type(args)
        sets = []
        for arg in args:
            try:
                sets.append(convert(arg, result_type))
            except ConversionError as exc:
                raise EvalFailure(str(exc)) from None
        if not allow_unknown:
            pending = find_pending(sets)
            if pending is not None:
                return as_unknown(pending)
        items = list(sets[0])
        for other in sets[1:]:
            items = combine(items, list(other))
        return make_set(items) if items else CSet((), result_type.elem)

    return impl


def _union(a: list[Any], b: list[Any]) -> list[Any]:
    return a + b


def _intersection(a: list[Any], b: list[Any]) -> list[Any]:
    keys = {set_key(v) for v in b}
    return [v for v in a if set_key(v) in keys]


def _subtract(a: list[Any], b: list[Any]) -> list[Any]:
    keys = {set_key(v) for v in b}
    return [v for v in a if set_key(v) not in keys]


def _setproduct(args: list[Any]) -> Any:
    if len(args) < 2:
        raise EvalFailure("at least two arguments are required")
    pending = find_pending(args)
    if pending is not None:
        return as_unknown(pending)
    lists = 0
    etypes: list[Type] = []
    for position, arg in enumerate(args):
        arg_type = type_of(arg)
        if isinstance(arg_type, SetType):
            etypes.append(arg_type.elem)
        elif isinstance(arg_type, ListType):
            etypes.append(arg_type.elem)
            lists += 1
        elif isinstance(arg_type, TupleType):
            lists += 1
            if not arg_type.elems:
                etypes.append(DYNAMIC)
                continue
            unified = unify(list(arg_type.elems), unsafe=True)
            if unified is None:
                raise EvalFailure(f"argument {position + 1}: all elements must be of the same type")
            etypes.append(unified)
        else:
            raise EvalFailure(f"argument {position + 1}: a set or a list is required")
    check_size(math.prod(len(arg) for arg in args), "elements")
    products = []
    for combination in itertools.product(*args):
        products.append([convert(v, t) for v, t in zip(combination, etypes, strict=True)])
    result_elem = TupleType(etypes)
    if lists == len(args):
        if not products:
            from driftctl.declared.hcl.lang.types import CList

            return CList((), result_elem)
        return make_list(products)
    if not products:
        return CSet((), result_elem)
    return make_set(products)


_FIRST = Param("first_set", ANY_SET)
_OTHERS = Param("other_sets", ANY_SET)

FUNCTIONS: dict[str, Function] = {
    "setunion": fn(_operation(_union, True), _FIRST, var=_OTHERS, deep=False),
    "setintersection": fn(_operation(_intersection, False), _FIRST, var=_OTHERS, deep=False),
    "setsubtract": fn(
        _operation(_subtract, False), Param("a", ANY_SET), Param("b", ANY_SET), deep=False
    ),
    "setproduct": fn(_setproduct, var=Param("sets", allow_unknown=True), deep=False),
}
