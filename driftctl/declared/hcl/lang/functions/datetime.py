"""Terraform's deterministic date and time functions: formatdate, timeadd, timecmp.

https://developer.hashicorp.com/terraform/language/functions (Date and Time Functions).
timestamp() and plantimestamp() are not here: they are non-deterministic and evaluate
to Unknown. Timestamps are RFC 3339 as cty reads them (an upper-case T and Z).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.functions.base import Function, Param, fn
from driftctl.declared.hcl.lang.types import STRING
from driftctl.declared.hcl.lang.values import EvalFailure

_RFC3339 = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})")


def parse_timestamp(text: str) -> tuple[dt.datetime, int]:
    """An RFC 3339 timestamp as (aware datetime, nanoseconds)."""
    match = _RFC3339.fullmatch(text)
    if match is None:
        raise EvalFailure(f"not a valid RFC3339 timestamp: {text!r}")
    year, month, day, hour, minute, second = (int(match[i]) for i in range(1, 7))
    nanos = int((match[7] or ".0")[1:].ljust(9, "0")[:9])
    zone = match[8]
    if zone == "Z":
        tz = dt.timezone.utc
    else:
        sign = -1 if zone[0] == "-" else 1
        hours, minutes = int(zone[1:3]), int(zone[4:6])
        if hours > 23 or minutes > 59:
            raise EvalFailure(f"not a valid RFC3339 timestamp: timezone out of range in {text!r}")
        tz = dt.timezone(sign * dt.timedelta(hours=hours, minutes=minutes))
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
        raise EvalFailure(f'time: invalid duration "{text}"')
    return sign * round(total)


def _timeadd(args: list[Any]) -> str:
    stamp, nanos = parse_timestamp(args[0])
    total = nanos + parse_duration(args[1])
    seconds, _ = divmod(total, 10**9)
    return rfc3339(stamp + dt.timedelta(seconds=seconds))


def _timecmp(args: list[Any]) -> Any:
    (a, an), (b, bn) = (parse_timestamp(x) for x in args)
    left, right = (a, an), (b, bn)
    return number.I64((left > right) - (left < right))


_MONTHS = "January February March April May June July August September October November December"
_DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday"

_VERB_LENGTHS = {
    "Y": ((2, 4), 'year must either be "YY" or "YYYY"'),
    "M": ((1, 2, 3, 4), 'month must be "M", "MM", "MMM", or "MMMM"'),
    "D": ((1, 2), 'day of month must either be "D" or "DD"'),
    "E": ((3, 4), 'day of week must either be "EEE" or "EEEE"'),
    "h": ((1, 2), '24-hour must either be "h" or "hh"'),
    "H": ((1, 2), '12-hour must either be "H" or "HH"'),
    "A": ((2,), 'must be "AA"'),
    "a": ((2,), 'must be "aa"'),
    "m": ((1, 2), 'minute must either be "m" or "mm"'),
    "s": ((1, 2), 'second must either be "s" or "ss"'),
    "Z": ((1, 3, 4, 5), "timezone must be Z, ZZZZ, or ZZZZZ"),
}


def _date_field(token: str, stamp: dt.datetime) -> str:
    letter, size = token[0], len(token)
    rule = _VERB_LENGTHS.get(letter)
    if rule is None:
        raise EvalFailure(f"invalid date format verb {token!r}")
    if size not in rule[0]:
        raise EvalFailure(f"invalid date format verb {token!r}: {rule[1]}")
    hour12 = stamp.hour % 12 or 12
    two = size == 2
    if letter == "Y":
        return f"{stamp.year % 100:02d}" if two else f"{stamp.year:04d}"
    if letter == "M":
        name = _MONTHS.split()[stamp.month - 1]
        return {1: str(stamp.month), 2: f"{stamp.month:02d}", 3: name[:3], 4: name}[size]
    if letter == "D":
        return f"{stamp.day:02d}" if two else str(stamp.day)
    if letter == "E":
        name = _DAYS.split()[stamp.weekday()]
        return name[:3] if size == 3 else name
    if letter == "h":
        return f"{stamp.hour:02d}" if two else str(stamp.hour)
    if letter == "H":
        return f"{hour12:02d}" if two else str(hour12)
    if letter in "Aa":
        text = "PM" if stamp.hour >= 12 else "AM"
        return text if letter == "A" else text.lower()
    if letter == "m":
        return f"{stamp.minute:02d}" if two else str(stamp.minute)
    if letter == "s":
        return f"{stamp.second:02d}" if two else str(stamp.second)
    utc = not stamp.utcoffset()
    if size == 1:
        return "Z" if utc else _offset(stamp, True)
    if size == 3:
        return "UTC" if _offset(stamp, False) == "+0000" else _offset(stamp, False)
    return _offset(stamp, size == 5)


_SPEC_TOKEN = re.compile(r"'(?:[^']|'')*'|([A-Za-z])\1*|[^A-Za-z']+")


def _formatdate(args: list[Any]) -> str:
    spec = args[0]
    stamp, _ = parse_timestamp(args[1])
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
        raise EvalFailure("unterminated literal '")
    return "".join(out)


def _s(name: str) -> Param:
    return Param(name, STRING)


FUNCTIONS: dict[str, Function] = {
    "formatdate": fn(_formatdate, _s("format"), _s("time")),
    "timeadd": fn(_timeadd, _s("timestamp"), _s("duration")),
    "timecmp": fn(_timecmp, _s("timestamp_a"), _s("timestamp_b")),
}
