"""Terraform's string functions, with Go's semantics where they differ from Python's.

https://developer.hashicorp.com/terraform/language/functions (String Functions).
Regular expressions are RE2 in Terraform; the common subset is translated to Python's.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from typing import Any

from driftctl.declared.hcl.functions.base import (
    Function,
    as_int,
    as_list,
    as_str,
    fn,
    graphemes,
    string_fn,
)
from driftctl.declared.hcl.values import (
    EvalFailure,
    to_bool,
    to_number,
    to_str,
)

# ---------------------------------------------------------------------------- Go-isms

_GO_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
_GO_SPACE += "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def _simple_case(text: str, convert: Callable[[str], str]) -> str:
    """Go's unicode.ToUpper/ToLower map one rune to one rune (no "ß" -> "SS")."""
    out = []
    for char in text:
        mapped = convert(char)
        out.append(mapped if len(mapped) == 1 else char)
    return "".join(out)


def _title(text: str) -> str:
    """Go's strings.Title: upper-case each letter that follows a separator."""
    out, previous = [], " "
    for char in text:
        out.append(_simple_case(char, str.upper) if _is_separator(previous) else char)
        previous = char
    return "".join(out)


def _is_separator(char: str) -> bool:
    if char.isascii():
        return not (char.isalnum() or char == "_")
    if char.isalpha() or char.isdigit():
        return False
    return char in _GO_SPACE


def _strrev(text: str) -> str:
    """Reverse by user-perceived characters: combining marks stay on their base."""
    return "".join(reversed(graphemes(text)))


# ---------------------------------------------------------------------------- regex


_POSIX = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "ascii": "\\x00-\\x7F",
    "blank": "\\t ",
    "cntrl": "\\x00-\\x1F\\x7F",
    "digit": "0-9",
    "graph": "!-~",
    "lower": "a-z",
    "print": " -~",
    "punct": "!-/:-@\\[-`{-~",
    "space": "\\t\\n\\v\\f\\r ",
    "upper": "A-Z",
    "word": "0-9A-Za-z_",
    "xdigit": "0-9A-Fa-f",
}


@functools.lru_cache(maxsize=512)
def compile_re2(pattern: str) -> re.Pattern[str]:
    """An RE2 pattern as a Python regular expression (the common subset)."""
    text = re.sub(r"\[:(\w+):\]", lambda m: _POSIX.get(m[1], m[0]), pattern)
    text = re.sub(r"(?<!\\)((?:\\\\)*)\\z", r"\1\\Z", text)
    text = text.replace("(?<", "(?P<").replace("(?P<=", "(?<=").replace("(?P<!", "(?<!")
    try:
        return re.compile(text)
    except re.error as exc:
        raise EvalFailure(f"invalid regular expression pattern: {exc}") from None


def _match_value(pattern: re.Pattern[str], match: re.Match[str]) -> Any:
    if pattern.groups == 0:
        return match[0]
    if pattern.groupindex:
        if len(pattern.groupindex) != pattern.groups:
            raise EvalFailure("invalid regular expression pattern: mixed named and unnamed groups")
        return {name: match[name] for name in sorted(pattern.groupindex)}
    return list(match.groups())


def _regex(args: list[Any]) -> Any:
    pattern = compile_re2(as_str(args[0]))
    match = pattern.search(as_str(args[1]))
    if match is None:
        raise EvalFailure("pattern did not match any part of the given string")
    return _match_value(pattern, match)


def _regexall(args: list[Any]) -> list[Any]:
    pattern = compile_re2(as_str(args[0]))
    return [_match_value(pattern, m) for m in pattern.finditer(as_str(args[1]))]


def _go_expand(template: str, match: re.Match[str]) -> str:
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
        out.append(_group(match, found[1] or found[2]))
        i += 1 + len(found[0])
    return "".join(out)


def _group(match: re.Match[str], name: str) -> str:
    try:
        value = match[int(name)] if name.isdigit() else match[name]
    except IndexError:
        return ""
    return value or ""


def _replace(args: list[Any]) -> str:
    text, search, replacement = (as_str(a) for a in args)
    if len(search) > 1 and search.startswith("/") and search.endswith("/"):
        pattern = compile_re2(search[1:-1])
        return pattern.sub(lambda m: _go_expand(replacement, m), text)
    return text.replace(search, replacement)


# ---------------------------------------------------------------------------- simple ones


def _join(args: list[Any]) -> str:
    separator = as_str(args[0])
    items = [item for arg in args[1:] for item in as_list(arg)]
    if any(item is None for item in items):
        raise EvalFailure("element is null; cannot concatenate null values")
    return separator.join(as_str(item) for item in items)


def _split(args: list[Any]) -> list[str]:
    separator, text = as_str(args[0]), as_str(args[1])
    return list(text) if separator == "" else text.split(separator)


def _substr(args: list[Any]) -> str:
    chars, offset, length = graphemes(as_str(args[0])), as_int(args[1]), as_int(args[2])
    start = offset if offset >= 0 else max(len(chars) + offset, 0)
    return "".join(chars[start:] if length == -1 else chars[start : start + length])


def _chomp(args: list[Any]) -> str:
    return re.sub(r"(?:\r\n?|\n)*\Z", "", as_str(args[0]))


def _indent(args: list[Any]) -> str:
    return as_str(args[1]).replace("\n", "\n" + " " * as_int(args[0]))


def _trim(args: list[Any]) -> str:
    return as_str(args[0]).strip(as_str(args[1]))


# ---------------------------------------------------------------------------- format


_VERB = re.compile(
    r"%(?:(?P<pct>%)|(?P<flags>[-+# 0]*)(?P<width>\d+)?(?:\.(?P<prec>\d+))?(?P<verb>[a-zA-Z]))"
)
_NUMERIC_VERBS = {"d": "d", "f": "f", "F": "f", "e": "e", "E": "E", "g": "g", "G": "G"}
_NUMERIC_VERBS.update({"x": "x", "X": "X", "o": "o", "b": "b"})


def format_string(spec: str, values: list[Any]) -> str:
    used = 0

    def one(match: re.Match[str]) -> str:
        nonlocal used
        if match["pct"]:
            return "%"
        if used >= len(values):
            raise EvalFailure(f"not enough arguments for %{match['verb']} at {match.start()}")
        used += 1
        return _format_verb(values[used - 1], match)

    out = _VERB.sub(one, spec)
    if used < len(values):
        raise EvalFailure(f"too many arguments; only {used} used by format string")
    return out


def _format(args: list[Any]) -> str:
    return format_string(as_str(args[0]), list(args[1:]))


def _format_verb(value: Any, match: re.Match[str]) -> str:
    verb = match["verb"]
    if verb in _NUMERIC_VERBS:
        number: int | float = to_number(value)
        number = as_int(number) if verb in "dxXob" else float(number)
        return format(number, _spec(match, _NUMERIC_VERBS[verb], numeric=True))
    if verb == "v" and isinstance(value, (list, dict)):
        from driftctl.declared.hcl.functions.encoding import json_text

        text = json_text(value)
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


def _formatlist(args: list[Any]) -> list[str]:
    spec, values = as_str(args[0]), list(args[1:])
    lengths = {len(v) for v in values if isinstance(v, list)}
    if len(lengths) > 1:
        raise EvalFailure("all list arguments must have the same length")
    count = lengths.pop() if lengths else 1
    return [
        format_string(spec, [v[i] if isinstance(v, list) else v for v in values])
        for i in range(count)
    ]


# ---------------------------------------------------------------------------- provider::aws


def _arn_parse(args: list[Any]) -> dict[str, str]:
    parts = as_str(args[0]).split(":", 5)
    if len(parts) != 6 or parts[0] != "arn":
        raise EvalFailure(f"invalid ARN {args[0]!r}")
    keys = ("partition", "service", "region", "account_id", "resource")
    return dict(zip(keys, parts[1:], strict=True))


def _arn_build(args: list[Any]) -> str:
    return "arn:" + ":".join(as_str(a) for a in args)


def _trim_iam_role_path(args: list[Any]) -> str:
    head, sep, resource = as_str(args[0]).partition(":role/")
    if not sep:
        raise EvalFailure(f"invalid IAM role ARN {args[0]!r}")
    return f"{head}:role/{resource.rsplit('/', 1)[-1]}"


FUNCTIONS: dict[str, Function] = {
    "chomp": fn(_chomp, 1),
    "endswith": fn(lambda a: as_str(a[0]).endswith(as_str(a[1])), 2),
    "format": fn(_format, 1, None, allow_null=True),
    "formatlist": fn(_formatlist, 1, None, allow_null=True),
    "indent": fn(_indent, 2),
    "join": fn(_join, 2, None),
    "lower": fn(string_fn(lambda s: _simple_case(s, str.lower)), 1),
    "regex": fn(_regex, 2),
    "regexall": fn(_regexall, 2),
    "replace": fn(_replace, 3),
    "split": fn(_split, 2),
    "startswith": fn(lambda a: as_str(a[0]).startswith(as_str(a[1])), 2),
    "strcontains": fn(lambda a: as_str(a[1]) in as_str(a[0]), 2),
    "strrev": fn(string_fn(_strrev), 1),
    "substr": fn(_substr, 3),
    "title": fn(string_fn(_title), 1),
    "trim": fn(_trim, 2),
    "trimprefix": fn(lambda a: as_str(a[0]).removeprefix(as_str(a[1])), 2),
    "trimsuffix": fn(lambda a: as_str(a[0]).removesuffix(as_str(a[1])), 2),
    "trimspace": fn(string_fn(lambda s: s.strip(_GO_SPACE)), 1),
    "upper": fn(string_fn(lambda s: _simple_case(s, str.upper)), 1),
    "provider::aws::arn_parse": fn(_arn_parse, 1),
    "provider::aws::arn_build": fn(_arn_build, 5),
    "provider::aws::trim_iam_role_path": fn(_trim_iam_role_path, 1),
}
