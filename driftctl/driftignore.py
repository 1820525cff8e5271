"""`.driftignore` files, read as snyk's driftctl reads them, and written by gen-driftignore.

Semantics follow snyk/driftctl's gitignore-based reader (pkg/filter/driftignore.go, which
hands each line to go-git's gitignore matcher after replacing `/` so an id is one path
component) and its documentation (docs/usage/filtering/driftignore.mdx):

- a line is `type.id` (a resource) or `type.id.path.to.field` (one attribute's drift);
  `*` matches any run of characters, dots included; `\\.` is a literal dot (a plain `.`
  is literal too), `\\\\` a backslash;
- `!` at the start negates: the last line that matches decides, as in .gitignore;
- a line not ending in `*` also covers everything below it: `aws_s3_bucket.b` covers
  `aws_s3_bucket.b.tags.Owner`, and `aws_s3_bucket` alone covers every bucket;
- empty lines (or only spaces) and lines starting with `#` are skipped; trailing spaces
  are dropped unless escaped (`\\ `); there are no inline comments.

An attribute path is matched in snyk's dotted form: our `ingress[0].cidr_blocks` is
`ingress.0.cidr_blocks`. Where snyk silently drops a malformed line (an unclosed `[`),
driftctl stops with FILE:LINE and what is wrong: a rule is never silently ignored.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Set
from pathlib import Path
from typing import Any

from driftctl import globs
from driftctl.errors import DriftctlError
from driftctl.model import Drift

RULE_NAME = ".driftignore"
SECTIONS = (
    ("unmanaged", "# Resources not covered by IaC"),
    ("missing", "# Missing resources"),
    ("changed", "# Changed resources"),
)


@dataclasses.dataclass(frozen=True)
class Pattern:
    globs: tuple[globs.Glob, ...]  # the line, and `line.*` unless it ends with '*'
    negate: bool
    line: int

    def match(self, subject: str) -> bool:
        return any(g.match(subject) for g in self.globs)


@dataclasses.dataclass(frozen=True)
class DriftIgnore:
    name: str
    patterns: tuple[Pattern, ...]

    def matches(self, subject: str) -> bool:
        for pattern in reversed(self.patterns):
            if pattern.match(subject):
                return not pattern.negate
        return False

    def ignores(self, drift: Drift) -> bool:
        return self.matches(f"{drift.type}.{key(drift.id, drift.address)}")

    def ignores_change(self, drift: Drift, path: str) -> bool:
        return self.matches(f"{drift.type}.{key(drift.id, drift.address)}.{dotted(path)}")


def key(rid: str | None, address: str | None) -> str:
    """What stands for a resource after `type.`: its id, else (missing, id unknown) address."""
    return rid if rid is not None else (address or "")


def dotted(path: str) -> str:
    """Our `ingress[0].cidr_blocks[1]` in snyk's form: `ingress.0.cidr_blocks.1`."""
    return re.sub(r"\[(\d+)\]", r".\1", path)


def parse(name: str, text: str) -> DriftIgnore:
    patterns = []
    for number, raw in enumerate(text.splitlines(), start=1):
        pattern = _pattern(name, number, raw.rstrip("\r"))
        if pattern is not None:
            patterns.append(pattern)
    return DriftIgnore(name, tuple(patterns))


def _pattern(name: str, number: int, line: str) -> Pattern | None:
    if not line.strip(" ") or line.startswith("#"):
        return None
    covers_below = not line.endswith("*")
    negate = line.startswith("!")
    body = line[1:] if negate else line
    if not body.endswith("\\ "):
        body = body.rstrip(" ")
    texts = [body, f"{body}.*"] if covers_below else [body]
    try:
        return Pattern(tuple(globs.parse(t) for t in texts), negate, number)
    except DriftctlError as exc:
        raise DriftctlError(f"{name}:{number}: {exc.message}", exc.hint) from exc


def load(path: Path) -> DriftIgnore:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        line = exc.object[: exc.start].count(b"\n") + 1
        raise DriftctlError(
            f"{path}:{line}: not a .driftignore: not UTF-8 text ({exc.reason})",
            "a .driftignore holds one TYPE.ID pattern per line; see docs/rules.md",
        ) from exc
    if "\0" in text:
        line = text[: text.index("\0")].count("\n") + 1
        raise DriftctlError(
            f"{path}:{line}: not a .driftignore: a binary file (it holds NUL bytes)",
            "a .driftignore holds one TYPE.ID pattern per line; see docs/rules.md",
        )
    return parse(str(path), text)


def escape(text: str) -> str:
    """A literal id as a line: snyk escapes backslashes and dots; glob characters and
    spaces are escaped too, so the line matches exactly this id."""
    return re.sub(r"([\\.*?\[ ])", r"\\\1", text)


def generate(
    drifts: Iterable[Mapping[str, Any]], exclude: Iterable[str] = (), known: Set[str] = frozenset()
) -> str:
    """One `type.id` line per drifted resource, by kind as snyk's gen-driftignore groups
    them, each section sorted and without duplicates or `known` lines: the same report,
    the same file."""
    skipped = set(exclude)
    drifts = list(drifts)
    out: list[str] = []
    for kind, title in SECTIONS:
        lines = {line(d) for d in drifts if d["kind"] == kind} - known
        if lines and kind not in skipped:
            out += [title, *sorted(lines)]
    return "".join(f"{text}\n" for text in out)


def line(drift: Mapping[str, Any]) -> str:
    """The line that ignores this (JSON report) drift's resource."""
    return f"{drift['type']}.{escape(key(drift.get('id'), drift.get('address')))}"
