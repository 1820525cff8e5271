"""The single top-level handler: an unexpected exception is one red line and exit 2 (never
a traceback without --debug, never exit 1, which means drift); Ctrl-C is exit 130."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl.cli import main
from driftctl.errors import ExitStatus
from driftctl.rules import driftignore

REPORT = '{"schema_version": 1, "summary": {}, "drifts": [], "errors": []}'


def _boom(*args: object, **kwargs: object) -> str:
    raise ValueError("boom\nsecond line")


def _interrupt(*args: object, **kwargs: object) -> str:
    raise KeyboardInterrupt


@pytest.fixture
def report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "report.json"
    path.write_text(REPORT)
    return path


def test_an_unexpected_exception_is_one_line_and_exit_2(
    report: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(driftignore, "generate", _boom)
    assert main(["gen-driftignore", "-i", str(report), "-o", "-"]) == ExitStatus.ERROR == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "internal error: ValueError: boom second line (run with --debug for the traceback)"
    ]


def test_debug_shows_the_traceback_and_still_exits_2(
    report: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(driftignore, "generate", _boom)
    assert main(["--debug", "gen-driftignore", "-i", str(report), "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert "ValueError: boom" in err
    assert err.splitlines()[-1] == "internal error: ValueError: boom second line"


def test_debug_shows_the_traceback_of_a_driftctl_error_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.json"
    assert main(["--debug", "gen-driftignore", "-i", str(missing), "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert "Traceback (most recent call last):" in err
    assert err.splitlines()[-1].startswith(f"error: cannot read {missing}")


def test_ctrl_c_is_exit_130_with_a_clear_line(
    report: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(driftignore, "generate", _interrupt)
    assert main(["gen-driftignore", "-i", str(report), "-o", "-"]) == 130
    assert capsys.readouterr().err.splitlines() == [
        "interrupted: stopped before finishing (Ctrl-C)"
    ]
