"""driftctl watch: drift reported seconds after the CloudTrail event that made it."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from driftctl import settings
from driftctl.commands import options, surface
from driftctl.errors import DriftctlError
from driftctl.pullrequest.github import DEFAULT_API

JOURNALS = ".driftctl/journal"

if TYPE_CHECKING:
    from collections.abc import Callable

    from driftctl.pullrequest.flow import PrOptions
    from driftctl.revert.flow import Options as RevertOptions
    from driftctl.watch.loop import Bounds, Tally
    from driftctl.watch.metrics import Server

JSONL_STDOUT = ("jsonl://stdout", "jsonl://-", "jsonl:///dev/stdout")


def watch(
    from_: options.From = None,
    events: Annotated[
        str | None,
        typer.Option(
            "--events",
            metavar="sqs://QUEUE_URL|cloudtrail",
            help="Where CloudTrail events come from: an SQS queue an EventBridge rule feeds, "
            "or cloudtrail (LookupEvents polled every 60 s)",
        ),
    ] = None,
    output: Annotated[
        list[str] | None,
        typer.Option(
            "-o",
            "--output",
            metavar="jsonl://stdout|FORMAT://PATH",
            help="jsonl://stdout: one JSON line per drift found or resolved (the default); "
            "markdown://, json://, html://, sarif://, plan://, snyk-json://PATH: the scan's "
            "report of the current drifts, rewritten whenever they change (repeatable)",
        ),
    ] = None,
    profile: options.Profile = None,
    region: options.Region = None,
    endpoint_url: options.Endpoint = None,
    var_file: options.VarFile = None,
    var: options.Var = None,
    max_rps: options.MaxRps = None,
    max_attempts: options.MaxAttempts = 8,
    rules_: options.Rules = None,
    driftignore: options.DriftIgnore = None,
    no_default_rules: options.NoDefaultRules = False,
    ignore: options.Ignore = None,
    filter_: options.Filter = None,
    only_managed: options.OnlyManaged = False,
    only_unmanaged: options.OnlyUnmanaged = False,
    quiet: options.Quiet = False,
    max_events: Annotated[
        int | None,
        typer.Option("--max-events", help="Stop after N messages (default: run until stopped)"),
    ] = None,
    once: Annotated[
        bool,
        typer.Option("--once", help="Stop when the queue has nothing left (one empty long poll)"),
    ] = False,
    max_tries: Annotated[
        int,
        typer.Option("--max-tries", help="Deliveries of a failing message before it is dropped"),
    ] = 3,
    full_every: Annotated[
        str | None,
        typer.Option(
            "--full-every",
            metavar="DURATION",
            help="A complete scan this often (e.g. 6h): lines for what no event announced",
        ),
    ] = None,
    pull: Annotated[
        str | None,
        typer.Option(
            "--pull",
            metavar="DURATION",
            help="git pull --ff-only in --from's repository this often (e.g. 5m); the "
            "declared state is rendered again whenever its HEAD moves",
        ),
    ] = None,
    approve: options.Approve = False,
    journal_dir: Annotated[
        Path | None,
        typer.Option(
            "--journal-dir",
            help="With --approve: where each revert's journal goes (DIR/<UTC time>/). "
            "Default: .driftctl/journal",
            show_default=False,
        ),
    ] = None,
    allow_dirty: options.AllowDirty = False,
    max_deletes: options.MaxDeletes = None,
    max_delete_share: options.MaxDeleteShare = None,
    confirm_deletes: options.ConfirmDeletes = None,
    delete_data: options.DeleteData = None,
    pr_every: Annotated[
        str,
        typer.Option(
            "--pr-every",
            help="One pull request for the drifts of `pr` rules this long after the first "
            "of them (with --repo and --github-token)",
        ),
    ] = "15m",
    base: options.Base = None,
    remote: options.Remote = "origin",
    repo: options.Repo = None,
    github_token: options.GithubToken = None,
    api_url: options.GithubApiUrl = DEFAULT_API,
    metrics_port: Annotated[
        int | None,
        typer.Option(
            "--metrics-port",
            help="Serve Prometheus metrics on http://127.0.0.1:N/metrics (docs/watch.md)",
        ),
    ] = None,
) -> None:
    """Report drift as CloudTrail events arrive: one JSON line per drift found or resolved.

    Examples:

      driftctl watch --from infra/ --events sqs://sqs.eu-west-1.amazonaws.com/123456789012/q

      driftctl watch --from infra/ --events sqs://... --once

      driftctl watch --from infra/ --events sqs://... --max-events 100

      driftctl watch --from infra/ --events sqs://... --full-every 6h --pull 5m

      driftctl watch --from infra/ --region eu-west-1 --events cloudtrail
    """
    from driftctl.watch.sqs import parse_queue

    if not events:
        raise DriftctlError("watch needs --events", "e.g. --events sqs://QUEUE_URL (docs/watch.md)")
    if events != "cloudtrail" and not events.startswith("sqs://"):
        hint = "use sqs://QUEUE_URL or cloudtrail"
        raise DriftctlError(f"--events {events}: unknown event source", hint)
    items = settings.split_items(output)
    files = [item for item in items if item not in JSONL_STDOUT]
    for item in files:
        scheme, _, target = item.partition("://")
        if scheme in ("jsonl", "console"):
            raise DriftctlError(
                f"-o {item}: the lines go to jsonl://stdout only",
                "-o jsonl://stdout, or a report file: -o markdown://drift.md",
            )
        if target in settings.STDOUT_TARGETS:
            raise DriftctlError(
                f"-o {item}: standard output is the watch's lines",
                f"write the report to a file: -o {scheme}://FILE",
            )
    for flag, value in (("--max-events", max_events), ("--max-tries", max_tries)):
        if value is not None and value < 1:
            raise DriftctlError(f"{flag} {value}: must be at least 1")
    if metrics_port is not None and not 1 <= metrics_port <= 65535:
        raise DriftctlError(f"--metrics-port {metrics_port}: expected a port from 1 to 65535")
    source = events if events == "cloudtrail" else parse_queue(events)
    from driftctl.watch.batch import seconds

    every = seconds(pr_every, "--pr-every")
    full = seconds(full_every, "--full-every") if full_every is not None else None
    pulls = seconds(pull, "--pull") if pull is not None else None
    conf = settings.build(
        settings.Options(
            sources=from_ or [],
            profile=profile,
            regions=region or [],
            endpoint_url=endpoint_url,
            var_files=var_file or [],
            variables=var or [],
            var_order=surface.var_order(),
            max_rps=max_rps,
            max_attempts=max_attempts,
            rules=rules_ or [],
            driftignore=driftignore,
            no_default_rules=no_default_rules,
            ignore=ignore or [],
            filter=filter_,
            only_managed=only_managed,
            only_unmanaged=only_unmanaged,
            quiet=True,  # no progress display: stderr is the watch's log
            outputs=files,
        )
    )
    if not files:
        conf = dataclasses.replace(conf, outputs=())
    from driftctl.pullrequest.flow import PrOptions
    from driftctl.revert import blast
    from driftctl.revert import flow as revert_flow
    from driftctl.watch.loop import Bounds

    acts = Acts(
        lines=not items or len(files) < len(items),
        approve=approve,
        revert=revert_flow.Options(
            approve=approve,
            allow_dirty=allow_dirty,
            limits=blast.parse(max_deletes, max_delete_share, confirm_deletes),
            delete_data=tuple(delete_data or ()),
        ),
        journals=journal_dir or Path(JOURNALS),
        pr=PrOptions(base, remote, repo, github_token, api_url) if repo and github_token else None,
        pr_every=every,
        full_every=full,
        pull=pulls,
        metrics_port=metrics_port,
    )
    _watch(conf, source, Bounds(max_events, once, max_tries), quiet, acts)


@dataclasses.dataclass(frozen=True)
class Acts:
    """What the watch does besides reading events: its outputs and the rules' actions."""

    lines: bool  # -o jsonl://stdout
    approve: bool
    revert: RevertOptions
    journals: Path
    pr: PrOptions | None  # None: no --repo/--github-token, `pr` rules only report
    pr_every: float
    full_every: float | None = None  # --full-every, seconds
    pull: float | None = None  # --pull, seconds
    metrics_port: int | None = None  # --metrics-port


def _watch(conf: settings.Settings, events: str, bounds: Bounds, quiet: bool, acts: Acts) -> None:
    from driftctl.util import redact
    from driftctl.watch import loop, metrics

    def say(text: str) -> None:
        if not quiet:
            sys.stderr.write(f"watch: {redact.text(text)}\n")
            sys.stderr.flush()

    tally = loop.Tally()
    # listening before the first scan: a port in use fails at once
    server = metrics.serve(acts.metrics_port, tally) if acts.metrics_port is not None else None
    try:
        _run(conf, events, bounds, acts, say, tally, server)
    finally:
        if server is not None:
            server.close()


def _run(
    conf: settings.Settings,
    events: str,
    bounds: Bounds,
    acts: Acts,
    say: Callable[[str], None],
    tally: Tally,
    server: Server | None,
) -> None:
    """The first scan, the chores the flags ask for, and the loop until it stops."""
    from driftctl.revert import flow as revert_flow
    from driftctl.revert import guards
    from driftctl.rules import policy as rules
    from driftctl.watch import loop
    from driftctl.watch.act import Revert, Tap
    from driftctl.watch.batch import PullRequests, Reports
    from driftctl.watch.refresh import FullScan, Rerender
    from driftctl.watch.start import start

    policy = rules.policy_for(conf)
    queue, watched = start(conf, policy, events, loop.clock)
    if server is not None:
        server.watched = watched
    tap = Tap(loop.jsonl(sys.stdout.write, sys.stdout.flush) if acts.lines else _nowhere)
    # what refreshes the watch's state comes first: its lines are acted on in the same tick
    chores: list[loop.Chore] = []
    if acts.full_every is not None:
        chores.append(FullScan(conf, policy, acts.full_every, loop.clock() + acts.full_every))
    rerender = Rerender.of(conf, policy, loop.clock(), acts.pull)
    if rerender is not None:
        chores.append(rerender)
    elif acts.pull is not None:
        say("--pull: no --from source is in a git work tree; nothing to pull")
    actions = {r.action for r in policy.rules}
    if acts.approve:
        origins = revert_flow.origins_of(conf, acts.revert, say, watched.declared)
        guards.check_clean(origins, acts.revert.allow_dirty)  # as revert --approve: exit 2
        chores.append(Revert(tap, conf, policy, acts.revert, acts.journals, origins))
    elif "revert" in actions:
        say("rules that say `revert` only report: pass --approve to revert their drifts")
    prs = PullRequests(tap, conf, acts.pr, acts.pr_every) if acts.pr is not None else None
    if prs is not None:
        chores.append(prs)
    elif "pr" in actions:
        say("rules that say `pr` only report: pass --repo and --github-token to open pull requests")
    if conf.outputs:
        chores.append(Reports(conf))
        chores[-1].run(watched, tap, say)  # the report files of the first scan
    say(
        f"watching {events}: {len(watched.known)} drifts already present "
        "(driftctl scan lists them); one line per drift found or resolved"
    )
    try:
        loop.run(queue, watched, tap, say, bounds, tally, chores)
        if prs is not None:  # a bounded run that ended: what it collected is not lost
            prs.flush(watched, tap, say)
    finally:
        acted = [c for c in chores if isinstance(c, Revert)]
        reverts = f", {acted[0].done} reverted, {acted[0].failed} not" if acted else ""
        pulls = f", {prs.runs} pull request runs" if prs is not None else ""
        say(
            f"{tally.messages} messages, {tally.events} events, {tally.lines} lines, "
            f"{tally.calls} read calls, {tally.dropped} dropped{reverts}{pulls}"
        )


def _nowhere(line: dict[str, object]) -> None:
    """The lines, when -o names report files only."""
