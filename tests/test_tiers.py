"""The test tiers: each test is marked by what it uses (tests/tiers.py), CI runs the
README's full-run command, and the README shows the fast command first."""

from __future__ import annotations

import re
import subprocess as sp
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from driftctl.demo import emulator
from tests import tiers
from tests.kit import cli

ROOT = Path(__file__).parent.parent


def _runs_a_process() -> None:
    sp.run(["true"], check=True)


def _calls_a_helper_that_runs_one() -> None:
    _runs_a_process()


def _starts_a_server() -> None:
    with emulator.moto_server():
        pass


def _runs_the_cli() -> None:
    cli.driftctl("--version")


def _pure() -> int:
    return len(str(ROOT))


class _Helper:
    def spawn(self) -> None:
        _runs_a_process()


def _uses_a_class() -> None:
    _Helper().spawn()


# what the tests below classify, held in data: a test that names a function uses it
SPAWNING = (
    _runs_a_process,
    _calls_a_helper_that_runs_one,
    _starts_a_server,
    _runs_the_cli,
    _uses_a_class,
)
PURE = (_pure,)


def _item(path: Path, function: Any, fixtures: tuple[str, ...] = ()) -> Any:
    info = SimpleNamespace(name2fixturedefs={})
    return SimpleNamespace(path=path, obj=function, fixturenames=fixtures, _fixtureinfo=info)


def test_a_test_is_e2e_by_what_it_or_its_helpers_use() -> None:
    here = Path(__file__)
    for function in SPAWNING:
        assert tiers.tier(_item(here, function)) == "e2e", function.__name__
    assert tiers.tier(_item(here, PURE[0])) is None
    assert tiers.tier(_item(here, PURE[0], ("tmp_path", "pytester"))) == "e2e"


def test_the_tests_under_tests_tf_are_the_terraform_tier() -> None:
    assert tiers.tier(_item(ROOT / "tests/tf/test_msg.py", PURE[0])) == "terraform"
    assert tiers.tier(_item(ROOT / "tests/tfx/test_x.py", PURE[0])) is None


def _commands(text: str) -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def test_ci_runs_the_readmes_full_run_and_the_readme_shows_the_fast_run_first() -> None:
    readme = _commands((ROOT / "README.md").read_text())
    tests = [c for c in readme if "python -m pytest" in c]
    assert len(tests) == 2
    fast, full = tests
    assert fast.endswith("&& python -m pytest")  # the fresh-machine command: the fast tier
    assert full == 'python -m pytest -m "" -n auto'
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert [line for line in ci if "pytest" in line and not line.startswith("#")] == [full]
    testing = (ROOT / "docs" / "testing.md").read_text()
    assert full.removeprefix("python -m pytest") in testing


def test_pytest_xdist_is_in_the_test_extras() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'"pytest-xdist[>=]', pyproject)
    assert "not terraform and not e2e" in pyproject
