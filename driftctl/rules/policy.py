"""Rules: what each drift deserves (docs/architecture.md §6, docs/rules.md).

A `Policy` is the `.driftignore` file (if any), then the user's rule files in the order
given, then the shipped defaults (a user's rule named like a default replaces it). For
each drift the first rule that matches decides its `action`, `severity` and `rule`; no
match means `report`, `medium`, rule null.

A rule with a `path` glob matches single changes, so a changed drift is decided change by
change. When its changes are decided by different rules, the drift is split into one
drift per decision, in the order of each decision's first change (changes are sorted by
path), so the output stays deterministic and each part's fingerprint is a function of its
own content. Ignored drifts (and ignored parts) leave `drifts` and are counted in
`summary.ignored`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from driftctl.core.model import KINDS, Change, Drift, Report
from driftctl.errors import DriftctlError
from driftctl.rules import driftignore, rulefile
from driftctl.settings import Settings
from driftctl.util import globs
from driftctl.util.globs import Glob

DEFAULTS_NAME = "driftctl/rules/defaults.yaml"


@dataclasses.dataclass(frozen=True)
class Decision:
    action: str = "report"
    severity: str = "medium"
    rule: str | None = None


DEFAULT = Decision()
IGNORED_BY_DRIFTIGNORE = Decision("ignore", "medium", driftignore.RULE_NAME)


@dataclasses.dataclass(frozen=True)
class Match:
    """Every field empty matches everything; a drift must satisfy all non-empty ones."""

    types: tuple[Glob, ...] = ()
    addresses: tuple[Glob, ...] = ()
    paths: tuple[Glob, ...] = ()
    kinds: frozenset[str] = frozenset()
    tags: tuple[tuple[str, Glob], ...] = ()
    # `scan --attribute` (docs/attribution.md): globs on who caused it, and how
    actors: tuple[Glob, ...] = ()
    vias: frozenset[str] = frozenset()

    @property
    def attributed(self) -> bool:
        """Whether this match needs each drift's attribution (`actor` or `via`)."""
        return bool(self.actors or self.vias)

    def drift(self, d: Drift, who: bool = True) -> bool:
        """Everything but the path: type, address or id, kind, tags, and (who) actor and
        via, on the drift's attribution."""
        names = [n for n in (d.address, d.id) if n] or [""]
        return (
            _any(self.types, d.type)
            and any(_any(self.addresses, name) for name in names)
            and (not self.kinds or d.kind in self.kinds)
            and all(key in d.tags and glob.match(d.tags[key]) for key, glob in self.tags)
            and (not who or self.by(d.attribution))
        )

    def by(self, attribution: Mapping[str, Any] | None) -> bool:
        """actor and via, on an attribution; an unknown one (or none) matches neither."""
        if not self.attributed:
            return True
        found = attribution or {}
        if "unknown" in found:
            return False
        if self.vias and found.get("via") not in self.vias:
            return False
        return not self.actors or any(
            _any(self.actors, name) for name in actor_names(found) if name
        )

    def change(self, path: str) -> bool:
        return _any(self.paths, path)


def actor_names(found: Mapping[str, Any]) -> list[str]:
    """What a rule's `actor` glob is matched against (docs/rules.md): the principal ARN's
    resource part (`assumed-role/BreakGlass/bob`, `user/alice`), the whole principal ARN,
    and the report's `actor` (`BreakGlass/bob`, `alice`, an SSO user's name)."""
    arn = found.get("principal_arn")
    arn = arn if isinstance(arn, str) else ""
    tail = arn.split(":", 5)[5] if arn.count(":") >= 5 else ""
    actor = found.get("actor")
    return [tail, arn, actor if isinstance(actor, str) else ""]


def _any(patterns: tuple[Glob, ...], value: str) -> bool:
    return not patterns or any(g.match(value) for g in patterns)


@dataclasses.dataclass(frozen=True)
class Rule:
    name: str
    match: Match
    action: str
    severity: str = "medium"
    reason: str | None = None
    origin: str = ""  # FILE:LINE where it is written
    file: str | None = None  # action pr: where new declarations go (driftctl pr)
    labels: tuple[str, ...] = ()  # action pr: pull-request labels (driftctl pr)

    @property
    def decision(self) -> Decision:
        return Decision(self.action, self.severity, self.name)


@dataclasses.dataclass(frozen=True)
class Policy:
    rules: tuple[Rule, ...] = ()
    ignore: driftignore.DriftIgnore | None = None
    # the rule files' `iac_principals`: globs on principal ARNs, added to --iac-principal
    iac_principals: tuple[str, ...] = ()

    @property
    def attributed(self) -> tuple[Rule, ...]:
        """The rules that match on `actor` or `via` (they need --attribute)."""
        return tuple(r for r in self.rules if r.match.attributed)


# -- deciding -------------------------------------------------------------------------


# change path -> the attribution of that change alone (a changed drift's, with --attribute)
ByPath = Mapping[str, Mapping[str, Any]]


def decide(policy: Policy, drift: Drift, by_path: ByPath | None = None) -> list[Drift]:
    """The drift with its decision, or split into one part per decision. by_path: each
    change's own attribution, which `actor` and `via` match a change on (else the drift's);
    a part split off gets the latest of its changes' attributions."""
    if policy.ignore is not None and policy.ignore.ignores(drift):
        return [_decided(drift, IGNORED_BY_DRIFTIGNORE)]
    candidates = [r for r in policy.rules if r.match.drift(drift, who=not drift.changes)]
    if not drift.changes:
        first = next((r for r in candidates if not r.match.paths), None)
        return [_decided(drift, first.decision if first else DEFAULT)]
    found = by_path or {}
    groups: dict[Decision, list[Change]] = {}
    for change in drift.changes:
        who = found.get(change.path, drift.attribution)
        groups.setdefault(_change_decision(policy, drift, candidates, change, who), []).append(
            change
        )
    if len(groups) == 1:
        return [_decided(drift, next(iter(groups)))]
    parts = []
    for decision, changes in groups.items():
        part = dataclasses.replace(drift, changes=tuple(changes))
        if by_path:
            who = latest([found.get(c.path, drift.attribution) for c in changes])
            part = dataclasses.replace(part, attribution=who)
        parts.append(_decided(part, decision))
    return parts


def _change_decision(
    policy: Policy,
    drift: Drift,
    candidates: list[Rule],
    change: Change,
    who: Mapping[str, Any] | None,
) -> Decision:
    if policy.ignore is not None and policy.ignore.ignores_change(drift, change.path):
        return IGNORED_BY_DRIFTIGNORE
    first = next((r for r in candidates if r.match.change(change.path) and r.match.by(who)), None)
    return first.decision if first else DEFAULT


def latest(found: Sequence[Mapping[str, Any] | None]) -> Mapping[str, Any] | None:
    """The latest known attribution (by event time, then id), else the first unknown."""
    known = [f for f in found if f is not None and "unknown" not in f]
    if known:
        return max(known, key=lambda f: (str(f.get("time")), str(f.get("event_id"))))
    return next((f for f in found if f is not None), None)


def _decided(drift: Drift, decision: Decision) -> Drift:
    # an observe-only declaration (Crossplane ["Observe"], ACK read-only) is never reverted
    action = "report" if drift.observe_only and decision.action == "revert" else decision.action
    return dataclasses.replace(drift, action=action, severity=decision.severity, rule=decision.rule)


def apply(policy: Policy, report: Report, by_path: Mapping[str, ByPath] | None = None) -> Report:
    """The report with every drift decided; ignored ones counted, not listed. by_path:
    drift fingerprint -> its changes' own attributions (decide())."""
    kept: list[Drift] = []
    ignored = 0
    for drift in report.drifts:
        for part in decide(policy, drift, (by_path or {}).get(drift.fingerprint)):
            if part.action == "ignore":
                ignored += 1
            else:
                kept.append(part)
    kinds = Counter(d.kind for d in kept)
    managed = int(report.summary.get("managed", 0))
    summary: dict[str, Any] = {
        **report.summary,
        **{kind: kinds.get(kind, 0) for kind in KINDS},
        "ignored": int(report.summary.get("ignored", 0)) + ignored,
        "coverage": round(managed / (managed + kinds["unmanaged"]), 4)
        if managed + kinds["unmanaged"]
        else 1.0,
    }
    return dataclasses.replace(report, summary=summary, drifts=tuple(kept))


# -- loading --------------------------------------------------------------------------


def defaults_text() -> str:
    return resources.files("driftctl").joinpath("rules/defaults.yaml").read_text()


def rule_files(path: Path) -> list[Path]:
    """A file, or a directory's *.yaml and *.yml files (sorted by name, not recursive)."""
    if path.is_dir():
        found = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
        if not found:
            raise DriftctlError(f"{path}: no *.yaml rule files in this directory")
        return found
    if not path.exists():
        raise DriftctlError(f"{path}: no such rule file or directory")
    return [path]


def check(paths: Sequence[Path], defaults: bool = False) -> tuple[list[Rule], list[str]]:
    """Every rule of these files (then the defaults), or every error found in them.

    A rule of the user's named like a shipped default replaces that default; two rules of
    the user's with one name are an error, wherever they are (even in a file with other
    errors)."""
    rules, errors, _ = _check(paths, defaults)
    return rules, errors


def _check(
    paths: Sequence[Path], defaults: bool = False
) -> tuple[list[Rule], list[str], tuple[str, ...]]:
    """check(), and the files' `iac_principals` (in file order, without repeats)."""
    files = [(str(f), _read(f)) for p in paths for f in rule_files(p)]
    parsed: list[rulefile.ParsedRule] = []
    errors: list[str] = []
    principals: list[str] = []
    for name, text in files:
        result = rulefile.parse(name, text)
        parsed += result.rules
        principals += result.iac_principals
        errors += _in_line_order(name, result.errors + _duplicate_names(parsed, name))
    if defaults:
        mine = {_name(p) for p in parsed}
        shipped = rulefile.parse(DEFAULTS_NAME, defaults_text())
        parsed += [p for p in shipped.rules if _name(p) not in mine]
        errors += shipped.errors
    found = [] if errors else [_rule(p) for p in parsed]
    return found, errors, tuple(dict.fromkeys(principals))


def shipped_names() -> set[str]:
    """The names of the shipped default rules."""
    return {n for p in rulefile.parse(DEFAULTS_NAME, defaults_text()).rules if (n := _name(p))}


def load_rules(paths: Sequence[Path], defaults: bool = True) -> tuple[Rule, ...]:
    return _load(paths, defaults)[0]


def _load(paths: Sequence[Path], defaults: bool) -> tuple[tuple[Rule, ...], tuple[str, ...]]:
    rules, errors, principals = _check(paths, defaults)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise DriftctlError(
            errors[0] + more, "run `driftctl rules validate PATH` to list every problem"
        )
    return tuple(rules), principals


def load_policy(
    paths: Sequence[Path],
    ignore_file: Path | None = None,
    defaults: bool = True,
    ignore_text: str | None = None,
) -> Policy:
    """ignore_text (--ignore lines) is read instead of ignore_file, as snyk's driftctl does."""
    if ignore_text is not None:
        ignore: driftignore.DriftIgnore | None = driftignore.parse("--ignore", ignore_text)
    else:
        ignore = driftignore.load(ignore_file) if ignore_file is not None else None
    rules, principals = _load(paths, defaults)
    return Policy(rules, ignore, principals)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot read rule file {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{path}: not UTF-8 text ({exc.reason})") from exc


def _name(rule: rulefile.ParsedRule) -> str | None:
    name = rule.data.get("name")
    return name if isinstance(name, str) else None


def _duplicate_names(parsed: Iterable[rulefile.ParsedRule], file: str) -> list[str]:
    """An error for each rule of `file` whose name an earlier rule already has."""
    first: dict[str, rulefile.ParsedRule] = {}
    errors: list[str] = []
    for rule in parsed:
        name = _name(rule)
        if name is None:
            continue
        if name not in first:
            first[name] = rule
        elif rule.file == file:
            errors.append(
                f"{rule.file}:{rule.line_of('name')}: {rule.where('name')}duplicate rule name "
                f"'{name}' (already used at {first[name].origin})"
            )
    return errors


def _in_line_order(file: str, errors: list[str]) -> list[str]:
    """One file's errors (each `file:LINE: ...`) sorted by line, stably."""

    def line(error: str) -> int:
        number = error[len(file) + 1 :].partition(":")[0]
        return int(number) if number.isdigit() else 0

    return sorted(errors, key=line)


def _rule(parsed: rulefile.ParsedRule) -> Rule:
    data = parsed.data
    match = data.get("match") or {}
    kinds = match.get("kind") or ()
    return Rule(
        name=data["name"],
        match=Match(
            types=_globs(match.get("type")),
            addresses=_globs(match.get("address")),
            paths=_globs(match.get("path")),
            kinds=frozenset([kinds] if isinstance(kinds, str) else kinds),
            tags=tuple((str(k), globs.parse(v)) for k, v in (match.get("tags") or {}).items()),
            actors=_globs(match.get("actor")),
            vias=frozenset(_strings(match.get("via"))),
        ),
        action=data["action"],
        severity=data.get("severity", "medium"),
        reason=data.get("reason"),
        origin=parsed.origin,
        file=data.get("file"),
        labels=tuple(data.get("labels") or ()),
    )


def _globs(value: str | list[str] | None) -> tuple[Glob, ...]:
    return tuple(globs.parse(v) for v in _strings(value))


def _strings(value: str | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


# shipped default rules that hide resources AWS made itself: --strict reports those
# resources, so it drops these rules (a rule of the user's with the same name stays)
AWS_OWN_RULES = ("ignore-aws-owned-roles",)


def require_attribution(policy: Policy, enabled: bool) -> None:
    """A rule matching on `actor` or `via` without --attribute is an error: it would never
    match, and a rule meant to page someone must not be off without a word."""
    if enabled or not policy.attributed:
        return
    rule = policy.attributed[0]
    raise DriftctlError(
        f"{rule.origin}: rule '{rule.name}' matches on actor or via, which needs --attribute",
        "pass --attribute (or --cloudtrail SOURCE), or run without this rule file",
    )


def policy_for(conf: Settings) -> Policy:
    """The policy a command's settings ask for: .driftignore, --rules, shipped defaults
    (under --strict, without those that hide AWS's own resources). A rule on `actor` or
    `via` without --attribute is an error (require_attribution)."""
    rs = conf.rules
    policy = load_policy(rs.paths, rs.driftignore, rs.defaults, rs.ignore_text)
    require_attribution(policy, conf.attribution.enabled)
    if not conf.selection.strict:
        return policy
    kept = tuple(r for r in policy.rules if not _hides_aws_own(r))
    return dataclasses.replace(policy, rules=kept)


def _hides_aws_own(rule: Rule) -> bool:
    return rule.name in AWS_OWN_RULES and rule.origin.startswith(f"{DEFAULTS_NAME}:")
