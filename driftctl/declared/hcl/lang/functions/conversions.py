"""Terraform's type conversion functions: tostring, tonumber, tobool, tolist, toset,
tomap, with cty's conversion rules (`tobool("1")` is true, `tolist([tolist(["a"]), "b"])`
is an error: a list and a string have no common type)."""

from __future__ import annotations

from typing import Any

from driftctl.declared.hcl.lang.convert import ConversionError, convert, go_quote
from driftctl.declared.hcl.lang.functions.base import Function, Param, fn
from driftctl.declared.hcl.lang.types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    ListType,
    MapType,
    SetType,
    Type,
    TypedUnknown,
    type_of,
    typed_unknown,
)
from driftctl.declared.hcl.lang.values import EvalFailure, as_unknown, is_pending


def _to(want: Type) -> Function:
    def impl(args: list[Any]) -> Any:
        value = args[0]
        if is_pending(value) and type(value) is not TypedUnknown:
            # an unknown of the wanted type, as cty's (a Ref is not bound through the
            # conversion: it gave an Unknown before types were kept, and still does)
            return typed_unknown(as_unknown(value), want)
        have = type_of(value)
        try:
            return convert(value, want)
        except ConversionError:
            if have is STRING and want is BOOL:
                raise EvalFailure(
                    f"cannot convert {go_quote(value) if isinstance(value, str) else 'string'} "
                    'to bool; only the strings "true" or "false" are allowed'
                ) from None
            if have is STRING and want is NUMBER:
                raise EvalFailure(
                    f"cannot convert {go_quote(value) if isinstance(value, str) else 'string'} "
                    "to number; given string must be a decimal representation of a number"
                ) from None
            raise EvalFailure(
                f"cannot convert {have.friendly()} to {want.friendly(True)}"
            ) from None

    return fn(impl, Param("v", allow_null=True, allow_unknown=True), deep=False)


FUNCTIONS: dict[str, Function] = {
    "tostring": _to(STRING),
    "tonumber": _to(NUMBER),
    "tobool": _to(BOOL),
    "tolist": _to(ListType(DYNAMIC)),
    "toset": _to(SetType(DYNAMIC)),
    "tomap": _to(MapType(DYNAMIC)),
}
