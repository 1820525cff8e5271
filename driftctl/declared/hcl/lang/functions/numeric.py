"""Terraform's numeric functions (and the deterministic date and time ones, datetime.py).

https://developer.hashicorp.com/terraform/language/functions (Numeric Functions).
Numbers are cty's arbitrary-precision numbers (number.py); log() and pow() compute with
Go's float64 as Terraform does, so their results have 53 bits.
"""

from __future__ import annotations

import math
from typing import Any

from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.functions.base import Function, Param, fn, whole
from driftctl.declared.hcl.lang.functions.datetime import FUNCTIONS as DATETIME
from driftctl.declared.hcl.lang.types import NUMBER, STRING, type_of
from driftctl.declared.hcl.lang.values import EvalFailure

_N = Param("num", NUMBER)


def _float(value: Any) -> float:
    return number.to_float(value)


def _go_log(value: float) -> float:
    """Go's math.Log: -Inf at 0, NaN below."""
    if value == 0:
        return -math.inf
    if value < 0 or math.isnan(value):
        return math.nan
    if math.isinf(value):
        return math.inf
    return math.log(value)


def _divide_floats(a: float, b: float) -> float:
    try:
        return a / b
    except ZeroDivisionError:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)


def _log_impl(args: list[Any]) -> Any:
    value, base = _float(args[0]), _float(args[1])
    result = _divide_floats(_go_log(value), _go_log(base))
    if math.isinf(_go_log(value)) and math.isinf(_go_log(base)):
        result = math.nan
    try:
        return number.from_float(result)
    except number.NumberError as exc:
        raise EvalFailure(f"panic in function implementation: {exc}") from None


def _pow(args: list[Any]) -> Any:
    """Go's math.Pow, special cases included (0 to a negative power is infinite)."""
    base, exponent = _float(args[0]), _float(args[1])
    odd = exponent.is_integer() and abs(exponent) < 2**53 and int(exponent) % 2 == 1
    if base == 0 and exponent < 0:
        result = math.copysign(math.inf, base) if odd else math.inf
    else:
        try:
            result = math.pow(base, exponent)
        except ValueError:
            result = math.nan
        except OverflowError:
            result = -math.inf if base < 0 and odd else math.inf
    try:
        return number.from_float(result)
    except number.NumberError as exc:
        raise EvalFailure(f"panic in function implementation: {exc}") from None


def _signum(args: list[Any]) -> Any:
    value = whole(args[0])
    return number.I64((value > 0) - (value < 0))


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _parseint(args: list[Any]) -> Any:
    text, base_value = args
    if type_of(text) is not STRING:
        raise EvalFailure(f"first argument must be a string, not {type_of(text).friendly()}")
    base = whole(base_value, "base")
    if not 2 <= base <= 62:
        raise EvalFailure("base must be a whole number between 2 and 62 inclusive")
    body = text[1:] if text[:1] in "+-" else text
    if not body:
        raise EvalFailure(f"cannot parse {text!r} as a base {base} integer")
    value = 0
    for char in body:
        digit = _DIGITS.find(char.lower() if base <= 36 else char)
        if digit < 0 or digit >= base:
            raise EvalFailure(f"cannot parse {text!r} as a base {base} integer")
        value = value * base + digit
    value = -value if text.startswith("-") else value
    return number.from_int(value)


def _extreme(pick_greater: bool) -> Any:
    def impl(args: list[Any]) -> Any:
        if not args:
            raise EvalFailure("must pass at least one number")
        best = args[0]
        for value in args[1:]:
            cmp = number.compare(value, best)
            if (cmp > 0) if pick_greater else (cmp < 0):
                best = value
        return best

    return impl


FUNCTIONS: dict[str, Function] = {
    "abs": fn(lambda a: number.absolute(a[0]), _N),
    "ceil": fn(lambda a: number.ceil(a[0]), _N),
    "floor": fn(lambda a: number.floor(a[0]), _N),
    "log": fn(_log_impl, _N, Param("base", NUMBER)),
    "max": fn(_extreme(True), var=Param("numbers", NUMBER)),
    "min": fn(_extreme(False), var=Param("numbers", NUMBER)),
    "parseint": fn(_parseint, Param("number"), Param("base", NUMBER)),
    "pow": fn(_pow, _N, Param("power", NUMBER)),
    "signum": fn(_signum, _N),
    **DATETIME,
}
