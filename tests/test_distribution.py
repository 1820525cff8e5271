"""The distribution: named driftctl-aws (`driftctl` on PyPI is an unrelated project), the
command and import package `driftctl`, moto only in the demo (and test) extra, and the
README's first command a single line that installs that extra."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
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


def test_license_is_an_spdx_expression_with_its_file() -> None:
    """PEP 639: the license as an SPDX string and the LICENSE file shipped (a TOML table is
    deprecated), which setuptools reads from version 77 on; no License classifier beside."""
    project = PYPROJECT["project"]
    assert project["license"] == "Apache-2.0"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text
    assert PYPROJECT["build-system"]["requires"] == ["setuptools>=77"]
    classifiers = project["classifiers"]
    assert classifiers and not [c for c in classifiers if c.startswith("License ::")]
    assert "Typing :: Typed" in classifiers  # driftctl/py.typed is shipped


def _setuptools_77() -> bool:
    try:
        version = importlib.metadata.version("setuptools")
    except importlib.metadata.PackageNotFoundError:
        return False
    return int(version.split(".")[0]) >= 77


@pytest.mark.skipif(
    importlib.util.find_spec("build") is None or not _setuptools_77(),
    reason="needs `build` and setuptools>=77 (pip install build 'setuptools>=77')",
)
def test_the_sdist_ships_the_package_docs_and_license_and_no_tests(tmp_path: Path) -> None:
    """All tests or none: none (they run from a checkout). README's links point into docs/,
    which the sdist ships, so each of them resolves in it."""
    tree = tmp_path / "tree"
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    for name in files:
        if (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir", str(tmp_path)],
        cwd=tree, capture_output=True, check=True, timeout=300,
    )  # fmt: skip
    (sdist,) = tmp_path.glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert "LICENSE" in names and "README.md" in names and "driftctl/cli.py" in names
    assert not [n for n in names if n.startswith("tests/")]
    assert {n for n in files if n.startswith("docs/")} <= names
    readme = (ROOT / "README.md").read_text()
    for link in re.findall(r"\]\((?!https?:|#)([^)#\s]+)", readme):
        assert link.rstrip("/") in names, link
