"""Globs for rule files and .driftignore: one small dialect, checked before use.

- `*` any run of characters (dots and slashes included), `?` exactly one character;
- `[abc]`, `[a-z]`, `[!abc]` or `[^abc]`: one character of (or not of) a class;
- `\\x`: the character x itself (`\\.`, `\\*`, `\\[`).

Matching is case-sensitive and always against the whole string. Unlike `fnmatch`, a
malformed glob (an unclosed `[`, an empty class, a trailing backslash) is an error, never
a pattern that silently matches nothing.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from driftctl.errors import DriftctlError


@dataclasses.dataclass(frozen=True)
class Glob:
    text: str
    regex: re.Pattern[str] = dataclasses.field(compare=False, repr=False)

    def match(self, value: str) -> bool:
        return self.regex.fullmatch(value) is not None


@functools.lru_cache(maxsize=1024)
def parse(text: str) -> Glob:
    """The compiled glob; DriftctlError naming what is wrong with a malformed one."""
    return Glob(text, re.compile(_translate(text), re.DOTALL))


def problem(text: str) -> str | None:
    """What is wrong with a glob, or None when it is well formed."""
    try:
        parse(text)
    except DriftctlError as exc:
        return exc.message
    return None


def _translate(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "*":
            out.append(".*")
        elif char == "?":
            out.append(".")
        elif char == "[":
            cls, i = _char_class(text, i)
            out.append(cls)
            continue
        elif char == "\\":
            if i + 1 == len(text):
                raise DriftctlError(f"bad glob '{text}': it ends with a lone backslash")
            i += 1
            out.append(re.escape(text[i]))
        else:
            out.append(re.escape(char))
        i += 1
    return "".join(out)


def _char_class(text: str, start: int) -> tuple[str, int]:
    """The regex class for the `[...]` at text[start]; and the index after its `]`."""
    i = start + 1
    negate = i < len(text) and text[i] in "!^"
    i += negate
    members: list[tuple[str, bool]] = []  # (character, escaped)
    while i < len(text) and text[i] != "]":
        escaped = text[i] == "\\" and i + 1 < len(text)
        i += escaped
        members.append((text[i], escaped))
        i += 1
    if i >= len(text):
        raise DriftctlError(
            f"bad glob '{text}': unbalanced '[' at position {start + 1}",
            "close the class with ']', or put a backslash before a literal bracket",
        )
    if not members:
        raise DriftctlError(f"bad glob '{text}': empty character class at position {start + 1}")
    return f"[{'^' if negate else ''}{_class_body(text, members)}]", i + 1


def _class_body(text: str, members: list[tuple[str, bool]]) -> str:
    body: list[str] = []
    j = 0
    while j < len(members):
        if j + 2 < len(members) and members[j + 1] == ("-", False):
            low, high = members[j][0], members[j + 2][0]
            if low > high:
                raise DriftctlError(f"bad glob '{text}': range {low}-{high} is reversed")
            body.append(f"{re.escape(low)}-{re.escape(high)}")
            j += 3
        else:
            body.append(re.escape(members[j][0]))
            j += 1
    return "".join(body)
