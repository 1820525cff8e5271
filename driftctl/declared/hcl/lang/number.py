"""Terraform's numbers: cty's arbitrary-precision binary floats (Go's big.Float).

A number is a Python `int` when it is a whole number held exactly (the usual case), or a
`BigFloat`: mantissa * 2**exponent with a precision in bits, as cty holds it. Literals and
numbers parsed from strings have 512 bits (`cty.ParseNumberVal`); results of Go float64
functions (pow, log, ...) have 53; `I64` marks the 64-bit whole numbers of functions such
as length(). Arithmetic rounds to the nearest even at the larger precision of its operands,
as big.Float does, and numbers print as Go's `Text('f', -1)`: the fewest digits that read
back as the same number at its precision (so `1/3` has 155 digits and `pow(2, 64)` is
18446744073709550000, exactly as `terraform console` shows them).
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from typing import TypeAlias, final

PREC = 512  # bits: cty.ParseNumberVal


class NumberError(Exception):
    """An operation with no numeric result (0/0, Inf-Inf); the message is cty's."""


class I64(int):
    """A whole number of 64-bit precision (cty.NumberIntVal): only quotients differ."""

    __slots__ = ()


@final
class BigFloat:
    """A number that is not an exactly held whole number: value = (-1)**neg * mant * 2**exp
    (mant odd, or 0 for -0), or an infinity (inf True)."""

    __slots__ = ("exp", "inf", "mant", "neg", "prec")

    def __init__(self, neg: bool, mant: int, exp: int, prec: int, inf: bool = False) -> None:
        self.neg = neg
        self.mant = mant
        self.exp = exp
        self.prec = prec
        self.inf = inf

    def __repr__(self) -> str:
        return f"BigFloat({text(self)})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, bool) or not isinstance(other, (int, BigFloat)):
            return NotImplemented
        return compare(self, other) == 0

    def __hash__(self) -> int:
        if self.inf:
            return hash(("inf", self.neg))
        return hash(to_fraction(self))

    def __float__(self) -> float:
        return to_float(self)


Number: TypeAlias = "int | BigFloat"

POS_INF = BigFloat(False, 0, 0, PREC, True)
NEG_INF = BigFloat(True, 0, 0, PREC, True)
NEG_ZERO = BigFloat(True, 0, 0, PREC)


def is_number(value: object) -> bool:
    kind = type(value)
    return kind is int or kind is BigFloat or kind is I64


def prec_of(value: Number) -> int:
    if type(value) is BigFloat:
        return value.prec
    return 64 if type(value) is I64 else PREC


# ---------------------------------------------------------------------------- building


def make(neg: bool, mant: int, exp: int, prec: int) -> Number:
    """The number (-1)**neg * mant * 2**exp rounded to prec bits (nearest even)."""
    if mant == 0:
        return NEG_ZERO if neg else 0
    length = mant.bit_length()
    if length > prec:
        shift = length - prec
        rest = mant & ((1 << shift) - 1)
        mant >>= shift
        half = 1 << (shift - 1)
        if rest > half or (rest == half and mant & 1):
            mant += 1
        exp += shift
    zeros = (mant & -mant).bit_length() - 1
    if zeros:
        mant >>= zeros
        exp += zeros
    if exp >= 0 and mant.bit_length() + exp <= prec:
        whole = mant << exp
        return -whole if neg else whole
    return BigFloat(neg, mant, exp, prec)


def from_int(value: int) -> Number:
    if value.bit_length() <= PREC:
        return value
    return make(value < 0, abs(value), 0, PREC)


def from_float(value: float) -> Number:
    """A Go float64 as a number (cty.NumberFloatVal: 53 bits)."""
    if math.isnan(value):
        raise NumberError("Float.SetFloat64(NaN)")
    if math.isinf(value):
        return POS_INF if value > 0 else NEG_INF
    if value == 0:
        return NEG_ZERO if math.copysign(1.0, value) < 0 else 0
    ratio = Fraction(value)
    return _from_fraction(ratio, 53)


def _from_fraction(value: Fraction, prec: int) -> Number:
    """value (exact rational) rounded to prec bits."""
    if value == 0:
        return 0
    neg = value < 0
    num, den = abs(value.numerator), value.denominator
    if den & (den - 1) == 0:  # a dyadic rational: exact shift
        return make(neg, num, -(den.bit_length() - 1), prec)
    # scale so that the quotient has prec + 2 bits at least, then round with the remainder
    shift = prec + 2 - (num.bit_length() - den.bit_length())
    if shift > 0:
        quotient, remainder = divmod(num << shift, den)
    else:
        quotient, remainder = divmod(num, den << -shift)
    sticky = 1 if remainder else 0
    return make(neg, (quotient << 1) | sticky, -shift - 1, prec)


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def parse(text: str) -> Number | None:
    """A decimal string as cty.ParseNumberVal reads it (Go's big.ParseFloat, base 10,
    512 bits); None when it is not a number."""
    if _DECIMAL.fullmatch(text):
        digits = text
    else:
        lower = text.lower()
        if lower in ("inf", "+inf"):
            return POS_INF
        if lower == "-inf":
            return NEG_INF
        return None
    neg = digits.startswith("-")
    mantissa, _, exponent = digits.lstrip("+-").lower().partition("e")
    whole, _, fraction = mantissa.partition(".")
    scale = int(exponent or "0") - len(fraction)
    body = int((whole + fraction) or "0")
    if body == 0:
        return NEG_ZERO if neg else 0
    if scale >= 0:
        if scale > 100000:
            return NEG_INF if neg else POS_INF
        return make(neg, body * 10**scale, 0, PREC)
    if -scale > 100000:
        return NEG_ZERO if neg else 0
    value = _from_fraction(Fraction(body, 10**-scale), PREC)
    return negate(value) if neg else value


# ---------------------------------------------------------------------------- reading


def to_fraction(value: Number) -> Fraction:
    if type(value) is not BigFloat:
        return Fraction(int(value))
    if value.inf:
        raise NumberError("an infinity has no exact value")
    magnitude = (
        Fraction(value.mant << value.exp)
        if value.exp >= 0
        else Fraction(value.mant, 1 << -value.exp)
    )
    return -magnitude if value.neg else magnitude


def to_float(value: Number) -> float:
    if type(value) is not BigFloat:
        try:
            return float(value)
        except OverflowError:
            return math.inf if value > 0 else -math.inf
    if value.inf:
        return -math.inf if value.neg else math.inf
    if value.mant == 0:
        return -0.0 if value.neg else 0.0
    try:
        magnitude = (
            math.ldexp(float(value.mant), value.exp)
            if value.mant.bit_length() <= 53
            else (float(to_fraction(value)) if not value.neg else -float(to_fraction(value)))
        )
    except OverflowError:
        magnitude = math.inf
    if value.mant.bit_length() <= 53:
        return -magnitude if value.neg else magnitude
    return magnitude


def is_whole(value: Number) -> bool:
    """An integer value (cty's IsInt): infinities are not."""
    if type(value) is not BigFloat:
        return True
    return not value.inf and value.exp >= 0


def to_int(value: Number) -> int | None:
    """The value as an int when it is a whole number, else None."""
    if type(value) is not BigFloat:
        return int(value)
    if value.inf or value.exp < 0:
        return None
    whole = value.mant << value.exp
    return -whole if value.neg else whole


def truncate(value: Number) -> int:
    """The whole part, towards zero (big.Float.Int); an infinity has none."""
    if type(value) is not BigFloat:
        return int(value)
    if value.inf:
        raise NumberError("can't truncate infinity to an integer")
    whole = value.mant << value.exp if value.exp >= 0 else value.mant >> -value.exp
    return -whole if value.neg else whole


def sign(value: Number) -> int:
    if type(value) is not BigFloat:
        return (value > 0) - (value < 0)
    if not value.inf and value.mant == 0:
        return 0
    return -1 if value.neg else 1


def is_neg_zero(value: Number) -> bool:
    return type(value) is BigFloat and value.neg and not value.inf and value.mant == 0


# ---------------------------------------------------------------------------- arithmetic


def _parts(value: Number) -> tuple[bool, int, int]:
    if type(value) is BigFloat:
        return value.neg, value.mant, value.exp
    return value < 0, abs(int(value)), 0


def negate(value: Number) -> Number:
    if type(value) is BigFloat:
        if value.inf:
            return POS_INF if value.neg else NEG_INF
        return BigFloat(not value.neg, value.mant, value.exp, value.prec)
    if value == 0:
        return NEG_ZERO
    return -int(value)


def absolute(value: Number) -> Number:
    if type(value) is BigFloat:
        if value.inf:
            return POS_INF
        return make(False, value.mant, value.exp, value.prec)
    return abs(int(value))


def add(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:
        total = a + b
        return total if total.bit_length() <= PREC else from_int(total)
    if (type(a) is BigFloat and a.inf) or (type(b) is BigFloat and b.inf):
        return _add_inf(a, b)
    prec = max(prec_of(a), prec_of(b))
    an, am, ae = _parts(a)
    bn, bm, be = _parts(b)
    if am == 0 and bm == 0:
        return NEG_ZERO if an and bn else 0
    exp = min(ae, be)
    total = (-am if an else am) << (ae - exp)
    total += (-bm if bn else bm) << (be - exp)
    if total == 0:
        return 0
    return make(total < 0, abs(total), exp, prec)


def _add_inf(a: Number, b: Number) -> Number:
    a_inf = type(a) is BigFloat and a.inf
    b_inf = type(b) is BigFloat and b.inf
    if a_inf and b_inf and sign(a) != sign(b):
        raise NumberError("can't compute sum of opposing infinities")
    return a if a_inf else b


def subtract(a: Number, b: Number) -> Number:
    if (type(a) is BigFloat and a.inf) and (type(b) is BigFloat and b.inf) and sign(a) == sign(b):
        raise NumberError("can't subtract infinity from itself")
    return add(a, negate(b))


def multiply(a: Number, b: Number) -> Number:
    an, am, ae = _parts(a)
    bn, bm, be = _parts(b)
    neg = an != bn
    a_inf = type(a) is BigFloat and a.inf
    b_inf = type(b) is BigFloat and b.inf
    if a_inf or b_inf:
        if (not a_inf and am == 0) or (not b_inf and bm == 0):
            raise NumberError("can't multiply zero by infinity")
        return NEG_INF if neg else POS_INF
    if am == 0 or bm == 0:
        return NEG_ZERO if neg else 0
    if type(a) is int and type(b) is int:
        product = a * b
        if product.bit_length() <= PREC:
            return product
    prec = max(prec_of(a), prec_of(b))
    rounded = make(neg, am * bm, ae + be, PREC)  # cty multiplies at 512 bits first
    if type(rounded) is BigFloat:
        needed = rounded.mant.bit_length()
        return make(rounded.neg, rounded.mant, rounded.exp, max(prec, needed))
    return rounded


def divide(a: Number, b: Number) -> Number:
    an, am, ae = _parts(a)
    bn, bm, be = _parts(b)
    neg = an != bn
    a_inf = type(a) is BigFloat and a.inf
    b_inf = type(b) is BigFloat and b.inf
    if (a_inf and b_inf) or (not a_inf and am == 0 and not b_inf and bm == 0):
        raise NumberError("can't divide zero by zero or infinity by infinity")
    if a_inf:
        return NEG_INF if neg else POS_INF
    if b_inf:
        return NEG_ZERO if neg else 0
    if bm == 0:
        return NEG_INF if neg else POS_INF
    if am == 0:
        return NEG_ZERO if neg else 0
    prec = max(prec_of(a), prec_of(b))
    ratio = Fraction(am, bm) * (Fraction(2) ** (ae - be))
    result = _from_fraction(ratio, prec)
    return negate(result) if neg else result


def modulo(a: Number, b: Number) -> Number:
    """cty's Modulo: a - b * trunc(a / b); x % 0 is x; with an infinity, a * b."""
    if (type(a) is BigFloat and a.inf) or (type(b) is BigFloat and b.inf):
        try:
            return multiply(a, b)
        except NumberError:
            raise NumberError("can't use modulo with zero and infinity") from None
    if sign(b) == 0 and not is_neg_zero(b):
        return a
    if sign(b) == 0:
        return a
    ratio = divide(a, b)
    whole = truncate(ratio)
    prec = prec_of(a)
    work = make(whole < 0, abs(whole), 0, prec)
    an, am, ae = _parts(a)
    wn, wm, we = _parts(work)
    bn, bm, be = _parts(b)
    product = make(wn != bn, wm * bm, we + be, prec) if wm and bm else 0
    pn, pm, pe = _parts(product)
    exp = min(ae, pe)
    total = (-am if an else am) << (ae - exp)
    total -= (-pm if pn else pm) << (pe - exp)
    if total == 0:
        return 0
    return make(total < 0, abs(total), exp, prec)


def compare(a: Number, b: Number) -> int:
    if type(a) is not BigFloat and type(b) is not BigFloat:
        return (a > b) - (a < b)
    sa, sb = _order(a), _order(b)
    if sa is not None or sb is not None:
        left = sa if sa is not None else 0
        right = sb if sb is not None else 0
        if left != right:
            return (left > right) - (left < right)
        if sa is not None and sb is not None:
            return 0
        return left if sa is not None else -right
    fa, fb = to_fraction(a), to_fraction(b)
    return (fa > fb) - (fa < fb)


def _order(value: Number) -> int | None:
    """+1/-1 for an infinity, None for a finite value."""
    if type(value) is BigFloat and value.inf:
        return -1 if value.neg else 1
    return None


def ceil(value: Number) -> Number:
    if type(value) is not BigFloat or value.inf or value.exp >= 0:
        return value
    whole = truncate(value)
    if not value.neg:
        whole += 1
    if whole == 0 and value.neg:
        return NEG_ZERO
    return make(whole < 0, abs(whole), 0, value.prec)


def floor(value: Number) -> Number:
    if type(value) is not BigFloat or value.inf or value.exp >= 0:
        return value
    whole = truncate(value)
    if value.neg:
        whole -= 1
    return make(whole < 0, abs(whole), 0, value.prec)


# ---------------------------------------------------------------------------- text


def _decimal(mant: int, shift: int) -> tuple[str, int]:
    """Go's decimal.init: the digits (no trailing zeros) and decimal exponent of
    mant * 2**shift, so that value = 0.digits * 10**exp."""
    if mant == 0:
        return "", 0
    if shift < 0:
        zeros = (mant & -mant).bit_length() - 1
        drop = min(zeros, -shift)
        mant >>= drop
        shift += drop
    if shift > 0:
        mant <<= shift
        shift = 0
    if shift < 0:
        digits = str(mant * 5**-shift)
        exp = len(digits) + shift
    else:
        digits = str(mant)
        exp = len(digits)
    stripped = digits.rstrip("0")
    return stripped, exp


def _round_up(digits: str, exp: int, n: int) -> tuple[str, int]:
    while n > 0 and digits[n - 1] == "9":
        n -= 1
    if n == 0:
        return "1", exp + 1
    return digits[: n - 1] + chr(ord(digits[n - 1]) + 1), exp


def _round_down(digits: str, exp: int, n: int) -> tuple[str, int]:
    return digits[:n].rstrip("0"), exp


def round_digits(digits: str, exp: int, n: int) -> tuple[str, int]:
    """Go's decimal.round(n): to n digits, halves to even."""
    if n < 0 or n >= len(digits):
        return digits, exp
    if digits[n] == "5" and n + 1 == len(digits):
        up = n > 0 and (ord(digits[n - 1]) - 48) & 1 != 0
    else:
        up = digits[n] >= "5"
    return _round_up(digits, exp, n) if up else _round_down(digits, exp, n)


def _shortest(value: BigFloat) -> tuple[str, int]:
    """The fewest digits that identify value at its precision (Go's roundShortest)."""
    digits, exp = _decimal(value.mant, value.exp)
    if not digits:
        return digits, exp
    mant = value.mant
    bexp = value.exp
    s = mant.bit_length() - (value.prec + 1)
    if s < 0:
        mant <<= -s
    elif s > 0:
        mant >>= s
    bexp += s
    lower = _decimal(mant - 1, bexp)[0]
    upper = _decimal(mant + 1, bexp)[0]
    inclusive = mant & 2 == 0  # bit 1: the mantissa was shifted by one
    # as math/big does, the bounds' digits are compared position by position
    for i, m in enumerate(digits):
        low = lower[i] if i < len(lower) else "0"
        up = upper[i] if i < len(upper) else "0"
        okdown = low != m or (inclusive and i + 1 == len(lower))
        okup = m != up and (inclusive or chr(ord(m) + 1) < up or i + 1 < len(upper))
        if okdown and okup:
            return round_digits(digits, exp, i + 1)
        if okdown:
            return _round_down(digits, exp, i + 1)
        if okup:
            return _round_up(digits, exp, i + 1)
    return digits, exp


def _digits(value: Number, mode: str, prec: int) -> tuple[bool, str, int]:
    """(negative, digits, decimal exponent) of value rounded for format mode/prec."""
    if type(value) is BigFloat:
        neg = value.neg
        if prec < 0:
            digits, exp = _shortest(value)
        else:
            digits, exp = _decimal(value.mant, value.exp)
    else:
        neg = value < 0
        digits, exp = _decimal(abs(int(value)), 0)
    if prec >= 0:
        if mode in "eE":
            digits, exp = round_digits(digits, exp, 1 + prec)
        elif mode == "f":
            digits, exp = round_digits(digits, exp, exp + prec)
        else:
            digits, exp = round_digits(digits, exp, prec or 1)
    return neg, digits, exp


def _fmt_f(digits: str, exp: int, prec: int) -> str:
    whole = (digits[:exp] + "0" * max(exp - len(digits), 0)) if exp > 0 else "0"
    if prec <= 0:
        return whole
    fraction = "".join(digits[exp + i] if 0 <= exp + i < len(digits) else "0" for i in range(prec))
    return f"{whole}.{fraction}"


def _fmt_e(digits: str, exp: int, prec: int, mode: str) -> str:
    first = digits[0] if digits else "0"
    out = first
    if prec > 0:
        more = digits[1 : prec + 1]
        out += "." + more + "0" * (prec - len(more))
    power = exp - 1 if digits else 0
    sign_char = "-" if power < 0 else "+"
    return f"{out}{mode}{sign_char}{abs(power):02d}"


def format_go(value: Number, mode: str, prec: int) -> str:
    """Go's big.Float Text(mode, prec) for mode in e, E, f, g, G (prec -1: shortest)."""
    if type(value) is BigFloat and value.inf:
        return "-Inf" if value.neg else "+Inf"
    neg, digits, exp = _digits(value, mode, prec)
    shortest = prec < 0
    if mode in "eE":
        body = _fmt_e(digits, exp, len(digits) - 1 if shortest else prec, mode)
    elif mode == "f":
        body = _fmt_f(digits, exp, max(len(digits) - exp, 0) if shortest else prec)
    else:
        if shortest:
            prec = len(digits)
        elif prec == 0:
            prec = 1
        eprec = prec
        if eprec > len(digits) and len(digits) >= exp:
            eprec = len(digits)
        if shortest:
            eprec = 6
        power = exp - 1
        if power < -4 or power >= eprec:
            body = _fmt_e(digits, exp, min(prec, len(digits)) - 1, "e" if mode == "g" else "E")
        else:
            body = _fmt_f(digits, exp, max((len(digits) if prec > exp else prec) - exp, 0))
    return ("-" if neg else "") + body


def text(value: Number) -> str:
    """A number as Terraform writes it (templates, tostring, jsonencode, the console)."""
    if type(value) is not BigFloat:
        return str(int(value))
    return format_go(value, "f", -1)


def exact_decimal(value: Number) -> Decimal:
    """The exact decimal value of a finite number."""
    if type(value) is not BigFloat:
        return Decimal(int(value))
    if value.mant == 0:
        return Decimal("-0") if value.neg else Decimal(0)
    digits, exp = _decimal(value.mant, value.exp)
    with localcontext() as context:
        context.prec = len(digits) + 10
        result = Decimal(f"{'-' if value.neg else ''}0.{digits}e{exp}")
    return result


def quantize(value: Number, places: int) -> Decimal:
    with localcontext() as context:
        context.prec = 100000
        return exact_decimal(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
