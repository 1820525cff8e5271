"""The distribution: named driftctl-aws (`driftctl` on PyPI is an unrelated project), the
command and import package `driftctl`, moto only in the demo (and test) extra, and the
README's first command a single line that installs that extra."""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess
import sys

import tomllib

from tests.paths import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_installed_distribution_is_driftctl_aws_with_the_driftctl_command() -> None:
    dist = importlib.metadata.distribution("driftctl-aws")
    assert dist.metadata["Name"] == "driftctl-aws"
    scripts = {e.name: e.value for e in dist.entry_points if e.group == "console_scripts"}
    assert scripts == {"driftctl": "driftctl.cli:main"}
    assert PYPROJECT["project"]["name"] == "driftctl-aws"


def test_moto_is_only_in_the_demo_and_test_extras_and_deepdiff_is_gone() -> None:
    core = PYPROJECT["project"]["dependencies"]
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert not [d for d in core if d.startswith(("moto", "deepdiff", "flask", "werkzeug"))]
    assert [d for d in extras["demo"] if d.startswith("moto")] == ["moto[server]>=5.0"]
    assert any(d.startswith("moto[server]") for d in extras["test"])
    requires = importlib.metadata.requires("driftctl-aws") or []
    plain = [r for r in requires if "extra ==" not in r]
    assert not [r for r in plain if r.startswith(("moto", "deepdiff"))]


def test_readme_demo_is_one_command_that_installs_the_demo_extra() -> None:
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.S)
    demo = blocks[0].strip()
    assert "\n" not in demo and demo.endswith("driftctl demo")
    assert "pip install -e '.[demo]'" in demo


def test_demo_without_moto_says_which_extra_to_install(tmp_path: object) -> None:
    """A production install (no demo extra): driftctl demo is one clear line, exit 2."""
    blocker = os.path.join(str(tmp_path), "moto")
    os.makedirs(blocker)
    with open(os.path.join(blocker, "__init__.py"), "w") as f:
        f.write("raise ImportError('moto is not installed')\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "driftctl", "demo"], env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert run.returncode == 2
    assert "driftctl-aws[demo]" in run.stderr and "Traceback" not in run.stderr
