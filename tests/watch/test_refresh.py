"""What keeps a watch current besides its events (driftctl/watch/refresh.py): the
periodic full scan (`--full-every`) and the declared state rendered again when its git
HEAD moves, on the watch of tests/watch/test_watch.py (one bucket declared env=prod)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import git
import pytest

from driftctl.core.model import ScanError
from driftctl.watch import refresh
from tests.watch.test_watch import Setup, record


@pytest.fixture
def setup(aws: None, tmp_path: Path) -> Setup:
    return Setup(tmp_path)


def _full(setup: Setup) -> tuple[refresh.FullScan, list[dict[str, Any]]]:
    return refresh.FullScan(setup.conf, setup.policy, every=3600, next=0), []


def test_the_full_scan_finds_a_change_no_event_announced(setup: Setup) -> None:
    scan, lines = _full(setup)
    setup.tag("dev")  # by hand, and its event never reaches the queue
    scan.run(setup.watched, lines.append, setup.said.append)
    assert [(ln["status"], ln["type"], ln["via"], ln["event_id"]) for ln in lines] == [
        ("drift", "aws_s3_bucket", "full-scan", None)
    ]
    assert "full scan: 1 drifts no event announced, 0 resolved" in setup.said
    # the event arriving late finds the drift already known: no second line
    setup.put(record("PutBucketTagging", "watched"))
    assert setup.run(1) == []
    setup.tag("prod")
    lines.clear()
    scan.run(setup.watched, lines.append, setup.said.append)
    assert [(ln["status"], ln["via"]) for ln in lines] == [("resolved", "full-scan")]


def test_an_incomplete_full_scan_resolves_nothing(
    setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    scan, lines = _full(setup)
    setup.tag("dev")
    scan.run(setup.watched, lines.append, setup.said.append)
    assert len(setup.watched.known) == 1
    real = refresh.full_scan

    def failing(*args: Any) -> Any:
        declared, run, report = real(*args)
        empty = dataclasses.replace(run, states={})  # nothing read, as when S3 refuses
        failed = ScanError("us-east-1", "AccessDenied: s3:ListAllMyBuckets")
        return declared, empty, dataclasses.replace(report, drifts=[], errors=[failed])

    monkeypatch.setattr(refresh, "full_scan", failing)
    lines.clear()
    scan.run(setup.watched, lines.append, setup.said.append)
    assert lines == [] and len(setup.watched.known) == 1
    assert any("full scan incomplete" in s and "AccessDenied" in s for s in setup.said)
    assert scan.next == setup.watched.clock() + 3600  # tried again an interval later


def test_a_commit_that_declares_the_live_value_resolves_the_drift(
    setup: Setup, tmp_path: Path
) -> None:
    repo = git.Repo.init(tmp_path)
    repo.index.add(["main.tf"])
    repo.index.commit("prod")
    setup.tag("dev")
    setup.put(record("PutBucketTagging", "watched"))
    assert [ln["status"] for ln in setup.run(1)] == ["drift"]
    chore = refresh.Rerender.of(setup.conf, setup.policy, 0, None)
    assert chore is not None
    lines: list[dict[str, Any]] = []
    chore.run(setup.watched, lines.append, setup.said.append)
    assert lines == []  # HEAD has not moved: nothing rendered
    main_tf = tmp_path / "main.tf"
    main_tf.write_text(main_tf.read_text().replace('"prod"', '"dev"'))
    repo.index.add(["main.tf"])
    repo.index.commit("dev, as the console left it")
    chore.run(setup.watched, lines.append, setup.said.append)
    assert [(ln["status"], ln["via"]) for ln in lines] == [("resolved", "declared")]
    assert chore.renders == 1 and setup.watched.known == {}


def test_a_commit_that_does_not_render_keeps_the_declared_state(
    setup: Setup, tmp_path: Path
) -> None:
    repo = git.Repo.init(tmp_path)
    repo.index.add(["main.tf"])
    repo.index.commit("prod")
    chore = refresh.Rerender.of(setup.conf, setup.policy, 0, None)
    assert chore is not None
    (tmp_path / "main.tf").write_text('resource "aws_s3_bucket" "b" {\n  bucket = \n}\n')
    repo.index.add(["main.tf"])
    repo.index.commit("broken")
    lines: list[dict[str, Any]] = []
    chore.run(setup.watched, lines.append, setup.said.append)
    assert lines == [] and chore.renders == 0
    assert any("does not render" in s and "main.tf" in s for s in setup.said)
    setup.tag("dev")  # the watch still compares with what rendered last
    setup.put(record("PutBucketTagging", "watched"))
    assert [ln["status"] for ln in setup.run(1)] == ["drift"]


def test_a_source_outside_git_has_nothing_to_follow(setup: Setup) -> None:
    assert refresh.Rerender.of(setup.conf, setup.policy, 0, None) is None
