"""What a watch starts from: its event source checked (the queue read, or CloudTrail
polled once), the declared state rendered once and one complete scan of the types it
watches (its drifts are known, not printed)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from driftctl.attribution.run import GLOBAL_REGION
from driftctl.aws import connection
from driftctl.aws.canonical import Declared
from driftctl.aws.connection import Connection
from driftctl.core.model import Report
from driftctl.engine import needs, pipeline
from driftctl.engine.bind import bind_live
from driftctl.engine.scopes import LiveRun
from driftctl.engine.selection import only_kinds
from driftctl.errors import DriftctlError
from driftctl.rules.policy import Policy, apply
from driftctl.settings import Settings
from driftctl.watch.loop import Source
from driftctl.watch.sqs import Queue, queue_region
from driftctl.watch.state import Watched
from driftctl.watch.trail import TrailPoller

CLOUDTRAIL = "cloudtrail"


def start(
    conf: Settings, policy: Policy, events: str, clock: Callable[[], float]
) -> tuple[Source, Watched]:
    """events: the queue's URL, or "cloudtrail" (LookupEvents polled)."""
    conn = connect(conf)
    queue: Source
    if events == CLOUDTRAIL:
        regions = (*(conf.regions or (conn.region,)), GLOBAL_REGION)
        queue = TrailPoller(lambda region: conn.factory("cloudtrail", region), regions)
    else:
        queue = Queue(conn.factory("sqs", queue_region(events) or conn.region), events)
    queue.check()  # before the scan: a queue that cannot be read fails in seconds
    return queue, first_scan(conf, conn, policy, clock)


def connect(conf: Settings) -> Connection:
    """The one account's session a watch reads with."""
    if conf.scale.accounts or conf.scale.organization:
        raise DriftctlError("watch reads one account: --accounts/--organization are not built")
    conn = pipeline.connect(conf, connection.start(conf))
    assert conn is not None
    return conn


def first_scan(
    conf: Settings, conn: Connection, policy: Policy, clock: Callable[[], float]
) -> Watched:
    """The declared state rendered and one complete scan of what it watches: where a
    watch starts (the command's, and the Lambda function's, whose events come to it)."""
    rendered = render(conf, conn)
    declared, run, report = full_scan(conf, conn, policy, rendered)
    if report.errors:
        first = report.errors[0]
        raise DriftctlError(
            f"the first scan is incomplete ({first.scope}: {first.message}); "
            "watch needs a complete one to compare events with",
            "make the declared state load whole and give the credentials read access to "
            "what it declares, then run it again",
        )
    account = conn.caller.get("account_id", "")
    watched = Watched(declared, run, report, policy, conf.selection, account, conn.factory, clock)
    watched.conn, watched.rendered = conn, rendered
    return watched


def render(conf: Settings, conn: Connection) -> Declared:
    """The declared state, evaluated with the account's identity: at the start, and again
    when its source moved (refresh.Rerender)."""
    return pipeline.load_declared(conf, pipeline.declared_context(conf, conn))


def full_scan(
    conf: Settings, conn: Connection, policy: Policy, rendered: Declared
) -> tuple[Declared, LiveRun, Report]:
    """A complete scan of the types the watch reads: the declared state as rendered,
    bound to what it found (the values that wait on live resources), and its report
    with the rules applied. The start's scan, and `--full-every`'s."""
    run = pipeline.load_live(conf, conn, None, needs.needed(conf, rendered, policy.ignore))
    declared, report = compared(conf, policy, rendered, run)
    return declared, run, report


def compared(
    conf: Settings, policy: Policy, rendered: Declared, run: LiveRun
) -> tuple[Declared, Report]:
    """The declared state bound to a live state, and their report with the rules applied."""
    declared = dataclasses.replace(bind_live(rendered, run), rebind=None)
    report = pipeline.scan_report(declared, run, conf.selection)
    return declared, only_kinds(apply(policy, report), conf.selection.kinds)
