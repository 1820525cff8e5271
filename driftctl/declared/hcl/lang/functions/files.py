"""Terraform's filesystem functions. Relative paths are relative to terraform's working
directory, the root module's directory (so modules use "${path.module}/file").

https://developer.hashicorp.com/terraform/language/functions (Filesystem Functions).
templatefile is evaluated by the evaluator itself (it renders a template).
"""

from __future__ import annotations

import base64
import functools
import posixpath
import re
from pathlib import Path
from typing import Any

from driftctl.declared.hcl.lang.functions.base import CallContext, Function, Param, fn
from driftctl.declared.hcl.lang.functions.encoding import b64digest, hexdigest
from driftctl.declared.hcl.lang.functions.regexp import Pattern, compile_translated
from driftctl.declared.hcl.lang.reads import record_check
from driftctl.declared.hcl.lang.types import STRING, CSet
from driftctl.declared.hcl.lang.values import EvalFailure


def _file(context: CallContext, args: list[Any]) -> str:
    from driftctl.declared.hcl.lang.convert import nfc

    return nfc(context.read_text(args[0])[1])


def _fileexists(context: CallContext, args: list[Any]) -> bool:
    path = context.path(args[0])
    state = exists_state(path)
    record_check("fileexists", str(path), "", state)
    if state == "dir":
        raise EvalFailure(f"{args[0]!r} is not a regular file, but a directory")
    return state == "file"


def exists_state(path: Path) -> str:
    if not path.exists():
        return "absent"
    return "file" if path.is_file() else "dir"


def _filebase64(context: CallContext, args: list[Any]) -> str:
    return base64.b64encode(context.read_bytes(args[0])).decode()


def _file_hash(algorithm: str, encode: bool) -> Function:
    def impl(context: CallContext, args: list[Any]) -> str:
        data = context.read_bytes(args[0])
        return b64digest(algorithm, data) if encode else hexdigest(algorithm, data)

    return _context(impl, 1)


@functools.lru_cache(maxsize=256)
def glob_regex(pattern: str) -> Pattern:
    """A doublestar glob (`*`, `**`, `?`, `[...]`, `{a,b}`) as a regular expression."""
    out, i, depth = [], 0, 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = pattern.find("]", i + 1)
            if end < 0:
                raise EvalFailure(f"invalid glob pattern {pattern!r}")
            body = pattern[i + 1 : end]
            out.append("[" + ("^" + body[1:] if body.startswith(("!", "^")) else body) + "]")
            i = end
        elif char == "{":
            out.append("(?:")
            depth += 1
        elif char == "}" and depth:
            out.append(")")
            depth -= 1
        elif char == "," and depth:
            out.append("|")
        elif char == "\\" and i + 1 < len(pattern):
            i += 1
            out.append(re.escape(pattern[i]))
        else:
            out.append(re.escape(char))
        i += 1
    if depth:
        raise EvalFailure(f"invalid glob pattern {pattern!r}")
    return compile_translated("".join(out), pattern)


def _fileset(context: CallContext, args: list[Any]) -> Any:
    base_text, pattern = args[0], args[1]
    base = context.path(base_text)
    found = fileset_matches(base, pattern)
    record_check("fileset", str(base), pattern, found)
    context.read.update(base / name for name in found)  # the result depends on each file
    return CSet(found, STRING)


def fileset_matches(base: Path, pattern: str) -> list[str]:
    regex = glob_regex(posixpath.normpath(pattern) if pattern else pattern)
    if not base.is_dir():
        return []
    found = [
        path.relative_to(base).as_posix()
        for path in base.rglob("*")
        if path.is_file() and regex.fullmatch(path.relative_to(base).as_posix())
    ]
    return sorted(found)


def _basename(args: list[Any]) -> str:
    text = args[0]
    if text == "":
        return "."
    stripped = text.rstrip("/")
    return posixpath.basename(stripped) if stripped else "/"


def _dirname(args: list[Any]) -> str:
    text = args[0]
    return posixpath.normpath(posixpath.dirname(text)) if posixpath.dirname(text) else "."


def _context(impl: Any, count: int) -> Function:
    names = ("path", "pattern")[:count]
    return Function(tuple(Param(n, STRING) for n in names), None, context_impl=impl)


FUNCTIONS: dict[str, Function] = {
    "file": _context(_file, 1),
    "fileexists": _context(_fileexists, 1),
    "filebase64": _context(_filebase64, 1),
    "fileset": _context(_fileset, 2),
    "filemd5": _file_hash("md5", False),
    "filesha1": _file_hash("sha1", False),
    "filesha256": _file_hash("sha256", False),
    "filesha512": _file_hash("sha512", False),
    "filebase64sha256": _file_hash("sha256", True),
    "filebase64sha512": _file_hash("sha512", True),
    "basename": fn(_basename, Param("path", STRING)),
    "dirname": fn(_dirname, Param("path", STRING)),
}
