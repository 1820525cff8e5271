"""Every bad input of the corpus (cases.py), through the real CLI: exit 2, exactly one
`error:` line naming the file:line / flag / JSON path (and at most a hint), never
`internal error` or a traceback, and no report written.

Most cases run `driftctl.cli.main` in this process; those that need a file the process
cannot read run the CLI in a subprocess without the capabilities that let root read
anything (setpriv), or as is when not root. `python -m tests.badinput.count` runs the
whole corpus case by case, bounded, and prints how many were handled.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from driftctl.cli import main
from tests.badinput import harness
from tests.badinput.cases import CASES, Case


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory of the case's own, and an environment that reaches no real AWS."""
    for name in list(__import__("os").environ):
        if name.startswith("AWS_"):
            monkeypatch.delenv(name)
    for key, value in harness.environment(tmp_path).items():
        monkeypatch.setenv(key, value)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work


def _unprivileged(case: Case, root: Path) -> tuple[int, str, str]:
    assert case.unreadable is not None
    prefix = harness.unprivileged_prefix()
    if prefix is None:
        pytest.skip("running as root without setpriv: root reads any file")
    target = root / case.unreadable
    target.chmod(0)
    try:
        proc = subprocess.run(
            [*prefix, sys.executable, "-m", "driftctl", *case.argv],
            capture_output=True,
            text=True,
            cwd=root,
            timeout=300,
            check=False,
        )
    finally:
        target.chmod(0o755)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_bad_input_is_one_clear_error_and_exit_2(
    case: Case, root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    harness.write(root, case)
    for key, value in case.env.items():
        monkeypatch.setenv(key, value)
    if case.unreadable is not None:
        code, out, err = _unprivileged(case, root)
    else:
        with harness.aws_for(case):
            code = main(list(case.argv))
        captured = capsys.readouterr()
        out, err = captured.out, captured.err
    problem = harness.judge(case, code, out, err, root)
    assert problem is None, f"{problem}\n{err}"


def test_the_corpus_ids_are_unique() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))
