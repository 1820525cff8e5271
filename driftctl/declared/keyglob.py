"""Path globs over names that are not on disk (S3 keys): the dialect of Python's
`glob.glob(recursive=True)`, which `tfstate://` globs use, so `tfstate://states/**/*.tfstate`
and `tfstate+s3://BUCKET/states/**/*.tfstate` pick the same states.

- `*` any run of characters within one `/`-separated part, `?` one such character;
- `**` as a whole part: any number of parts (none included): `a/**/b` matches `a/b`;
- `[abc]`, `[a-z]`, `[!abc]`: one character of (or not of) a class.
"""

from __future__ import annotations

import re

_MAGIC = re.compile(r"[*?\[]")


def has_magic(text: str) -> bool:
    return _MAGIC.search(text) is not None


def literal_prefix(pattern: str) -> str:
    """The part of pattern before its first glob character (what to list S3 keys under)."""
    found = _MAGIC.search(pattern)
    return pattern if found is None else pattern[: found.start()]


def compile_path_glob(pattern: str) -> re.Pattern[str]:
    parts = pattern.split("/")
    out: list[str] = []
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if part == "**":
            out.append(".*" if last else "(?:[^/]*/)*")
            continue
        out.append(_part(part) + ("" if last else "/"))
    return re.compile("".join(out), re.DOTALL)


def _part(part: str) -> str:
    regex, i = "", 0
    while i < len(part):
        c = part[i]
        if c == "*":
            regex += "[^/]*"
        elif c == "?":
            regex += "[^/]"
        elif c == "[" and (end := part.find("]", i + 2)) != -1:
            body = part[i + 1 : end]
            negate = body.startswith("!")
            body = body[1:] if negate else body
            regex += "[" + ("^" if negate else "") + body.replace("\\", "\\\\") + "]"
            i = end
        else:
            regex += re.escape(c)
        i += 1
    return regex
