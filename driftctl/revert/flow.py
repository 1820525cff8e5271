"""The revert and undo procedures, step by step (docs/revert.md, docs/architecture.md §7).

revert: scan -> plan -> (with --approve) fresh reads of what the plan touches -> plan
again from them -> DryRun pre-flight -> journal -> calls, each journaled -> re-read the
touched resources -> exit 0 if no revert drift is left for them, 1 if some is (named).

undo: journal -> what is live now of its units -> the calls back to the journaled state
-> (with --approve) the same pre-flight, journal, calls and verifying re-read.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from driftctl.aws import session as aws_session
from driftctl.aws.canonical import Declared
from driftctl.base.calls import Call, Unit
from driftctl.core.model import KINDS, Drift, Report, Resource
from driftctl.engine import pipeline
from driftctl.engine.scopes import LiveRun
from driftctl.errors import DriftctlError, ExitStatus
from driftctl.revert import blast, guards, journal, render
from driftctl.revert.executor import Executor, Result, preflight
from driftctl.revert.journal import Entry, Journal, JournalData
from driftctl.revert.planner import Plan, check_delete_data, plan, selected
from driftctl.revert.readers import Reader
from driftctl.revert.state import build_world
from driftctl.revert.undo import lost, not_restored, plan_undo, renamed_ids
from driftctl.revert.verify import leftovers, read_units, resolved, splice
from driftctl.rules import policy as rules
from driftctl.rules.decide import Decider
from driftctl.settings import Settings
from driftctl.util import redact
from driftctl.util.globs import Glob

Say = Callable[[str], None]


@dataclasses.dataclass
class Options:
    approve: bool = False
    allow_dirty: bool = False
    only: Sequence[Glob] = ()
    journal_dir: Path | None = None  # None: .driftctl/journal/<UTC time>
    fail_after: int | None = None  # test hook: DRIFTCTL_TEST_FAIL_AFTER_CALLS
    limits: blast.Limits = dataclasses.field(default_factory=blast.Limits)
    delete_data: Sequence[str] = ()  # --delete-data TYPE.ID: deletes of data asked for


@dataclasses.dataclass
class Aws:
    factory: aws_session.ClientFactory
    counter: aws_session.CallCounter
    reader: Reader
    account: str
    region: str
    conn: pipeline.Connection  # the same session, for the scans


def connect(conf: Settings, fallback_region: str | None = None) -> Aws:
    conn = pipeline.open_session(conf, fallback_region)
    factory, counter = conn.factory, conn.counter
    account, region = conn.caller["account_id"], conn.region
    return Aws(factory, counter, Reader(factory, counter), account, region, conn)


def show(
    plan_: Plan, say: Say, title: str = "revert plan", secrets: frozenset[str] = frozenset()
) -> None:
    for line in render.plan_lines(plan_, title, secrets):
        say(line)


# -- revert ---------------------------------------------------------------------------


@dataclasses.dataclass
class Scanned:
    """One scan, decided, and the means to plan from it (again, after fresh reads)."""

    conf: Settings
    policy: rules.Policy
    declared: Declared
    run: LiveRun
    aws: Aws
    only: Sequence[Glob]
    managed: int = 0  # of the last plan's scan: what the delete share is of
    delete_data: Sequence[str] = ()  # --delete-data TYPE.ID
    drifts: Sequence[Drift] = ()  # of the last plan's scan, decided (ignored ones left out)
    decider: Decider | None = None  # the rules, and --attribute (made on first use)

    def decide(self, report: Report) -> Report:
        """The rules' decisions (with --attribute, after or on each drift's culprit)."""
        if self.decider is None:
            self.decider = Decider(self.conf, self.policy)
        return self.decider.decide(report, self.run.default_region)

    def plan(self, check_only: bool = False) -> Plan:
        """The plan; with check_only, an --only value that matches no drift is an error."""
        report = self.decide(pipeline.scan_report(self.declared, self.run))
        self.managed = int(report.summary.get("managed", 0))
        self.drifts = report.drifts
        if report.errors:
            first = report.errors[0]
            declared = first.scope == pipeline.DECLARED_SCOPE
            raise DriftctlError(
                f"the scan is incomplete ({first.scope}: {first.message}); "
                "revert needs a complete one",
                "make the declared state load whole (above), then run it again"
                if declared
                else "give the credentials read access everywhere driftctl scans, then run it "
                "again",
            )
        if check_only:
            guards.check_only(self.only, report.drifts)
        world = build_world(self.declared, self.run)
        chosen = selected(report.drifts, self.only)
        wanted = frozenset(self.delete_data)
        made = plan(chosen, world, self.aws.reader, self.policy, self.aws.account, wanted)
        if check_only:
            check_delete_data(self.delete_data, made)
        return made

    def with_fresh(self, fresh: dict[Unit, list[Resource]]) -> Scanned:
        return dataclasses.replace(self, run=splice(self.run, self.aws.account, fresh))

    def verify(
        self, done: Plan, outputs: dict[str, Any]
    ) -> tuple[list[str], dict[Unit, list[Resource]]]:
        """Revert drift still there for what `done` touched, re-read fresh (and refusals),
        and those fresh reads."""
        touched = resolved(done.units, outputs)
        fresh = read_units(self.aws.reader, touched)
        after = self.with_fresh(fresh)
        report = self.decide(pipeline.scan_report(after.declared, after.run))
        return leftovers(done, report.drifts, self.only, touched) + done.refusals, fresh


def first_plan(
    conf: Settings,
    policy: rules.Policy,
    aws: Aws,
    only: Sequence[Glob],
    on_declared: Callable[[Declared], None] | None = None,
    delete_data: Sequence[str] = (),
) -> tuple[Scanned, Plan]:
    """The scan and the plan made from it, before any call that changes AWS (the plan
    `driftctl revert` prints, and driftctl.api.plan_revert returns). on_declared: told the
    declared state before the live one is read (revert checks the files it came from)."""
    declared = pipeline.load_declared(conf, pipeline.declared_context(conf, aws.conn))
    if on_declared is not None:
        on_declared(declared)
    live = pipeline.load_live(conf, aws.conn)
    scanned = Scanned(conf, policy, declared, live, aws, only, delete_data=delete_data)
    return scanned, scanned.plan(check_only=True)


def revert(conf: Settings, opts: Options, say: Say) -> ExitStatus:
    policy = rules.policy_for(conf)
    if opts.approve:
        journal.new_dir(opts.journal_dir)  # a taken --journal-dir fails before any call
    aws = connect(conf)  # one checked session for the scan, the reads and the calls
    origins: list[guards.Origin] = []

    def checked(declared: Declared) -> None:  # every file the loaders read, checked
        origins.extend(origins_of(conf, opts, say, declared))

    scanned, first = first_plan(conf, policy, aws, opts.only, checked, opts.delete_data)
    show(first, say)
    unasked = _no_revert_rule(first, scanned.drifts, opts.only)
    if unasked:
        say(unasked)
    warning = blast.check(opts.limits, first, scanned.managed, opts.approve)
    if not opts.approve:
        if warning:
            say(f"\n{warning}")
        if first.calls:
            say(f"\nnothing was changed: pass --approve to make these {len(first.calls)} calls")
        return ExitStatus.OK
    if not first.calls:
        return ExitStatus.DRIFT if unasked else _nothing_to_apply(first, say)
    header = {
        "command": "revert",
        "account": aws.account,
        "default_region": scanned.run.default_region,
        "declared": [o.to_json() for o in origins],
        "only": [g.text for g in opts.only],
    }
    return approved(scanned, first, opts, header, say).status


@dataclasses.dataclass
class Applied:
    """What an approved plan did: its journal, the call that stopped it (None: every call
    was made), the revert drift left for what it touched, and the verifying re-read."""

    status: ExitStatus
    journal: Path
    failed: str | None = None
    left: list[str] = dataclasses.field(default_factory=list)
    fresh: dict[Unit, list[Resource]] = dataclasses.field(default_factory=dict)


def approved(
    scanned: Scanned, first: Plan, opts: Options, header: dict[str, Any], say: Say
) -> Applied:
    """With --approve, a plan with calls: fresh reads of what it touches, the plan made
    again from them (refused if it grew), the blast radius checked again, the journal
    written before any call, the calls, and the re-read that proves convergence.
    `driftctl revert --approve` and the revert action of `driftctl watch` both run it."""
    aws = scanned.aws
    fresh = read_units(aws.reader, first.units)
    scanned = scanned.with_fresh(fresh)
    final = _replanned(first, scanned.plan(), say)
    blast.check(opts.limits, final, scanned.managed, approve=True)  # the plan applied
    # so that an undo of this journal masks them too when it prints its plan
    header = {**header, journal.SENSITIVE_KEY: sorted(first.secrets | final.secrets)}
    entries = [Entry(u, fresh.get(u, [])) for u in final.units]
    book, result = _apply(aws, final, entries, header, opts, say)
    if result.failed is not None:
        return Applied(_stopped(book, final, result, say), book.path, str(result.failed))
    left, after = scanned.verify(final, result.outputs)
    return Applied(_verified(book, left, say, "reverted"), book.path, None, left, after)


def _no_revert_rule(plan_: Plan, drifts: Sequence[Drift], only: Sequence[Glob]) -> str | None:
    """When the plan is empty while the scan found drift: that no rule asks for `revert`
    (an empty plan must not read like a clean account), and how to write one."""
    found = [d for d in drifts if guards.wanted(d, only)]
    if plan_.steps or plan_.notes or not found:
        return None
    kinds = Counter(d.kind for d in found)
    each = ", ".join(f"{kinds[k]} {k}" for k in KINDS if kinds[k])
    noun = "drift" if len(found) == 1 else "drifts"
    observe = sum(1 for d in found if d.observe_only)
    why = f"no rule asks for `revert` of {'it' if len(found) == 1 else 'any'}"
    if observe:  # a rule may ask: rules never revert these (rules._decided)
        which = ("it" if observe == 1 else "all") if observe == len(found) else f"{observe} of them"
        rest = "" if observe == len(found) else " and no rule asks for `revert` of the rest"
        why = (
            f"{which} {'is' if observe == 1 else 'are'} never reverted (observe-only, or "
            "unmanaged where a declaration whose name is known only after apply may be it)"
            f"{rest}"
        )
    return (
        f"the scan found {len(found)} {noun} ({each}), and {why}: revert changes only what "
        "a rule marks `action: revert`\n  hint: add one to a rules file (--rules FILE), "
        "e.g. `match: {kind: [changed, missing]}` with `action: revert`; see docs/rules.md"
    )


def origins_of(conf: Settings, opts: Options, say: Say, declared: Declared) -> list[guards.Origin]:
    """Print where the declared state comes from; refuse uncommitted files (--approve):
    under the source, and every other file its loader read (modules, file(), tfvars)."""
    origins = []
    for s in conf.sources:
        read = declared.inputs.get(str(s.path), [])
        extra = [*read, *(conf.var_files if s.scheme == "hcl" else ())]
        path = Path(redact.source(s)) if s.url else s.path  # a URL: without its secrets
        origins.append(guards.origin(path, s.scheme, extra))
    for o in origins:
        say(o.line)
    if opts.approve:
        guards.check_clean(origins, opts.allow_dirty)
    elif any(o.dirty for o in origins) and not opts.allow_dirty:
        say("warning: uncommitted changes: --approve will refuse without --allow-dirty")
    return origins


def _replanned(first: Plan, final: Plan, say: Say) -> Plan:
    """The plan from fresh reads: shown again if it differs, refused if it grew."""
    if not set(final.units) <= set(first.units):
        raise DriftctlError(
            "live state changed while planning: the plan now touches other resources",
            "run driftctl revert again",
        )
    if final.to_json() != first.to_json():
        say("\nlive state changed since the scan; applying this plan, from fresh reads:")
        show(final, say)
    return final


def _nothing_to_apply(plan_: Plan, say: Say) -> ExitStatus:
    if plan_.refusals:
        say("\ncould not converge (no call can revert these):")
        for refusal in plan_.refusals:
            say(f"  {refusal}")
        return ExitStatus.DRIFT
    return ExitStatus.OK


def _apply(
    aws: Aws,
    plan_: Plan,
    entries: list[Entry],
    header: dict[str, Any],
    opts: Options,
    say: Say,
    created: Callable[[Journal], None] | None = None,  # called once the journal exists
) -> tuple[Journal, Result]:
    preflight(aws.factory, plan_.calls)
    path = journal.new_dir(opts.journal_dir)
    book = Journal.create(path, header, entries, plan_.to_json())
    say(f"\njournal: {book.path}")
    if created is not None:
        created(book)
    total = len(plan_.calls)

    def progress(index: int, call: Call, status: str) -> None:
        say(f"  [{index + 1}/{total}] {call.name} {status}")

    executor = Executor(aws.factory, book, aws.counter, opts.fail_after, progress)
    return book, executor.run(plan_.calls)


def _stopped(book: Journal, plan_: Plan, result: Result, say: Say) -> ExitStatus:
    book.record({"event": "finished", "status": "stopped", "done": result.done})
    say(f"\nstopped at call {result.done + 1}: {result.failed}")
    calls = [
        f"{n}. {call.name} ({step.label})"
        for n, (step, call) in enumerate(((s, c) for s in plan_.steps for c in s.calls), 1)
    ]
    for title, lines in (("done", calls[: result.done]), ("not done", calls[result.done :])):
        say(f"{title}:" + ("" if lines else " nothing"))
        for line in lines:
            say(f"  {line}")
    say(f"the journal is kept: driftctl revert --undo {book.path} --approve puts back what was")
    return ExitStatus.ERROR


def _verified(book: Journal, left: list[str], say: Say, what: str) -> ExitStatus:
    book.record({"event": "finished", "status": "applied", "converged": not left, "left": left})
    if left:
        say("\ncould not converge:")
        for line in left:
            say(f"  {line}")
        return ExitStatus.DRIFT
    say(f"\n{what}: the touched resources now match")
    return ExitStatus.OK


# -- undo -----------------------------------------------------------------------------


def undo(conf: Settings, path: Path, opts: Options, say: Say) -> ExitStatus:
    data = journal.load(path)
    if opts.approve:
        journal.new_dir(opts.journal_dir)
    aws = connect(conf, data.header.get("default_region"))
    if data.header.get("account") != aws.account:
        raise DriftctlError(
            f"{path} was written for account {data.header.get('account')}, "
            f"these credentials are for {aws.account}",
            "use credentials of the journal's account",
        )
    earlier = journal.earlier_outputs(data)
    wanted = frozenset(opts.delete_data)
    undo_plan, now = plan_undo(data, aws.reader, aws.account, earlier, wanted)
    check_delete_data(opts.delete_data, undo_plan)
    secrets = data.secrets
    show(undo_plan, say, f"undo plan for {path}", secrets)
    # its deletes (of what the revert created) are guarded as a revert's are: the count
    warning = blast.check(opts.limits, undo_plan, None, opts.approve)
    if not opts.approve:
        if warning:
            say(f"\n{warning}")
        if undo_plan.calls:
            say(f"\nnothing was changed: pass --approve to make these {len(undo_plan.calls)} calls")
        return ExitStatus.OK
    if not undo_plan.calls:
        if undo_plan.refusals:
            return _nothing_to_apply(undo_plan, say)
        return _verified_undo(None, data, aws, list(now), earlier, say)
    header = {
        "command": "undo",
        "undo_of": str(path),
        "account": aws.account,
        "default_region": data.header.get("default_region"),
        journal.SENSITIVE_KEY: sorted(secrets),
    }
    entries = [Entry(u, now.get(u, [])) for u in undo_plan.units]

    def noted(book: Journal) -> None:  # before any call: a retry must find what this makes
        Journal(path).record({"event": journal.UNDO_EVENT, "journal": str(book.path.resolve())})

    book, result = _apply(aws, undo_plan, entries, header, opts, say, noted)
    if result.failed is not None:
        return _stopped(book, undo_plan, result, say)
    units = list(now) + resolved(undo_plan.units, result.outputs)
    outputs = {**earlier, **result.outputs}
    return _verified_undo(book, data, aws, units, outputs, say, lost(undo_plan.steps))


def _verified_undo(
    book: Journal | None,
    data: JournalData,
    aws: Aws,
    units: list[Unit],  # what to read: the journaled units (at their ids now), the created
    outputs: dict[str, Any],  # the new ids of what undo runs re-created
    say: Say,
    emptied: Sequence[str] = (),  # undo.lost: what held data and came back empty
) -> ExitStatus:
    left = not_restored(data, read_units(aws.reader, units), renamed_ids(data, outputs))
    if book is None:
        if left:
            say("\nnot restored, and no call can restore it:")
            for line in left:
                say(f"  {line}")
            return ExitStatus.DRIFT
        return ExitStatus.OK
    if emptied:  # the shape is back, the data is not: never "restored"
        say("")
        for line in emptied:
            say(line)
    return _verified(book, left, say, "undone" if emptied else "restored")
