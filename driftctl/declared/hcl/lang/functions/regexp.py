"""Terraform's regular expressions: Go's regexp (RE2 syntax and semantics), run by RE2.

Terraform compiles `regex`, `regexall` and `replace(..., "/re/", ...)` patterns with Go's
regexp package, an RE2 engine: matching takes time linear in the text whatever the pattern,
`\\d`, `\\w`, `\\s` and `\\b` are ASCII, `$` without `(?m)` is the end of the text only,
`[[:alpha:]]` is a class. Python's `re` backtracks (`(a+)+$` on 30 `a`s and a `!` runs for
minutes) and differs on each of those points, so patterns are compiled by Google's RE2 (the
library Go's engine follows), through its maintained binding `google-re2`.

Matching runs on the text's UTF-8 bytes, as Go's does: one encoding per call, however many
matches (the binding's str API encodes the whole text again for every search).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import re2

from driftctl.declared.hcl.lang.values import EvalFailure

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # RE2 writes a failed compile to stderr otherwise

# RE2's error codes in Go's words (regexp/syntax ErrorCode), as cty reports them:
# "invalid regexp pattern: missing closing ] in ["
_GO_CODES = {
    "missing ]": "missing closing ]",
    "missing )": "missing closing )",
    "unexpected )": "unexpected )",
    "invalid repetition size": "invalid repeat count",
    "bad repetition operator": "invalid nested repetition operator",
    "no argument for repetition operator": "missing argument to repetition operator",
    "invalid escape sequence": "invalid escape sequence",
    "invalid character class": "invalid character class",
    "invalid character class range": "invalid character class range",
    "invalid named capture group": "invalid named capture",
    "invalid perl operator": "invalid or unsupported Perl syntax",
    "trailing \\": "trailing backslash at end of expression",
    "invalid UTF-8": "invalid UTF-8",
}


class Pattern:
    """A compiled pattern: its group count and names, and Go's FindAll over a text."""

    def __init__(self, compiled: Any) -> None:
        self._compiled = compiled
        self.groups: int = compiled.groups
        self.groupindex: dict[str, int] = dict(compiled.groupindex)

    def matches(self, text: str) -> Iterator[Match]:
        """Go's FindAll: successive non-overlapping matches, where an empty match right
        after the previous match is ignored; after an empty match the search moves on by
        one character."""
        data = text.encode("utf-8")
        pos, previous_end, end = 0, -1, len(data)
        while pos <= end:
            found = self._compiled.search(data, pos)
            if found is None:
                return
            start, stop = found.span()
            accept = True
            if stop == pos:
                if start == previous_end:
                    accept = False
                pos += _char_width(data, pos) if pos < end else 1
            else:
                pos = stop
            previous_end = stop
            if accept:
                yield Match(data, [found.span(i) for i in range(self.groups + 1)])

    def fullmatch(self, text: str) -> bool:
        return self._compiled.fullmatch(text.encode("utf-8")) is not None


class Match:
    """One match: its groups as str (None when a group took no part), its byte span."""

    def __init__(self, data: bytes, spans: list[tuple[int, int]]) -> None:
        self.data = data  # the whole text's UTF-8 bytes
        self._spans = spans
        self.start, self.end = spans[0]

    def group(self, index: int) -> str | None:
        start, end = self._spans[index]
        if start < 0:
            return None
        return self.data[start:end].decode("utf-8")

    def groups(self) -> list[str | None]:
        return [self.group(i) for i in range(1, len(self._spans))]


def _char_width(data: bytes, pos: int) -> int:
    """Bytes of the UTF-8 character starting at pos."""
    lead = data[pos]
    return 1 if lead < 0xC0 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4


@functools.lru_cache(maxsize=512)
def compile_re2(pattern: str) -> Pattern:
    """A Terraform (Go RE2) pattern, compiled; a bad one is cty's error."""
    try:
        return Pattern(re2.compile(pattern, _OPTIONS))
    except re2.error as exc:
        raise EvalFailure(f"invalid regexp pattern: {_go_error(exc)}") from None


def compile_translated(text: str, source: str) -> Pattern:
    """A pattern driftctl built from a user's glob (fileset), run by RE2 too: a glob of
    many `*` and `**` must not backtrack either."""
    try:
        return Pattern(re2.compile(text, _OPTIONS))
    except re2.error as exc:
        raise EvalFailure(f"invalid glob pattern {source!r}: {_go_error(exc)}") from None


def _go_error(exc: Exception) -> str:
    raw = exc.args[0] if exc.args else ""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    code, sep, expr = text.partition(": ")
    if not sep:
        return text
    return f"{_GO_CODES.get(code, code)} in {expr}"
