"""The scan's progress display, drawn from plain counts: it fits the terminal, shows real
retries, and shows what the scan does from its first moment."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from driftctl.engine import pipeline
from driftctl.report import progress
from driftctl.report.progress import RichProgress, ServiceCount, frame
from driftctl.settings import Settings

ROW = re.compile(r"^\s*(\w+) ━+ (\d+)/(\d+) calls  (\d+) retries$")
SERVICES = [f"svc{i:02d}" for i in range(26)]  # as many services as a scan reads


def plain(lines: list[Any]) -> list[str]:
    return [line.plain for line in lines]


def test_every_service_on_a_tall_terminal() -> None:
    counts = {"s3": ServiceCount(16, 16, 0), "ec2": ServiceCount(40, 10, 3)}
    lines = plain(frame("scanning AWS", counts, 40))
    assert lines[0] == "driftctl: scanning AWS · 2 services, 26/56 calls, 3 retries"
    rows = [ROW.match(line) for line in lines[1:]]
    assert [(m[1], m[2], m[3], m[4]) for m in rows if m] == [
        ("ec2", "10", "40", "3"),
        ("s3", "16", "16", "0"),
    ]
    assert len(lines) == 3


def test_26_services_fit_a_24_row_terminal() -> None:
    counts = {n: ServiceCount(10, 10, 0) for n in SERVICES}
    counts["svc25"] = ServiceCount(10, 4, 2)  # still running: shown though last by name
    lines = plain(frame("scanning AWS", counts, 24))
    assert len(lines) == 23  # the 24th row holds the cursor
    shown = [m[1] for line in lines if (m := ROW.match(line))]
    assert len(shown) == 21 and "svc25" in shown
    summary = lines[-1]
    assert summary.strip().startswith("… 5 more services: 50/50 calls, 0 retries")
    assert lines[0].endswith("26 services, 254/260 calls, 2 retries")


@pytest.mark.parametrize("height", [1, 2, 3, 5])
def test_a_tiny_terminal_still_gets_the_status_line(height: int) -> None:
    counts = {n: ServiceCount(2, 1, 0) for n in SERVICES}
    lines = plain(frame("scanning AWS", counts, height))
    assert 1 <= len(lines) <= max(height - 1, 1)
    assert lines[0].startswith("driftctl: scanning AWS")


def test_the_display_is_drawn_at_once_with_its_phase() -> None:
    """Before any AWS call is planned the status line is on the screen (the display used
    to be blank until the first service was planned, seconds into the scan)."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100, height=24)
    display = RichProgress(console)
    display.status("connecting to AWS")
    with display:
        assert "driftctl: connecting to AWS" in out.getvalue()
        display.planned("s3", 2)
        display.finished("s3")
        assert "s3" in plain(display.lines(24))[1]


def test_a_scan_shows_each_phase_before_it_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The display exists from the start of a live scan: connecting, then reading the
    declared state, then scanning AWS, with the same display handed to the live side."""
    shown: list[str] = []

    class Recording:
        def __enter__(self) -> Recording:
            return self

        def __exit__(self, *_: Any) -> None:
            return None

        def status(self, text: str) -> None:
            shown.append(text)

    display = Recording()
    seen: dict[str, Any] = {}
    monkeypatch.setattr(progress, "for_terminal", lambda: display)
    monkeypatch.setattr(progress, "RichProgress", Recording)
    monkeypatch.setattr(pipeline, "connect", lambda s, p: seen.update(connect=list(shown)))
    monkeypatch.setattr(pipeline.connection, "start", lambda s: None)
    monkeypatch.setattr(pipeline, "declared_context", lambda s, c: None)

    def declared(settings: Settings, context: Any = None) -> Any:
        seen["declared"] = list(shown)
        return object()

    def live(
        settings: Settings, conn: Any = None, given: Any = None, types: Any = None, *_: Any
    ) -> Any:
        seen["live"] = given
        return object()

    monkeypatch.setattr(pipeline, "load_declared", declared)
    monkeypatch.setattr(pipeline, "load_live", live)
    monkeypatch.setattr(pipeline.needs, "needed", lambda *_: None)  # every type
    pipeline.declared_and_live(Settings())
    assert seen["connect"] == ["connecting to AWS"]
    assert seen["declared"] == ["connecting to AWS", "reading the declared state"]
    assert seen["live"] is display
