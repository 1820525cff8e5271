"""Terraform's numeric and date/time functions (the deterministic ones).

https://developer.hashicorp.com/terraform/language/functions (Numeric Functions,
Date and Time Functions). timestamp() and plantimestamp() are not here: they are
non-deterministic and evaluate to Unknown.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Any

from driftctl.declared.hcl.functions.base import Function, as_int, as_number, as_str, fn
from driftctl.declared.hcl.values import EvalFailure, norm_number

# ---------------------------------------------------------------------------- numbers


def _numbers(args: list[Any]) -> list[int | float]:
    if not args:
        raise EvalFailure("must pass at least one number")
    return [as_number(a) for a in args]


def _log(args: list[Any]) -> int | float:
    number, base = as_number(args[0]), as_number(args[1])
    try:
        return norm_number(math.log(number) / math.log(base))
    except (ValueError, ZeroDivisionError):
        raise EvalFailure(f"cannot take log({number}, {base})") from None


def _pow(args: list[Any]) -> int | float:
    base, exponent = as_number(args[0]), as_number(args[1])
    try:
        return norm_number(math.pow(base, exponent))
    except (ValueError, OverflowError):
        raise EvalFailure(f"cannot compute pow({base}, {exponent})") from None


def _signum(args: list[Any]) -> int:
    number = as_number(args[0])
    return (number > 0) - (number < 0)


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _parseint(args: list[Any]) -> int:
    text, base = as_str(args[0]), as_int(args[1])
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
    return -value if text.startswith("-") else value


def _ceil(args: list[Any]) -> int | float:
    number = as_number(args[0])
    return number if isinstance(number, int) or math.isinf(number) else math.ceil(number)


def _floor(args: list[Any]) -> int | float:
    number = as_number(args[0])
    return number if isinstance(number, int) or math.isinf(number) else math.floor(number)


# ---------------------------------------------------------------------------- time

_RFC3339 = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})"
)


def parse_timestamp(text: str) -> tuple[dt.datetime, int]:
    """An RFC 3339 timestamp as (aware datetime, nanoseconds)."""
    match = _RFC3339.fullmatch(text)
    if match is None:
        raise EvalFailure(f"not a valid RFC3339 timestamp: {text!r}")
    year, month, day, hour, minute, second = (int(match[i]) for i in range(1, 7))
    nanos = int((match[7] or ".0")[1:].ljust(9, "0")[:9])
    zone = match[8]
    if zone in ("Z", "z"):
        tz = dt.timezone.utc
    else:
        sign = -1 if zone[0] == "-" else 1
        tz = dt.timezone(sign * dt.timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6])))
    try:
        stamp = dt.datetime(year, month, day, hour, minute, second, tzinfo=tz)
    except ValueError as exc:
        raise EvalFailure(f"not a valid RFC3339 timestamp: {text!r}: {exc}") from None
    return stamp, nanos


def _offset(stamp: dt.datetime, colon: bool) -> str:
    offset = stamp.utcoffset() or dt.timedelta(0)
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}{':' if colon else ''}{rest:02d}"


def rfc3339(stamp: dt.datetime, nanos: int = 0) -> str:
    """Go's time.RFC3339 layout: whole seconds, Z for UTC."""
    zone = "Z" if not (stamp.utcoffset() or dt.timedelta(0)) else _offset(stamp, True)
    return stamp.strftime("%Y-%m-%dT%H:%M:%S") + zone


_DURATION = re.compile(r"([0-9]*(?:\.[0-9]*)?)(ns|us|µs|μs|ms|s|m|h)")
_UNITS = {"ns": 1, "us": 10**3, "µs": 10**3, "μs": 10**3, "ms": 10**6, "s": 10**9}
_UNITS.update({"m": 60 * 10**9, "h": 3600 * 10**9})


def parse_duration(text: str) -> int:
    """Go's time.ParseDuration, in nanoseconds."""
    body, sign = text, 1
    if body[:1] in "+-":
        sign, body = (-1 if body[0] == "-" else 1), body[1:]
    if body == "0":
        return 0
    total, pos = 0.0, 0
    for match in _DURATION.finditer(body):
        if match.start() != pos or match[1] in ("", "."):
            break
        total += float(match[1]) * _UNITS[match[2]]
        pos = match.end()
    if not body or pos != len(body):
        raise EvalFailure(f"invalid duration {text!r}")
    return sign * round(total)


def _timeadd(args: list[Any]) -> str:
    stamp, nanos = parse_timestamp(as_str(args[0]))
    total = nanos + parse_duration(as_str(args[1]))
    seconds, _ = divmod(total, 10**9)
    return rfc3339(stamp + dt.timedelta(seconds=seconds))


def _timecmp(args: list[Any]) -> int:
    (a, an), (b, bn) = (parse_timestamp(as_str(x)) for x in args)
    left, right = (a, an), (b, bn)
    return (left > right) - (left < right)


_MONTHS = "January February March April May June July August September October November December"
_DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday"


def _date_field(token: str, stamp: dt.datetime) -> str:
    hour12 = stamp.hour % 12 or 12
    fields = {
        "YYYY": f"{stamp.year:04d}",
        "YY": f"{stamp.year % 100:02d}",
        "MMMM": _MONTHS.split()[stamp.month - 1],
        "MMM": _MONTHS.split()[stamp.month - 1][:3],
        "MM": f"{stamp.month:02d}",
        "M": str(stamp.month),
        "DD": f"{stamp.day:02d}",
        "D": str(stamp.day),
        "EEEE": _DAYS.split()[stamp.weekday()],
        "EEE": _DAYS.split()[stamp.weekday()][:3],
        "hh": f"{stamp.hour:02d}",
        "h": str(stamp.hour),
        "HH": f"{hour12:02d}",
        "H": str(hour12),
        "AA": "PM" if stamp.hour >= 12 else "AM",
        "aa": "pm" if stamp.hour >= 12 else "am",
        "mm": f"{stamp.minute:02d}",
        "m": str(stamp.minute),
        "ss": f"{stamp.second:02d}",
        "s": str(stamp.second),
        "ZZZZZ": _offset(stamp, True),
        "ZZZZ": _offset(stamp, False),
        "ZZZ": "UTC" if not stamp.utcoffset() else _offset(stamp, False),
        "Z": "Z" if not stamp.utcoffset() else _offset(stamp, True),
    }
    if token not in fields:
        raise EvalFailure(f"invalid date format verb {token!r}")
    return fields[token]


_SPEC_TOKEN = re.compile(r"'(?:[^']|'')*'|([A-Za-z])\1*|[^A-Za-z']+")


def _formatdate(args: list[Any]) -> str:
    spec, (stamp, _) = as_str(args[0]), parse_timestamp(as_str(args[1]))
    out, pos = [], 0
    for match in _SPEC_TOKEN.finditer(spec):
        if match.start() != pos:
            break
        token, pos = match[0], match.end()
        if token.startswith("'"):
            out.append(token[1:-1].replace("''", "'") if token != "''" else "'")
        elif token[0].isalpha():
            out.append(_date_field(token, stamp))
        else:
            out.append(token)
    if pos != len(spec):
        raise EvalFailure("unterminated literal in the date format")
    return "".join(out)


FUNCTIONS: dict[str, Function] = {
    "abs": fn(lambda a: abs(as_number(a[0])), 1),
    "ceil": fn(_ceil, 1),
    "floor": fn(_floor, 1),
    "log": fn(_log, 2),
    "max": fn(lambda a: max(_numbers(a)), 1, None),
    "min": fn(lambda a: min(_numbers(a)), 1, None),
    "parseint": fn(_parseint, 2),
    "pow": fn(_pow, 2),
    "signum": fn(_signum, 1),
    "formatdate": fn(_formatdate, 2),
    "timeadd": fn(_timeadd, 2),
    "timecmp": fn(_timecmp, 2),
}
