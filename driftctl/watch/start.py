"""What a watch starts from: the queue checked, the declared state rendered once and one
complete scan of the types it watches (its drifts are known, not printed)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from driftctl.aws import connection
from driftctl.engine import needs, pipeline
from driftctl.engine.bind import bind_live
from driftctl.engine.selection import only_kinds
from driftctl.errors import DriftctlError
from driftctl.rules.policy import Policy, apply
from driftctl.settings import Settings
from driftctl.watch.sqs import Queue, queue_region
from driftctl.watch.state import Watched


def start(
    conf: Settings, policy: Policy, queue_url: str, clock: Callable[[], float]
) -> tuple[Queue, Watched]:
    if conf.scale.accounts or conf.scale.organization:
        raise DriftctlError("watch reads one account: --accounts/--organization are not built")
    conn = pipeline.connect(conf, connection.start(conf))
    assert conn is not None
    client = conn.factory("sqs", queue_region(queue_url) or conn.region)
    queue = Queue(client, queue_url)
    queue.check()  # before the scan: a queue that cannot be read fails in seconds
    declared = pipeline.load_declared(conf, pipeline.declared_context(conf, conn))
    run = pipeline.load_live(conf, conn, None, needs.needed(conf, declared, policy.ignore))
    declared = dataclasses.replace(bind_live(declared, run), rebind=None)
    report = pipeline.scan_report(declared, run, conf.selection)
    report = only_kinds(apply(policy, report), conf.selection.kinds)
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
    return queue, watched
