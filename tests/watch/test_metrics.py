"""`driftctl watch --metrics-port` (driftctl/watch/metrics.py): the loop's counts scraped
as Prometheus would, over HTTP on 127.0.0.1, and parsed line by line."""

from __future__ import annotations

import re
import socket
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from driftctl.cli import main
from driftctl.watch import loop, metrics
from tests.watch.test_watch import LATENCY, Setup, record

SAMPLE = re.compile(r"^([a-z_]+)(\{[^}]*\})? (\S+)$")


def scrape(port: int, path: str = "/metrics") -> dict[str, float]:
    """The samples of an exposition, by name and labels; every line is checked to be a
    comment or a sample."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
        assert answer.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        text = answer.read().decode()
    samples = {}
    for line in text.splitlines():
        if line.startswith("# "):
            assert line.split()[1] in ("HELP", "TYPE"), line
            continue
        match = SAMPLE.match(line)
        assert match, line
        samples[match.group(1) + (match.group(2) or "")] = float(match.group(3))
    return samples


@pytest.fixture
def setup(aws: None, tmp_path: Path) -> Setup:
    return Setup(tmp_path)


def test_the_counts_of_a_run_are_scraped_over_http(setup: Setup) -> None:
    server = metrics.serve(0, loop.Tally())
    try:
        assert server.httpd.server_address[0] == "127.0.0.1"
        before = scrape(server.port)  # during the first scan: counts, no gauges yet
        assert before["driftctl_watch_messages_total"] == 0
        assert "driftctl_watch_drifts_known" not in before
        server.watched = setup.watched
        setup.tag("dev")
        change = record("PutBucketTagging", "watched")
        setup.put(change, change, "not an event {")
        bounds = loop.Bounds(max_events=3, max_tries=2)
        loop.run(setup.queue, setup.watched, [].append, setup.said.append, bounds, server.tally)
        got = scrape(server.port)
        with pytest.raises(urllib.error.HTTPError, match="404"):
            scrape(server.port, "/")
    finally:
        server.close()
    assert got["driftctl_watch_messages_total"] == 3
    assert got["driftctl_watch_events_total"] == 1  # the second delivery is a duplicate
    assert got['driftctl_watch_lines_total{status="drift"}'] == 1
    assert got['driftctl_watch_lines_total{status="resolved"}'] == 0
    assert got['driftctl_watch_lines_total{status="unknown"}'] == 0
    assert got["driftctl_watch_read_calls_total"] > 0
    assert got["driftctl_watch_failures_total"] == 1  # the poison's first try
    assert got["driftctl_watch_dropped_total"] == 0
    # one line, 1.5 s after its event: in the 2 s bucket and every larger one
    assert got['driftctl_watch_line_latency_seconds_bucket{le="1"}'] == 0
    assert got['driftctl_watch_line_latency_seconds_bucket{le="2"}'] == 1
    assert got['driftctl_watch_line_latency_seconds_bucket{le="+Inf"}'] == 1
    assert got["driftctl_watch_line_latency_seconds_sum"] == LATENCY
    assert got["driftctl_watch_line_latency_seconds_count"] == 1
    assert got["driftctl_watch_drifts_known"] == 1
    assert got["driftctl_watch_resources_unknown"] == 0
    assert got["driftctl_watch_last_receive_timestamp_seconds"] == setup.watched.clock()


def test_the_command_serves_its_tally_and_closes_the_port(
    setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The CLI's wiring: the port listens before the first scan, the gauges read the watch
    once it started, and the port is closed when the run ends (scraped just before)."""
    scraped: list[dict[str, float]] = []
    close = metrics.Server.close

    def scrape_then_close(self: metrics.Server) -> None:
        scraped.append(scrape(self.port))
        close(self)

    monkeypatch.setattr(metrics.Server, "close", scrape_then_close)
    setup.tag("dev")
    setup.put(record("PutBucketTagging", "watched"))
    port = _free_port()
    args = ["watch", "--from", str(tmp_path), "--events", f"sqs://{setup.url}", "--max-events", "1"]
    only = ["--filter", "Type=='aws_s3_bucket'", "--quiet"]
    assert main([*args, *only, "--metrics-port", str(port)]) == 0
    (got,) = scraped
    assert got["driftctl_watch_events_total"] == 1
    assert got["driftctl_watch_read_calls_total"] > 0
    # the drift was there at the start (the first scan's, known): no line, one drift known
    assert got['driftctl_watch_lines_total{status="drift"}'] == 0
    assert got["driftctl_watch_drifts_known"] == 1
    with pytest.raises(urllib.error.URLError):
        scrape(port)


def test_a_port_in_use_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "main.tf").write_text('resource "aws_s3_bucket" "b" {\n  bucket = "b"\n}\n')
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        queue = "sqs://http://127.0.0.1:9/123456789012/q"  # never asked: the port fails first
        args = ["--from", str(tmp_path), "--events", queue, "--metrics-port", str(port)]
        code = main(["watch", *args])
    err = capsys.readouterr().err
    assert code == 2
    assert f"127.0.0.1:{port} is already in use" in err and "Traceback" not in err


@pytest.mark.parametrize("port", ["0", "65536"])
def test_a_port_out_of_range_is_one_line(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "--events", "sqs://h/1/q", "--metrics-port", port]) == 2
    assert "expected a port from 1 to 65535" in capsys.readouterr().err


def _free_port() -> Any:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
