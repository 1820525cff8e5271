"""The codifier interface and the plain data it returns: span edits, appended
declarations, and the drifts that need a human."""

from __future__ import annotations

import dataclasses
import difflib
import posixpath
import re
import textwrap
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol

from driftctl.aws.canonical import Declared
from driftctl.core.mask import shown
from driftctl.core.model import Drift, Resource, SourceRef
from driftctl.errors import DriftctlError


@dataclasses.dataclass(frozen=True)
class Edit:
    """Replace the text from (line, col) to (end_line, end_col) of file by text.

    file is relative to the source directory; positions are 1-based, end exclusive,
    exactly as SourceRef spans."""

    file: str
    line: int
    col: int
    end_line: int
    end_col: int
    text: str

    @classmethod
    def at(cls, ref: SourceRef, text: str) -> Edit:
        if ref.col is None or ref.end_col is None:
            raise ValueError("a span without columns cannot be edited")
        return cls(ref.file, ref.line, ref.col, ref.end_line or ref.line, ref.end_col, text)

    @property
    def span(self) -> tuple[str, int, int, int, int]:
        return (self.file, self.line, self.col, self.end_line, self.end_col)


@dataclasses.dataclass(frozen=True)
class Human:
    """A drift driftctl will not edit: where it is declared, the live value, and why."""

    drift: Drift
    path: str | None
    where: str | None  # file:line
    live: Any
    reason: str


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What a codifier does with one drift: edits (all of its changes), or a human."""

    edits: tuple[Edit, ...] = ()
    human: Human | None = None
    # (span of an edit, "type|address|raw path" it writes): to find values shared with
    # others; text only added (a new entry) writes no value and may be left out
    writes: tuple[tuple[tuple[str, int, int, int, int], str], ...] = ()
    # (file, text): a new declaration appended to file (created when absent)
    appends: tuple[tuple[str, str], ...] = ()
    # (type, id, path): changes the controller makes itself once it adopts a new
    # declaration (Crossplane's tags): expected to drift until it has
    settles: tuple[tuple[str, str, str], ...] = ()


@dataclasses.dataclass(frozen=True)
class Context:
    """What a codifier may read: the source directory, the declared and live state, and
    the file new declarations go to for each drift."""

    root: Path
    declared: Declared
    live: Mapping[tuple[str, str], Resource]
    import_file: Mapping[str, str]  # drift fingerprint -> file for a new declaration
    scheme: str = "hcl"  # the source's format (--from SCHEME://)
    source: str | None = None  # a yaml:// source's file, relative to root
    # CloudFormation parameters this run was given (--parameter, --parameters-file): their
    # Default is not where the value comes from
    parameters: frozenset[str] = frozenset()
    kustomize_bin: str | None = None  # --kustomize-bin
    # what a codifier computes once per run (a kustomization's build)
    cache: dict[str, Any] = dataclasses.field(default_factory=dict, compare=False)

    def resource(self, drift: Drift) -> Resource | None:
        for r in self.declared.resources:
            if r.type == drift.type and r.address == drift.address:
                return r
        return None

    def text(self, file: str) -> str:
        path = self.root / file
        try:
            return read_text(path)
        except FileNotFoundError:
            return ""
        except (OSError, UnicodeDecodeError) as exc:
            raise DriftctlError(f"cannot read {path}: {exc}") from exc

    def claim(self, scope: str, pick: Callable[[set[str]], str], taken: Iterable[str]) -> str:
        """A new name from pick(taken), unique also among the names given out earlier in
        this run in the same scope (a file): two new declarations in one run must not
        get the same name (`acme-scratch` and `acme.scratch` are both AcmeScratch)."""
        given: set[str] = self.cache.setdefault(f"names:{scope}", set())
        name = pick(set(taken) | given)
        given.add(name)
        return name


def read_text(path: Path) -> str:
    """A file's text exactly as it is: line endings (CRLF) are not translated, so the
    edits of a file written back change only the bytes they mean to."""
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def write_text(path: Path, text: str) -> None:
    """text written as it is (no line-ending translation): the inverse of read_text."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


_LONE_LF = re.compile(r"(?<!\r)\n")


def newline_of(text: str) -> str:
    """The line ending text mostly uses: "\r\n" or "\n" (a new file: "\n")."""
    crlf = text.count("\r\n")
    return "\r\n" if crlf and crlf * 2 >= text.count("\n") else "\n"


def with_newline(text: str, newline: str) -> str:
    """New text (written with "\n") with the file's line ending."""
    return text if newline == "\n" else _LONE_LF.sub(newline, text)


class Codifier(Protocol):
    """One per source format: which files it edits, and what it does with one drift."""

    def handles(self, file: str) -> bool: ...

    def codify(self, drift: Drift, ctx: Context) -> Outcome: ...


def live_of(drift: Drift, ctx: Context) -> tuple[str, Resource] | Outcome:
    """(id, live resource) an unmanaged drift is to be declared from, or why it cannot be."""
    if drift.id is None:
        return human(drift, "AWS gave no id to import it by")
    live = ctx.live.get((drift.type, drift.id))
    if live is None:
        return human(drift, "its live attributes are not in this scan")
    return drift.id, live


def wrap_words(text: str, width: int) -> list[str]:
    """text in lines of at most width characters, broken only between words."""
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)


def human(drift: Drift, reason: str, path: str | None = None, where: str | None = None) -> Outcome:
    """A drift left to a person; its live value as every output shows it (secrets masked)."""
    live = None
    if path is not None:
        live = next(
            (shown(c.path, c.actual, c.sensitive) for c in drift.changes if c.path == path), None
        )
    if where is None and drift.source is not None:
        where = f"{drift.source.file}:{drift.source.line}"
    return Outcome(human=Human(drift, path, where, live, reason))


# -- applying edits ------------------------------------------------------------------


def _offsets(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def offset(starts: list[int], line: int, col: int) -> int:
    return starts[line - 1] + col - 1


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """text with every edit applied; identical edits count once, overlapping ones fail."""
    starts = _offsets(text)
    unique = sorted(
        {
            (offset(starts, e.line, e.col), offset(starts, e.end_line, e.end_col), e.text)
            for e in edits
        }
    )
    out: list[str] = []
    position = 0
    for start, end, new in unique:
        if start < position:
            raise DriftctlError(
                f"two edits overlap at offset {start}",
                "codify fewer drifts at once (narrow the pr rule)",
            )
        out += [text[position:start], new]
        position = end
    out.append(text[position:])
    return "".join(out)


def repo_path(root: str, file: str) -> str:
    """file (relative to the source directory root) as a path of the repository;
    `overlays/demo` + `../../base/x.yaml` is `base/x.yaml`."""
    joined = f"{root}/{file}" if root and root != "." else file
    return posixpath.normpath(joined)


def unified_diff(files: Mapping[str, tuple[str, str]], root: str = "") -> str:
    """`git diff`-style patch of {file: (before, after)}, files sorted by name; root is
    the source directory's path in the repository."""
    parts: list[str] = []
    for file in sorted(files):
        before, after = files[file]
        if before == after:
            continue
        name = repo_path(root, file)
        old = f"a/{name}" if before else "/dev/null"
        parts.extend(
            difflib.unified_diff(
                _lines(before),
                _lines(after),
                old,
                f"b/{name}",
            )
        )
    return "".join(p if p.endswith("\n") else p + "\n\\ No newline at end of file\n" for p in parts)


def _lines(text: str) -> list[str]:
    """text's lines with their endings, split at "\n" only (as git does): a CRLF line
    keeps its "\r\n", a form feed or U+2028 inside a line does not split it."""
    return re.findall(r"[^\n]*\n|[^\n]+$", text)
