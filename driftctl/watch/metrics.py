"""`driftctl watch --metrics-port N`: the loop's counts in Prometheus' text format.

`GET /metrics` on 127.0.0.1:N (never another interface: the figures name no secret,
but nothing outside the host needs them unasked) answers the loop's `Tally`, read as it
is at that moment, and the drifts the watch knows. The server is the standard library's,
in a daemon thread: a scrape never holds up the loop, and the loop never waits for a
scrape (the counts are plain integers the loop's thread writes and this thread reads).

```
driftctl_watch_messages_total            messages handled (processed, ignored or dropped)
driftctl_watch_events_total              CloudTrail events processed (no duplicate)
driftctl_watch_lines_total{status=...}   lines printed: drift, resolved, unknown
driftctl_watch_read_calls_total          AWS read calls made for the events
driftctl_watch_failures_total            tries of a message that failed
driftctl_watch_dropped_total             messages given up on (dropped, or left for the DLQ)
driftctl_watch_line_latency_seconds      histogram: from the event's time to its line
driftctl_watch_drifts_known              drifts present now (the first scan's included),
driftctl_watch_resources_unknown         resources whose last read failed: both once the
                                         first scan is done (absent before)
driftctl_watch_last_receive_timestamp_seconds  when the source last answered (Unix time)
```
"""

from __future__ import annotations

import dataclasses
import errno
import http.server
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from driftctl.errors import DriftctlError

if TYPE_CHECKING:
    from driftctl.watch.loop import Tally
    from driftctl.watch.state import Watched

HOST = "127.0.0.1"
STATUSES = ("drift", "resolved", "unknown")
# seconds: CloudTrail and EventBridge deliver within seconds to minutes, the read is
# milliseconds to seconds (docs/watch.md, "Speed")
BUCKETS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 900.0)
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


@dataclasses.dataclass
class Latency:
    """A histogram of seconds: counts per upper bound (cumulative when rendered)."""

    bounds: Sequence[float] = BUCKETS
    counts: list[int] = dataclasses.field(default_factory=lambda: [0] * (len(BUCKETS) + 1))
    sum: float = 0.0
    count: int = 0

    def observe(self, seconds: float) -> None:
        slot = next((i for i, b in enumerate(self.bounds) if seconds <= b), len(self.bounds))
        self.counts[slot] += 1
        self.sum += seconds
        self.count += 1


def render(tally: Tally, watched: Watched | None) -> str:
    """The exposition text: a HELP and TYPE line and the samples of each metric."""
    out: list[str] = []

    def metric(name: str, kind: str, about: str, samples: Sequence[tuple[str, float]]) -> None:
        out.append(f"# HELP driftctl_watch_{name} {about}")
        out.append(f"# TYPE driftctl_watch_{name} {kind}")
        out.extend(f"driftctl_watch_{name}{labels} {_number(v)}" for labels, v in samples)

    def counter(name: str, about: str, value: float) -> None:
        metric(f"{name}_total", "counter", about, [("", value)])

    counter("messages", "Messages handled: processed, ignored or dropped.", tally.messages)
    counter("events", "CloudTrail events processed, duplicates excluded.", tally.events)
    statuses = dict(tally.by_status)
    lines = [(f'{{status="{s}"}}', statuses.get(s, 0)) for s in sorted({*STATUSES, *statuses})]
    metric("lines_total", "counter", "Lines printed, by status.", lines)
    counter("read_calls", "AWS read calls made for the events.", tally.calls)
    counter("failures", "Tries of a message that failed.", tally.failed)
    counter("dropped", "Messages given up on after their tries.", tally.dropped)
    latency = tally.latency
    counts, total = list(latency.counts), 0
    buckets = []
    for bound, n in zip((*latency.bounds, None), counts, strict=True):
        total += n
        le = "+Inf" if bound is None else _number(bound)
        buckets.append((f'_bucket{{le="{le}"}}', float(total)))
    metric(
        "line_latency_seconds",
        "histogram",
        "Seconds from the CloudTrail event's time to its line.",
        [*buckets, ("_sum", latency.sum), ("_count", float(total))],
    )
    if watched is not None:  # started: its first scan is done
        about = "Drifts present now, those of the first scan included."
        metric("drifts_known", "gauge", about, [("", len(watched.known))])
        about = "Resources whose last read failed."
        metric("resources_unknown", "gauge", about, [("", len(watched.unknown))])
    if tally.last_receive is not None:
        metric(
            "last_receive_timestamp_seconds",
            "gauge",
            "When the event source last answered a receive (Unix time).",
            [("", tally.last_receive)],
        )
    return "\n".join(out) + "\n"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


class Server:
    """The /metrics endpoint on 127.0.0.1:port, served from a daemon thread."""

    def __init__(self, port: int, tally: Tally) -> None:
        self.tally = tally
        self.watched: Watched | None = None  # set once the watch has started
        try:
            self.httpd = http.server.ThreadingHTTPServer((HOST, port), _handler(self))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise DriftctlError(
                    f"--metrics-port {port}: {HOST}:{port} is already in use",
                    "choose another port, or stop what listens on it",
                ) from None
            raise DriftctlError(f"--metrics-port {port}: cannot listen: {exc.strerror}") from None
        self.httpd.daemon_threads = True
        self.port: int = self.httpd.server_address[1]
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, name="driftctl-metrics", daemon=True
        )

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def text(self) -> str:
        return render(self.tally, self.watched)


def serve(port: int, tally: Tally) -> Server:
    """The endpoint, listening and answering (port 0: a free one, `.port` says which)."""
    server = Server(port, tally)
    server.thread.start()
    return server


def _handler(server: Server) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path.split("?", 1)[0] != "/metrics":
                self.send_error(404, "only /metrics is served here")
                return
            body = server.text().encode()
            self.send_response(200)
            self.send_header("Content-Type", CONTENT_TYPE)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # stderr is the watch's log: no line per scrape

    return Handler
