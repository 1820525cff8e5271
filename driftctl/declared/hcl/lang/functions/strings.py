"""Terraform's string functions, with Go's semantics where they differ from Python's.

https://developer.hashicorp.com/terraform/language/functions (String Functions).
Regular expressions are RE2 in Terraform, and are run by RE2 here (regexp.py).
format() and formatlist() are in format.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from driftctl.declared.hcl.lang.convert import nfc
from driftctl.declared.hcl.lang.functions.base import Function, Param, fn, whole
from driftctl.declared.hcl.lang.functions.format import FUNCTIONS as FORMAT
from driftctl.declared.hcl.lang.functions.regexp import Match, Pattern, compile_re2
from driftctl.declared.hcl.lang.graphemes import graphemes
from driftctl.declared.hcl.lang.limits import check_length
from driftctl.declared.hcl.lang.types import (
    NUMBER,
    STRING,
    CList,
    ListType,
    Null,
    ObjectType,
    type_of,
)
from driftctl.declared.hcl.lang.values import EvalFailure, as_unknown, find_pending, is_pending

_S = Param("str", STRING)

# ---------------------------------------------------------------------------- Go-isms

GO_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
GO_SPACE += "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


_SPECIAL_LOWER = {"\u0130": "i"}  # Go's simple mapping where Python's is two characters


def _simple_case(text: str, convert: Callable[[str], str]) -> str:
    """Go's unicode.ToUpper/ToLower map one rune to one rune (no "ß" -> "SS")."""
    out = []
    for char in text:
        mapped = convert(char)
        if len(mapped) != 1:
            mapped = _SPECIAL_LOWER.get(char, char) if convert is str.lower else char
        out.append(mapped)
    return nfc("".join(out))


def _title(text: str) -> str:
    """Go's strings.Title: upper-case each letter that follows a separator."""
    out, previous = [], " "
    for char in text:
        out.append(_simple_case(char, str.upper) if _is_separator(previous) else char)
        previous = char
    return nfc("".join(out))


def _is_separator(char: str) -> bool:
    if char.isascii():
        return not (char.isalnum() or char == "_")
    if char.isalpha() or char.isdigit():
        return False
    return char in GO_SPACE


def _strrev(text: str) -> str:
    """Reverse by user-perceived characters: combining marks stay on their base."""
    return nfc("".join(reversed(graphemes(text))))


# ---------------------------------------------------------------------------- regex


def _groups_kind(pattern: Pattern) -> str:
    if pattern.groups == 0:
        return "string"
    named = len(pattern.groupindex)
    if named and named != pattern.groups:
        raise EvalFailure(
            "invalid regexp pattern: cannot mix both named and unnamed capture groups"
        )
    return "object" if named else "tuple"


def _match_value(pattern: Pattern, match: Match) -> Any:
    kind = _groups_kind(pattern)
    if kind == "string":
        return match.group(0)
    if kind == "object":
        return {
            name: _group_value(match.group(pattern.groupindex[name]))
            for name in sorted(pattern.groupindex)
        }
    return [_group_value(g) for g in match.groups()]


def _group_value(value: str | None) -> Any:
    return Null(STRING) if value is None else value


def _regex(args: list[Any]) -> Any:
    pattern = compile_re2(args[0])
    match = next(pattern.matches(args[1]), None)
    if match is None:
        raise EvalFailure("pattern did not match any part of the given string")
    return _match_value(pattern, match)


def _regexall(args: list[Any]) -> Any:
    pattern = compile_re2(args[0])
    kind = _groups_kind(pattern)
    items = [_match_value(pattern, m) for m in pattern.matches(args[1])]
    if kind == "string":
        return CList(items, STRING)
    if not items:
        from driftctl.declared.hcl.lang.types import TupleType

        etype = (
            ObjectType(dict.fromkeys(pattern.groupindex, STRING))
            if kind == "object"
            else TupleType([STRING] * pattern.groups)
        )
        return CList((), etype)
    return CList(items, type_of(items[0]))


def _go_expand(template: str, pattern: Pattern, match: Match) -> str:
    """Go's Regexp.Expand: $1, ${1}, $name, ${name}; $$ is a dollar; unknown groups are ""."""
    out, i = [], 0
    while i < len(template):
        char = template[i]
        if char != "$" or i + 1 == len(template):
            out.append(char)
            i += 1
            continue
        if template[i + 1] == "$":
            out.append("$")
            i += 2
            continue
        found = re.match(r"\{(\w+)\}|(\w+)", template[i + 1 :])
        if found is None:
            out.append(char)
            i += 1
            continue
        out.append(_group(pattern, match, found[1] or found[2]))
        i += 1 + len(found[0])
    return "".join(out)


def _group(pattern: Pattern, match: Match, name: str) -> str:
    index = int(name) if name.isdigit() else pattern.groupindex.get(name, -1)
    if not 0 <= index <= pattern.groups:
        return ""
    return match.group(index) or ""


def _replace(args: list[Any]) -> str:
    text, search, replacement = args
    if len(search) > 1 and search.startswith("/") and search.endswith("/"):
        pattern = compile_re2(search[1:-1])
        data = text.encode("utf-8")
        out, pos, size = [], 0, 0
        for match in pattern.matches(text):
            out.append(data[pos : match.start].decode("utf-8"))
            out.append(_go_expand(replacement, pattern, match))
            size += len(out[-2]) + len(out[-1])
            check_length(size)  # as it grows: each empty match adds a replacement
            pos = match.end
        out.append(data[pos:].decode("utf-8"))
        return nfc("".join(out))
    if search == "":
        check_length(len(text) + (len(text) + 1) * len(replacement))
        return nfc(replacement + replacement.join(text) + replacement) if text else replacement
    check_length(len(text) + text.count(search) * max(len(replacement) - len(search), 0))
    return nfc(text.replace(search, replacement))


# ---------------------------------------------------------------------------- simple ones


def _join(args: list[Any]) -> Any:
    separator, lists = args[0], args[1:]
    if not lists:
        raise EvalFailure("at least one list is required")
    pending = find_pending(lists)
    if pending is not None:
        return as_unknown(pending)
    items: list[str] = []
    for list_number, items_list in enumerate(lists, start=1):
        for position, item in enumerate(items_list):
            if item is None or type(item) is Null:
                where = f" of list {list_number}" if len(lists) > 1 else ""
                raise EvalFailure(
                    f"element {position}{where} is null; cannot concatenate null values"
                )
            items.append(item)
    check_length(sum(map(len, items)) + len(separator) * max(len(items) - 1, 0))
    return nfc(separator.join(items))


def _split(args: list[Any]) -> Any:
    separator, text = args
    parts = list(text) if separator == "" else text.split(separator)
    return CList([nfc(p) for p in parts], STRING)


def _substr(args: list[Any]) -> str:
    chars = graphemes(args[0])
    offset, length = whole(args[1], "offset"), whole(args[2], "length")
    if offset < 0:
        offset += len(chars)
    elif length == 0:
        return ""
    start = max(offset, 0)
    if start >= len(chars):
        return ""
    rest = chars[start:]
    return nfc("".join(rest if length <= 0 else rest[:length]))


def _chomp(args: list[Any]) -> str:
    text: str = args[0]
    return re.sub(r"(?:\r\n?|\n)*\Z", "", text)


def _indent(args: list[Any]) -> str:
    spaces = whole(args[0], "spaces")
    text: str = args[1]
    return text.replace("\n", "\n" + " " * max(spaces, 0))


def _trim(args: list[Any]) -> str:
    return nfc(args[0].strip(args[1])) if args[1] else args[0]


def _sort(args: list[Any]) -> Any:
    items = args[0]
    if is_pending(items):
        return as_unknown(items)
    pending = find_pending(items)
    if pending is not None:  # cty: the length is known, not the order
        return CList([as_unknown(pending)] * len(items), STRING)
    for position, item in enumerate(items):
        if item is None or type(item) is Null:
            raise EvalFailure(
                f"given list element {position} is null; a null string cannot be sorted"
            )
    return CList(sorted(items), STRING)


def _startswith(args: list[Any]) -> Any:
    if is_pending(args[0]):  # the empty string is a prefix of any string
        return True if args[1] == "" else as_unknown(args[0])
    return args[0].startswith(args[1])


def _string_fn(function: Callable[[str], Any]) -> Callable[[list[Any]], Any]:
    return lambda args: function(args[0])


# ---------------------------------------------------------------------------- provider::aws


def _arn_parse(args: list[Any]) -> dict[str, str]:
    parts = args[0].split(":", 5)
    if len(parts) != 6 or parts[0] != "arn":
        raise EvalFailure(f"invalid ARN {args[0]!r}")
    keys = ("partition", "service", "region", "account_id", "resource")
    return dict(zip(keys, parts[1:], strict=True))


def _arn_build(args: list[Any]) -> str:
    return "arn:" + ":".join(args)


def _trim_iam_role_path(args: list[Any]) -> str:
    head, sep, resource = args[0].partition(":role/")
    if not sep:
        raise EvalFailure(f"invalid IAM role ARN {args[0]!r}")
    return f"{head}:role/{resource.rsplit('/', 1)[-1]}"


def _s(name: str) -> Param:
    return Param(name, STRING)


FUNCTIONS: dict[str, Function] = {
    "chomp": fn(_chomp, _S),
    "endswith": fn(lambda a: a[0].endswith(a[1]), _S, _s("suffix")),
    "indent": fn(_indent, Param("spaces", NUMBER), _S),
    "join": fn(_join, _s("separator"), var=Param("lists", ListType(STRING)), deep=False),
    "lower": fn(_string_fn(lambda s: _simple_case(s, str.lower)), _S),
    "regex": fn(_regex, _s("pattern"), _s("string")),
    "regexall": fn(_regexall, _s("pattern"), _s("string")),
    "replace": fn(_replace, _S, _s("substr"), _s("replace")),
    "sort": fn(_sort, Param("list", ListType(STRING), allow_unknown=True), deep=False),
    "split": fn(_split, _s("separator"), _S),
    "startswith": fn(_startswith, Param("str", STRING, allow_unknown=True), _s("prefix")),
    "strcontains": fn(lambda a: a[1] in a[0], _S, _s("substr")),
    "strrev": fn(_string_fn(_strrev), _S),
    "substr": fn(_substr, _S, Param("offset", NUMBER), Param("length", NUMBER)),
    "title": fn(_string_fn(_title), _S),
    "trim": fn(_trim, _S, _s("cutset")),
    "trimprefix": fn(lambda a: a[0].removeprefix(a[1]), _S, _s("prefix")),
    "trimsuffix": fn(lambda a: a[0].removesuffix(a[1]), _S, _s("suffix")),
    "trimspace": fn(_string_fn(lambda s: s.strip(GO_SPACE)), _S),
    "upper": fn(_string_fn(lambda s: _simple_case(s, str.upper)), _S),
    "provider::aws::arn_parse": fn(_arn_parse, _s("arn")),
    "provider::aws::arn_build": fn(
        _arn_build, _s("partition"), _s("service"), _s("region"), _s("account_id"), _s("resource")
    ),
    "provider::aws::trim_iam_role_path": fn(_trim_iam_role_path, _s("arn")),
    **FORMAT,
}
