"""format() and formatlist(), as cty implements them (function/stdlib/format.go).

A verb is `%[flags][width][.precision][[argument]]verb`. Strings are padded and cut by
user-perceived characters, not code points; numbers go through Go's big.Int / big.Float
formatting; `%v` writes strings and numbers plainly and anything else as JSON (`%#v`
always as JSON); `%q` is a JSON string; null is an error except for `%v`.
"""

from __future__ import annotations

import re
from typing import Any

from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.convert import ConversionError, convert, nfc
from driftctl.declared.hcl.lang.functions.base import Function, Param, fn
from driftctl.declared.hcl.lang.graphemes import count, graphemes
from driftctl.declared.hcl.lang.limits import check_length
from driftctl.declared.hcl.lang.types import BOOL, NUMBER, STRING, CList, CSet, is_null, type_of
from driftctl.declared.hcl.lang.values import EvalFailure, as_unknown, find_pending, is_pending

_VERB = re.compile(
    r"%(?P<flags>[-+# 0]*)(?P<width>[1-9][0-9]*)?(?P<prec>\.[0-9]*)?"
    r"(?:\[(?P<arg>[1-9][0-9]*)\])?(?P<verb>[a-zA-Z])?"
)


class _Verb:
    __slots__ = ("arg", "flags", "mode", "offset", "prec", "raw", "width")

    def __init__(self, match: re.Match[str], arg: int) -> None:
        self.raw = match.group()
        self.offset = match.start()
        self.arg = arg
        self.mode = match["verb"]
        self.flags = match["flags"] or ""
        self.width = int(match["width"]) if match["width"] else -1
        check_length(self.width)  # "%999999999s" would pad to a gigabyte
        prec = match["prec"]
        self.prec = int(prec[1:] or "0") if prec is not None else -1


def format_string(spec: str, values: list[Any]) -> str:
    out: list[str] = []
    pos = 0
    next_arg = 1
    highest = 0
    while pos < len(spec):
        percent = spec.find("%", pos)
        if percent < 0:
            out.append(spec[pos:])
            break
        out.append(spec[pos:percent])
        if spec.startswith("%%", percent):
            out.append("%")
            pos = percent + 2
            continue
        match = _VERB.match(spec, percent)
        assert match is not None
        if match["verb"] is None:
            end = match.end()
            if end >= len(spec):
                raise EvalFailure(f"invalid format string starting at offset {percent}")
            raise EvalFailure(f"unrecognized format character {spec[end]!r} at offset {end}")
        arg = int(match["arg"]) if match["arg"] else next_arg
        verb = _Verb(match, arg)
        highest = max(highest, arg)
        out.append(_format_verb(verb, values))
        next_arg = arg + 1
        pos = match.end()
    if highest < len(values):
        if highest == 0:
            raise EvalFailure("too many arguments; no verbs in format string")
        raise EvalFailure(f"too many arguments; only {highest} used by format string")
    return nfc("".join(out))


def _format_verb(verb: _Verb, values: list[Any]) -> str:
    if verb.arg - 1 >= len(values):
        raise EvalFailure(
            f"not enough arguments for {verb.raw!r} at {verb.offset}: need index {verb.arg} "
            f"but have {len(values)} total"
        )
    value = values[verb.arg - 1]
    if verb.mode != "v" and is_null(value):
        raise EvalFailure(
            f"unsupported value for {verb.raw!r} at {verb.offset}: null value cannot be formatted"
        )
    mode = verb.mode
    if mode == "v":
        return _as_is(verb, value)
    if mode == "t":
        return "true" if _convert(verb, value, BOOL) else "false"
    if mode in "bdoxXeEfgG":
        return _number(verb, _convert(verb, value, NUMBER))
    if mode in "sq":
        return _string(verb, str(_convert(verb, value, STRING)))
    raise EvalFailure(f"unsupported format verb {mode!r} in {verb.raw!r} at offset {verb.offset}")


def _convert(verb: _Verb, value: Any, want: Any) -> Any:
    try:
        return convert(value, want)
    except ConversionError as exc:
        raise EvalFailure(f"unsupported value for {verb.raw!r} at {verb.offset}: {exc}") from None


def _as_is(verb: _Verb, value: Any) -> str:
    from driftctl.declared.hcl.lang.functions.encoding import json_text

    if "#" not in verb.flags and not is_null(value):
        if type(value) is str:
            return _pad(verb, value)
        if number.is_number(value):
            return _pad(verb, number.format_go(value, "g", -1))
    return _pad(verb, json_text(value))


def _string(verb: _Verb, text: str) -> str:
    from driftctl.declared.hcl.lang.functions.encoding import json_text

    if verb.prec > 0:
        text = "".join(graphemes(text)[: verb.prec])
    if verb.mode == "q":
        text = json_text(text)
    return _pad(verb, text)


def _pad(verb: _Verb, text: str) -> str:
    if verb.width < 0:
        return text
    length = count(text)
    if length >= verb.width:
        return text
    padding = ("0" if "0" in verb.flags else " ") * (verb.width - length)
    return text + padding if "-" in verb.flags else padding + text


def _number(verb: _Verb, value: Any) -> str:
    if verb.mode in "bdoxX":
        whole = number.to_int(value)
        if whole is None:
            raise EvalFailure(
                f"unsupported value for {verb.raw!r} at {verb.offset}: an integer is required"
            )
        return _go_int(verb, whole)
    return _go_float(verb, value)


def _go_int(verb: _Verb, value: int) -> str:
    """Go's big.Int Format."""
    base = {"b": 2, "o": 8, "d": 10, "x": 16, "X": 16}[verb.mode]
    flags = verb.flags
    sign = "-" if value < 0 else "+" if "+" in flags else " " if " " in flags else ""
    prefix = ""
    if "#" in flags:
        prefix = {"b": "0b", "o": "0", "x": "0x", "X": "0X"}.get(verb.mode, "")
    digits = _to_base(abs(value), base)
    if verb.mode == "X":
        digits = digits.upper()
    zeros = left = right = 0
    if verb.prec >= 0:
        if len(digits) < verb.prec:
            zeros = verb.prec - len(digits)
        elif digits == "0" and verb.prec == 0:
            return ""
    length = len(sign) + len(prefix) + zeros + len(digits)
    if verb.width >= 0 and length < verb.width:
        extra = verb.width - length
        if "-" in flags:
            right = extra
        elif "0" in flags and verb.prec < 0:
            zeros = extra
        else:
            left = extra
    return " " * left + sign + prefix + "0" * zeros + digits + " " * right


def _to_base(value: int, base: int) -> str:
    if base == 10:
        return str(value)
    if base == 16:
        return format(value, "x")
    if base == 8:
        return format(value, "o")
    return format(value, "b")


def _go_float(verb: _Verb, value: Any) -> str:
    """Go's big.Float Format."""
    mode = "f" if verb.mode == "F" else verb.mode
    prec = verb.prec if verb.prec >= 0 else (6 if mode in "eEf" else -1)
    text = number.format_go(value, mode, prec)
    flags = verb.flags
    sign = ""
    if text.startswith("-"):
        sign, text = "-", text[1:]
    elif text.startswith("+"):
        sign, text = ("+" if " " not in flags else " "), text[1:]
    elif "+" in flags:
        sign = "+"
    elif " " in flags:
        sign = " "
    padding = max(verb.width - len(sign) - len(text), 0) if verb.width >= 0 else 0
    infinite = type(value) is number.BigFloat and value.inf
    if "0" in flags and not infinite:
        return sign + "0" * padding + text
    if "-" in flags:
        return sign + text + " " * padding
    return " " * padding + sign + text


def _format(args: list[Any]) -> Any:
    values = list(args[1:])
    pending = find_pending(values)
    if pending is not None:
        return as_unknown(pending)
    return format_string(args[0], values)


def _formatlist(args: list[Any]) -> Any:
    spec, values = args[0], list(args[1:])
    if not values:
        return CList([format_string(spec, [])], STRING)
    length = -1
    chooser = -1
    for position, value in enumerate(values):
        if is_pending(value):
            return as_unknown(value)
        pending = find_pending(value) if type(value) is CSet and len(value) > 1 else None
        if pending is not None:
            return as_unknown(pending)  # the set's length is unknown (cty)
        if isinstance(value, list) and not is_null(value):
            if length == -1:
                length, chooser = len(value), position
            elif len(value) != length:
                raise EvalFailure(
                    f"argument {position + 1} has length {len(value)}, which is inconsistent "
                    f"with argument {chooser + 1} of length {length}"
                )
    if length == 0:
        return CList((), STRING)
    out: list[Any] = []
    for i in range(max(length, 1)):
        row = [v[i] if isinstance(v, list) and not is_null(v) else v for v in values]
        pending = find_pending(row)
        if pending is not None:
            out.append(as_unknown(pending))
            continue
        try:
            out.append(format_string(spec, row))
        except EvalFailure as exc:
            raise EvalFailure(f"error on format iteration {i}: {exc}") from None
    return CList(out, STRING)


_ARGS = Param("args", allow_null=True, allow_unknown=True, allow_dynamic=False)

FUNCTIONS: dict[str, Function] = {
    "format": fn(_format, Param("format", STRING), var=_ARGS, deep=False),
    "formatlist": fn(_formatlist, Param("format", STRING), var=_ARGS, deep=False),
}

__all__ = ["CSet", "type_of"]
