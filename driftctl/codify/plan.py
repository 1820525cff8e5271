"""From the drifts a rule sends to `pr` to the new text of each source file.

Each drift goes to the codifier of the format that declares it; a drift is codified
whole or not at all (a partly written drift would still drift). A literal that also
writes values of declarations that are not being codified the same way (a for_each
shared by several instances, a tfvars entry used by many resources) is left to a person:
editing it would change more than the drift.

A live secret is never written into code: a drift with a sensitive change (or a value
under a secret-looking name, or an unmanaged resource holding attributes the provider
marks sensitive) goes to a person, and so does any edit whose text would contain a
sensitive value: one declared anywhere, or the resource's own live one (driftctl.core.sensitive).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Mapping, Sequence

from driftctl.codify.base import (
    Codifier,
    Context,
    Edit,
    Human,
    Outcome,
    apply_edits,
    human,
    newline_of,
    with_newline,
)
from driftctl.codify.base import unified_diff as _unified_diff
from driftctl.codify.hcl.codifier import HclCodifier
from driftctl.codify.hcl.imports import DEFAULT_FILE
from driftctl.codify.kustomize.codifier import KustomizeCodifier
from driftctl.codify.kustomize.imports import DEFAULT_FILE as K8S_DEFAULT_FILE
from driftctl.codify.yaml.codifier import YamlCodifier
from driftctl.core import sensitive
from driftctl.core.mask import hides, mask_value
from driftctl.core.model import Drift

# source scheme (--from SCHEME://) -> the codifiers of its files; a scheme without one
# (tfstate://) has every drift listed under "needs a human"
CODIFIERS: dict[str, tuple[Codifier, ...]] = {
    "hcl": (HclCodifier(),),
    "yaml": (YamlCodifier(),),
    "kustomize": (KustomizeCodifier(),),
}
# source scheme -> the file new declarations go to when the rule names none
IMPORT_FILES: dict[str, str] = {"hcl": DEFAULT_FILE, "kustomize": K8S_DEFAULT_FILE}

Span = tuple[str, int, int, int, int]


@dataclasses.dataclass
class Plan:
    files: dict[str, tuple[str, str]]  # file (relative to the source directory) -> (before, after)
    codified: list[Drift]
    humans: list[Human]
    # (type, id, path) the controller changes itself once it adopts a new declaration
    settles: frozenset[tuple[str, str, str]] = frozenset()

    @property
    def diff(self) -> str:
        return _unified_diff(self.files)

    @property
    def changed_files(self) -> list[str]:
        return sorted(f for f, (before, after) in self.files.items() if before != after)


def codifier_for(drift: Drift, ctx: Context) -> Codifier | None:
    if drift.kind == "unmanaged":
        file = ctx.import_file.get(drift.fingerprint, IMPORT_FILES.get(ctx.scheme, DEFAULT_FILE))
    else:
        file = drift.source.file if drift.source is not None else ""
    return next((c for c in CODIFIERS.get(ctx.scheme, ()) if c.handles(file)), None)


def make_plan(
    drifts: Sequence[Drift], ctx: Context, refused: Mapping[str, str] | None = None
) -> Plan:
    """refused: drift fingerprint -> why it is left to a person (an edit that was tried
    and did not declare it)."""
    outcomes: dict[str, Outcome] = {}
    declared_texts = _declared_texts(ctx)
    for drift in drifts:
        codifier = codifier_for(drift, ctx)
        secret = _secret(drift, ctx)
        bound = sorted({ref for c in drift.changes for ref in c.bound or {}})
        if refused and drift.fingerprint in refused:
            outcomes[drift.fingerprint] = human(drift, refused[drift.fingerprint])
        elif secret is not None:
            outcomes[drift.fingerprint] = human(drift, SECRET_REASON, secret or None)
        elif bound:
            # the declared value is built from other resources' live values: writing the
            # live value back would replace those references with literals
            outcomes[drift.fingerprint] = human(
                drift,
                f"the declared value is built from {', '.join(bound)}, known only after "
                "apply: change the expression by hand",
            )
        elif codifier is None:
            what = f"{ctx.scheme}:// sources" if ctx.scheme not in CODIFIERS else "this file"
            outcomes[drift.fingerprint] = human(drift, f"driftctl cannot edit {what} yet")
        else:
            outcome = codifier.codify(drift, ctx)
            texts = declared_texts | _live_texts(drift, ctx)
            if outcome.human is None and _writes_secret(outcome, texts):
                path = drift.changes[0].path if drift.changes else None
                outcome = human(drift, SECRET_REASON, path)
            outcomes[drift.fingerprint] = outcome
    _refuse_shared(drifts, outcomes, _users(ctx))
    return _assemble(drifts, outcomes, ctx)


SECRET_REASON = "the value is sensitive: driftctl never writes a live secret into code"


def _secret(drift: Drift, ctx: Context) -> str | None:
    """The path of a sensitive value the drift would write ("" for a whole resource), or
    None when it has none."""
    for c in drift.changes:
        if c.sensitive or hides(c.path, c.actual):
            return c.path
    if drift.kind == "unmanaged" and drift.id is not None:
        live = ctx.live.get((drift.type, drift.id))
        if live is not None:
            held = sensitive.values_at(live.attrs, sensitive.provider_paths(live.type))
            if any(v is not None for v in held) or mask_value(live.attrs) != live.attrs:
                return ""
    return None


def _declared_texts(ctx: Context) -> frozenset[str]:
    """The texts of every sensitive value the declared state holds."""
    found = [
        v
        for r in ctx.declared.resources
        if r.sensitive or sensitive.provider_paths(r.type)
        for v in sensitive.values_at(r.attrs, sensitive.of(r.type, r.sensitive))
    ]
    return sensitive.secret_texts(found)


def _live_texts(drift: Drift, ctx: Context) -> frozenset[str]:
    """The texts of the live values at the sensitive paths of the drift's resource."""
    live = ctx.live.get((drift.type, drift.id or ""))
    if live is None:
        return frozenset()
    declared = ctx.resource(drift) if drift.kind != "unmanaged" else None
    patterns = sensitive.of(drift.type, declared.sensitive if declared else frozenset())
    return sensitive.secret_texts(sensitive.values_at(live.attrs, patterns))


def _writes_secret(outcome: Outcome, texts: frozenset[str]) -> bool:
    written = [e.text for e in outcome.edits] + [text for _, text in outcome.appends]
    return any(t in w for t in texts for w in written)


def _users(ctx: Context) -> dict[Span, set[str]]:
    """For each exact span, every declared value it writes ("type|address|raw path")."""
    users: dict[Span, set[str]] = defaultdict(set)
    for r in ctx.declared.resources:
        for raw, ref in r.provenance.items():
            if ref.col is not None and ref.end_col is not None:
                span = (ref.file, ref.line, ref.col, ref.end_line or ref.line, ref.end_col)
                users[span].add(f"{r.type}|{r.address}|{raw}")
    return users


def _refuse_shared(
    drifts: Sequence[Drift], outcomes: dict[str, Outcome], users: dict[Span, set[str]]
) -> None:
    by_fp = {d.fingerprint: d for d in drifts}
    changed = True
    while changed:
        changed = False
        planned: dict[Span, set[str]] = defaultdict(set)
        texts: dict[Span, set[str]] = defaultdict(set)
        for outcome in outcomes.values():
            if outcome.human is None:
                text = {edit.span: edit.text for edit in outcome.edits}
                for span, user in outcome.writes:
                    planned[span].add(user)
                    texts[span].add(text[span])
        for fp, outcome in outcomes.items():
            if outcome.human is not None:
                continue
            for span, _ in outcome.writes:
                others = sorted(users.get(span, set()) - planned[span])
                if others or len(texts[span]) > 1:
                    other = others[0].split("|")[1] if others else "another drift"
                    more = f" and {len(others) - 1} more" if len(others) > 1 else ""
                    reason = (
                        f"the value is shared with {other}{more}: editing it would change those too"
                        if others
                        else "two drifts want different values in the same place"
                    )
                    drift = by_fp[fp]
                    path = drift.changes[0].path if drift.changes else None
                    outcomes[fp] = human(drift, reason, path, f"{span[0]}:{span[1]}")
                    changed = True
                    break


def _assemble(drifts: Sequence[Drift], outcomes: dict[str, Outcome], ctx: Context) -> Plan:
    edits: dict[str, list[Edit]] = defaultdict(list)
    appends: dict[str, list[str]] = defaultdict(list)
    codified: list[Drift] = []
    humans: list[Human] = []
    settles: set[tuple[str, str, str]] = set()
    for drift in drifts:
        outcome = outcomes[drift.fingerprint]
        if outcome.human is not None:
            humans.append(outcome.human)
            continue
        codified.append(drift)
        settles.update(outcome.settles)
        for edit in outcome.edits:
            edits[edit.file].append(edit)
        for file, text in outcome.appends:
            appends[file].append(text)
    files: dict[str, tuple[str, str]] = {}
    for file in sorted(set(edits) | set(appends)):
        before = ctx.text(file)
        eol = newline_of(before)  # new lines end as the file's do (CRLF stays CRLF)
        changes = [dataclasses.replace(e, text=with_newline(e.text, eol)) for e in edits[file]]
        after = apply_edits(before, changes) if changes else before
        for chunk in appends[file]:
            after = _appended(after, chunk, eol)
        files[file] = (before, after)
    return Plan(files, codified, humans, frozenset(settles))


def _appended(text: str, chunk: str, eol: str = "\n") -> str:
    """chunk after text, a blank line apart; a YAML document (`---` first) right after
    the last line, and without its `---` at the start of a new file. Lines end in eol."""
    document = chunk.startswith("---\n")
    if not text:
        chunk = chunk.removeprefix("---\n") if document else chunk
        return with_newline(chunk, eol)
    glue = ("" if text.endswith("\n") else "\n") + ("" if document else "\n")
    return text + with_newline(glue + chunk, eol)
