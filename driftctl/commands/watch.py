"""driftctl watch: drift reported seconds after the CloudTrail event that made it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from driftctl import settings
from driftctl.commands import options, surface
from driftctl.errors import DriftctlError

if TYPE_CHECKING:
    from driftctl.watch.loop import Bounds

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
            metavar="jsonl://stdout",
            help="One JSON line per drift found or resolved",
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

      driftctl watch --from infra/ --region eu-west-1 --events cloudtrail
    """
    from driftctl.watch.sqs import parse_queue

    if not events:
        raise DriftctlError("watch needs --events", "e.g. --events sqs://QUEUE_URL (docs/watch.md)")
    if events != "cloudtrail" and not events.startswith("sqs://"):
        hint = "use sqs://QUEUE_URL or cloudtrail"
        raise DriftctlError(f"--events {events}: unknown event source", hint)
    for item in output or ():
        if item not in JSONL_STDOUT:
            raise DriftctlError(f"-o {item}: watch writes jsonl://stdout only", "-o jsonl://stdout")
    for flag, value in (("--max-events", max_events), ("--max-tries", max_tries)):
        if value is not None and value < 1:
            raise DriftctlError(f"{flag} {value}: must be at least 1")
    if metrics_port is not None and not 1 <= metrics_port <= 65535:
        raise DriftctlError(f"--metrics-port {metrics_port}: expected a port from 1 to 65535")
    source = events if events == "cloudtrail" else parse_queue(events)
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
        )
    )
    from driftctl.watch.loop import Bounds

    _watch(conf, source, Bounds(max_events, once, max_tries), quiet, metrics_port)


def _watch(
    conf: settings.Settings, events: str, bounds: Bounds, quiet: bool, metrics_port: int | None
) -> None:
    from driftctl.rules import policy as rules
    from driftctl.util import redact
    from driftctl.watch import loop, metrics
    from driftctl.watch.start import start

    def say(text: str) -> None:
        if not quiet:
            sys.stderr.write(f"watch: {redact.text(text)}\n")
            sys.stderr.flush()

    tally = loop.Tally()
    # listening before the first scan: a port in use fails at once
    server = metrics.serve(metrics_port, tally) if metrics_port is not None else None
    policy = rules.policy_for(conf)
    try:
        queue, watched = start(conf, policy, events, loop.clock)
    except BaseException:
        if server is not None:
            server.close()
        raise
    if server is not None:
        server.watched = watched
    say(
        f"watching {events}: {len(watched.known)} drifts already present "
        "(driftctl scan lists them); one line per drift found or resolved"
    )
    try:
        emit = loop.jsonl(sys.stdout.write, sys.stdout.flush)
        loop.run(queue, watched, emit, say, bounds, tally)
    finally:
        say(
            f"{tally.messages} messages, {tally.events} events, {tally.lines} lines, "
            f"{tally.calls} read calls, {tally.dropped} dropped"
        )
        if server is not None:
            server.close()
