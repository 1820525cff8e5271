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
`ingress.0.cidr_blocks`. A malformed line (an unclosed `[`, a lone `\\`) is an error
naming FILE:LINE (exit 2); snyk skipped it silently, so a file meant to ignore or to un-ignore
something did neither without a word.

Some snyk lines name resources by snyk's ids, which driftctl's differ from; each is
matched in snyk's id space (declared by the type's module: `SnykIds`), so an old file
keeps working, and one notice says so. Today's two:

- `aws_iam_role_policy_attachment.POLICY-ROLE` (snyk's id: the policy's name, `-`, the
  role; driftctl's is `ROLE/POLICY_ARN`): a line of this type whose id has no `/`;
- `aws_security_group_rule.sgrule-N` (snyk's id: Terraform's rule hash, one rule per
  source): driftctl folds rules into their group (`aws_security_group.sg-1.ingress.0`),
  so such a line decides the group's `ingress`/`egress` changes whose rule has that hash;
  `aws_security_group_rule.*` (or the type alone) decides all of them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Set
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftctl.core.model import Drift
from driftctl.errors import DriftctlError
from driftctl.util import globs

if TYPE_CHECKING:
    from driftctl.base.family import SnykIds

RULE_NAME = ".driftignore"
SECTIONS = (
    ("unmanaged", "# Resources not covered by IaC"),
    ("missing", "# Missing resources"),
    ("changed", "# Changed resources"),
)

# the id space of a line written in driftctl's ids (snyk's: SnykIds.space)
OURS = "ours"


@dataclasses.dataclass(frozen=True)
class Pattern:
    globs: tuple[globs.Glob, ...]  # the line, and `line.*` unless it ends with '*'
    negate: bool
    line: int
    space: str = OURS  # whose ids the line names

    def match(self, subject: str) -> bool:
        return any(g.match(subject) for g in self.globs)


@dataclasses.dataclass(frozen=True)
class DriftIgnore:
    name: str
    patterns: tuple[Pattern, ...]
    # malformed lines (skipped) and the one notice about snyk-id lines, for the console
    warnings: tuple[str, ...] = ()

    def matches(self, subject: str, subjects: Mapping[str, str] | None = None) -> bool:
        """Whether the last line that matches ignores; a line written in one of snyk's id
        spaces is matched against `subjects[space]` (and matches nothing without one)."""
        for pattern in reversed(self.patterns):
            text = subject if pattern.space == OURS else (subjects or {}).get(pattern.space)
            if text is not None and pattern.match(text):
                return not pattern.negate
        return False

    def ignored_types(self, types: Iterable[str]) -> frozenset[str]:
        """The types among `types` every drift of which this file ignores, whatever its
        id, address or path: a line covering `TYPE.` and anything after it (`TYPE`,
        `TYPE.*`, `aws_iam_*`, `*`), with no negated line after it that could match one
        of the type's drifts. A scan need not read them (docs/scan.md, "What a scan reads")."""
        if any(p.negate and p.space != OURS for p in self.patterns):
            return frozenset()  # a negated line in snyk's ids: matched after reading
        out = []
        for rtype in types:
            subject = f"{rtype}."
            for pattern in reversed(self.patterns):
                if pattern.negate and any(_may_match(g, subject) for g in pattern.globs):
                    break
                covering = pattern.space == OURS and not pattern.negate
                if covering and any(_covers(g, subject) for g in pattern.globs):
                    out.append(rtype)
                    break
        return frozenset(out)

    def ignores(self, drift: Drift) -> bool:
        subjects = {}
        for ids in _snyk_ids():
            found = ids.of_resource(drift)
            if found is not None:
                subjects[ids.space] = f"{ids.type}.{found}"
        return self.matches(f"{drift.type}.{key(drift.id, drift.address)}", subjects)

    def ignores_change(self, drift: Drift, path: str) -> bool:
        subjects = {}
        for ids in _snyk_ids():
            found = ids.of_change(drift, path)
            if found is not None:
                subjects[ids.space] = f"{ids.type}.{found}"
        subject = f"{drift.type}.{key(drift.id, drift.address)}.{dotted(path)}"
        return self.matches(subject, subjects)


def _literal_prefix(glob: globs.Glob) -> tuple[str, str]:
    """(the literal text a glob starts with, the rest from its first wildcard on)."""
    text, out, i = glob.text, [], 0
    while i < len(text):
        if text[i] in "*?[":
            break
        if text[i] == "\\" and i + 1 < len(text):
            i += 1
        out.append(text[i])
        i += 1
    return "".join(out), text[i:]


def _covers(glob: globs.Glob, prefix: str) -> bool:
    """Whether the glob matches every string that starts with prefix (`L*`, L a prefix
    of prefix: `*` matches any run of characters, dots included)."""
    literal, rest = _literal_prefix(glob)
    return rest == "*" and prefix.startswith(literal)


def _may_match(glob: globs.Glob, prefix: str) -> bool:
    """Whether the glob may match some string that starts with prefix."""
    literal, rest = _literal_prefix(glob)
    if not rest:
        return literal.startswith(prefix)
    return literal.startswith(prefix) or prefix.startswith(literal)


def _snyk_ids() -> tuple[SnykIds, ...]:
    """snyk's id spaces, as the type modules declare them (the registry is loaded only
    when a .driftignore is read or matched: gen-driftignore does not need it)."""
    from driftctl.resources.registry import SNYK_IDS

    return SNYK_IDS


def key(rid: str | None, address: str | None) -> str:
    """What stands for a resource after `type.`: its id, else (missing, id unknown) address."""
    return rid if rid is not None else (address or "")


def dotted(path: str) -> str:
    """Our `ingress[0].cidr_blocks[1]` in snyk's form: `ingress.0.cidr_blocks.1`."""
    return re.sub(r"\[(\d+)\]", r".\1", path)


def parse(name: str, text: str) -> DriftIgnore:
    patterns = []
    warnings = []
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            pattern = _pattern(number, raw.rstrip("\r"))
        except DriftctlError as exc:  # snyk skipped it silently: a drift meant to be ignored
            raise DriftctlError(  # would fail the run, or one meant to be seen stay hidden
                f"{name}:{number}: {exc.message}",
                "fix or delete the line (snyk's driftctl skipped such a line silently)",
            ) from None
        if pattern is not None:
            patterns.append(pattern)
    legacy = [p.line for p in patterns if p.space != OURS]
    if legacy:
        lines = ", ".join(str(n) for n in legacy)
        theirs = ", ".join(ids.snyk_form for ids in _snyk_ids())
        ours = ", ".join(ids.our_form for ids in _snyk_ids())
        warnings.append(
            f"{name}: line{'s' if len(legacy) > 1 else ''} {lines} name resources by snyk "
            f"driftctl's ids ({theirs}); they are matched as snyk matched them. driftctl's "
            f"ids: {ours} (see docs/migrating-from-snyk.md)"
        )
    return DriftIgnore(name, tuple(patterns), tuple(warnings))


def _pattern(number: int, line: str) -> Pattern | None:
    if not line.strip(" ") or line.startswith("#"):
        return None
    covers_below = not line.endswith("*")
    negate = line.startswith("!")
    body = line[1:] if negate else line
    if not body.endswith("\\ "):
        body = body.rstrip(" ")
    texts = [body, f"{body}.*"] if covers_below else [body]
    return Pattern(tuple(globs.parse(t) for t in texts), negate, number, _space(body))


def _space(body: str) -> str:
    """Whose ids a line names: one of snyk's id spaces (SnykIds), else driftctl's."""
    for ids in _snyk_ids():
        if body == ids.type:
            rest = ""
        elif body.startswith(f"{ids.type}."):
            rest = body[len(ids.type) + 1 :]
        else:
            continue
        if ids.claims(rest):
            return ids.space
    return OURS


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
