"""Values rendered as idiomatic HCL, the way `terraform fmt` would leave them.

Maps are `{ k = "v" }` (one line for a single short entry, else one entry a line with
aligned `=`), lists are `["a", "b"]` while short and scalar, strings are quoted with
HCL's escapes (`${` and `%{` doubled so they stay literal), policies go in heredocs.
"""

from __future__ import annotations

import json
import re
from typing import Any

INDENT = "  "
LINE = 80
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_KEYWORDS = frozenset({"true", "false", "null", "for", "in", "if"})


def string(text: str) -> str:
    out = json.dumps(text, ensure_ascii=False)  # ", \, control characters
    return out.replace("${", "$${").replace("%{", "%%{")


def key(name: str) -> str:
    return name if _IDENTIFIER.match(name) and name not in _KEYWORDS else string(name)


def scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, str):
        return string(value)
    raise TypeError(f"not a scalar: {type(value).__name__}")


def is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def value(v: Any, indent: str = "") -> str:
    """v as an HCL expression; indent is the indentation of the line it starts on."""
    if isinstance(v, dict):
        return _object(v, indent)
    if isinstance(v, (list, tuple)):
        return _tuple(list(v), indent)
    return scalar(v)


def _object(v: dict[str, Any], indent: str) -> str:
    if not v:
        return "{}"
    items = list(v.items())
    if len(items) == 1 and is_scalar(items[0][1]):
        one = f"{{ {key(str(items[0][0]))} = {scalar(items[0][1])} }}"
        if len(indent) + len(one) <= LINE:
            return one
    inner = indent + INDENT
    return "{\n" + "".join(f"{line}\n" for line in entries(v, inner)) + indent + "}"


def entries(v: dict[str, Any], indent: str) -> list[str]:
    """`k = v` lines of a map or block body, `=` aligned over consecutive one-line values."""
    return aligned([(key(str(k)), value(item, indent)) for k, item in v.items()], indent)


def aligned(pairs: list[tuple[str, str]], indent: str) -> list[str]:
    """(key, rendered value) pairs as lines, `=` aligned as terraform fmt aligns them."""
    lines: list[str] = []
    group: list[tuple[str, str]] = []

    def flush() -> None:
        width = max((len(k) for k, _ in group), default=0)
        lines.extend(f"{indent}{k.ljust(width)} = {text}" for k, text in group)
        group.clear()

    for k, text in pairs:
        group.append((k, text))
        if "\n" in text:  # the lines after it are not adjacent to its `=`
            flush()
    flush()
    return lines


def _tuple(v: list[Any], indent: str) -> str:
    if not v:
        return "[]"
    if all(is_scalar(i) for i in v):
        one = "[" + ", ".join(scalar(i) for i in v) + "]"
        if len(indent) + len(one) <= LINE:
            return one
    inner = indent + INDENT
    return "[\n" + "".join(f"{inner}{value(i, inner)},\n" for i in v) + indent + "]"


def heredoc(text: str, marker: str = "EOT", indented: bool = False, indent: str = "") -> str:
    """A heredoc holding text literally (`${` escaped); `<<-` indents its body."""
    body = text.replace("${", "$${").replace("%{", "%%{")
    if not body.endswith("\n"):
        body += "\n"
    if indented:
        inner = indent + INDENT
        lines = "".join(inner + line if line.strip() else line for line in body.splitlines(True))
        return f"<<-{marker}\n{lines}{indent}{marker}"
    return f"<<{marker}\n{body}{marker}"


def policy_json(doc: Any) -> str:
    """A policy document as the JSON people write: two-space indent, keys in given order."""
    return json.dumps(doc, indent=2, ensure_ascii=False)


_DOC_ORDER = ("Version", "Id", "Statement")
_STATEMENT_ORDER = (
    "Sid",
    "Effect",
    "Principal",
    "NotPrincipal",
    "Action",
    "NotAction",
    "Resource",
    "NotResource",
    "Condition",
)


def policy_order(doc: Any) -> Any:
    """A policy document's keys in the order people write them (Version first, then
    Statement; in a statement Sid, Effect, Principal, Action, Resource, Condition)."""
    if not isinstance(doc, dict) or "Statement" not in doc:
        return doc
    out = _ordered(doc, _DOC_ORDER)
    statements = out["Statement"]
    if isinstance(statements, list):
        out["Statement"] = [
            _ordered(s, _STATEMENT_ORDER) if isinstance(s, dict) else s for s in statements
        ]
    return out


def _ordered(d: dict[str, Any], first: tuple[str, ...]) -> dict[str, Any]:
    keys = [k for k in first if k in d] + sorted(k for k in d if k not in first)
    return {k: d[k] for k in keys}
