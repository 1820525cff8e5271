"""Values written as `terraform console` writes them (Terraform's repl.FormatValue):
`tolist([...])`, `toset([...])`, `tomap({...})`, typed nulls (`tostring(null)`), numbers in
full, multi-line strings as heredocs, and `(known after apply)` for unknown values.

`driftctl eval --console` prints this; the differential tests compare it with Terraform's.
`evaluate` is one expression evaluated in a root module (driftctl.api.evaluate).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.convert import go_quote
from driftctl.declared.hcl.lang.types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CList,
    CMap,
    CSet,
    ListType,
    MapType,
    Null,
    SetType,
)
from driftctl.declared.hcl.lang.values import is_pending


def format_value(value: Any, indent: int = 0) -> str:
    if is_pending(value):
        return "(known after apply)"
    if value is None:
        return "null"
    kind = type(value)
    if kind is Null:
        return _null(value)
    if kind is str:
        multiline = _multiline(value, indent)
        return multiline if multiline is not None else go_quote(value)
    if kind is bool:
        return "true" if value else "false"
    if number.is_number(value):
        return number.text(value)
    if kind is dict:
        return _mapping(value, indent)
    if kind is list:
        return _sequence(value, indent)
    if kind is CList:
        return f"tolist({_sequence(value, indent)})"
    if kind is CSet:
        return f"toset({_sequence(value, indent)})"
    if kind is CMap:
        return f"tomap({_mapping(value, indent)})"
    return repr(value)


def _null(value: Null) -> str:
    type_ = value.type
    if type_ is DYNAMIC:
        return "null"
    if type_ is STRING:
        return "tostring(null)"
    if type_ is NUMBER:
        return "tonumber(null)"
    if type_ is BOOL:
        return "tobool(null)"
    if isinstance(type_, ListType):
        return f"tolist(null) /* of {type_.elem.friendly()} */"
    if isinstance(type_, SetType):
        return f"toset(null) /* of {type_.elem.friendly()} */"
    if isinstance(type_, MapType):
        return f"tomap(null) /* of {type_.elem.friendly()} */"
    return f"null /* {type_.friendly()} */"


def _multiline(text: str, indent: int) -> str | None:
    lines = text.split("\n")
    if len(lines) < 2:
        return None
    operator = "<<-" if indent > 0 else "<<"
    delimiter = "EOT"
    while any(line.strip() == delimiter for line in lines):
        delimiter += "_"
    pad = " " * indent
    body = "".join(f"\n{pad}{line}" for line in lines)
    return f"{operator}{delimiter}{body}\n{pad}{delimiter}"


def _mapping(value: dict[str, Any], indent: int) -> str:
    inner = indent + 2
    pad = " " * inner
    items = [
        f"\n{pad}{format_value(key, inner)} = {format_value(value[key], inner)}"
        for key in sorted(value)
    ]
    tail = "\n" + " " * indent if items else ""
    return "{" + "".join(items) + tail + "}"


def _sequence(value: list[Any], indent: int) -> str:
    inner = indent + 2
    pad = " " * inner
    items = [f"\n{pad}{format_value(item, inner)}," for item in value]
    tail = "\n" + " " * indent if items else ""
    return "[" + "".join(items) + tail + "]"


def evaluate(
    expression: str,
    directory: Path,
    var_files: Sequence[Path] = (),
    variables: Mapping[str, str] | None = None,
    *,
    env: Mapping[str, str] | None = None,
    context: Mapping[str, Any] | None = None,
) -> Any:
    """The value of expression in the root module at directory, as plain data (what is
    known only after apply as Unknown or Ref, never guessed)."""
    from driftctl.declared.hcl.lang.values import finalize
    from driftctl.declared.hcl.load import Console
    from driftctl.errors import DriftctlError

    directory = Path(os.path.normpath(directory))
    if not directory.is_dir():
        raise DriftctlError(f"{directory}: not a directory", "pass a Terraform directory")
    if "\n" in expression.strip():
        raise DriftctlError(f"{expression!r}: expected one expression on one line")
    with Console(directory, var_files, variables, env=env, context=context) as session:
        return finalize(session.evaluate(expression.strip()))
