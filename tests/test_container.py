"""The container recipe (Dockerfile) and the examples that run it (docs/examples/).

This machine, like CI's, has no Docker engine, so the image is never built here. What can
be checked honestly is checked: the Dockerfile's COPY and RUN steps are replayed as the
build would run them (its files copied to /src of a scratch root, its `pip install` run by
a fresh virtualenv's pip, nothing else installed), then its ENTRYPOINT runs `watch --help`
from that virtualenv; and the Kubernetes and ECS examples name the
image, the command and a stop grace period longer than the 20 s long poll.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from tests.paths import ROOT

DOCKERFILE = ROOT / "Dockerfile"
EXAMPLES = ROOT / "docs" / "examples"


def _steps() -> list[tuple[str, str]]:
    """(instruction, its argument text) of each Dockerfile line, comments dropped."""
    steps = []
    for line in DOCKERFILE.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            steps.append((word.upper(), rest.strip()))
    return steps


def _exec_form(text: str) -> list[str]:
    value = json.loads(text)
    assert isinstance(value, list) and all(isinstance(v, str) for v in value), text
    return value


def test_the_image_runs_driftctl_as_a_user_and_stops_on_sigterm() -> None:
    steps = dict(_steps())
    assert steps["FROM"].startswith("python:3.11")
    assert _exec_form(steps["ENTRYPOINT"]) == ["driftctl"]
    assert _exec_form(steps["CMD"])[0] == "watch"
    assert steps["USER"] not in ("root", "0") and steps["STOPSIGNAL"] == "SIGTERM"


def test_the_examples_run_the_image_s_watch_with_a_grace_period_beyond_a_long_poll() -> None:
    deployment: dict[str, Any] = yaml.safe_load((EXAMPLES / "watch-deployment.yaml").read_text())
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert deployment["spec"]["replicas"] == 1  # two would print each line twice
    assert pod["terminationGracePeriodSeconds"] > 20 and container["args"][0] == "watch"
    task = json.loads((EXAMPLES / "watch-ecs-task.json").read_text())
    (definition,) = task["containerDefinitions"]
    assert definition["stopTimeout"] > 20 and definition["command"][0] == "watch"
    assert container["image"] == definition["image"] == "driftctl:latest"
    for args in (container["args"], definition["command"]):
        assert "--events" in args and "--from" in args


def test_the_dockerfile_s_install_gives_a_working_driftctl_watch(tmp_path: Path) -> None:
    """The COPY and RUN steps replayed in a scratch root (/src -> tmp/src): the project
    installed by a fresh virtualenv's pip from those files alone, and its entrypoint runs
    `watch --help`."""
    root, venv = tmp_path / "root", tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)
    ran = []
    for word, rest in _steps():
        if word == "COPY":
            *sources, target = rest.split()
            dest = root / target.lstrip("/")
            for source in sources:
                into = dest / source if target.endswith("/") else dest
                into.parent.mkdir(parents=True, exist_ok=True)
                copy = shutil.copytree if (ROOT / source).is_dir() else shutil.copy2
                copy(ROOT / source, into)
        elif word == "RUN" and rest.startswith("pip install"):
            argv = [
                str(root / a.lstrip("/")) if a.startswith("/") else a
                for a in shlex.split(rest.split("&&")[0])
            ]
            argv[0] = str(venv / "bin" / "pip")
            subprocess.run(argv, check=True, env=env, timeout=600, capture_output=True)
            ran.append("pip")
    assert ran == ["pip"]
    entry = _exec_form(dict(_steps())["ENTRYPOINT"])
    proc = subprocess.run(
        [str(venv / "bin" / entry[0]), "watch", "--help"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "--events" in proc.stdout and "--full-every" in proc.stdout
