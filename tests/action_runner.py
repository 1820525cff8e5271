"""Run a step of action.yml on this machine the way a GitHub runner would.

The step's `${{ inputs.* }}` and `${{ github.action_path }}` expressions are expanded from
the given inputs (action.yml's defaults for the rest), its `env` is set, its `run` script
runs under `bash --noprofile --norc -eo pipefail` in its working-directory, with
GITHUB_WORKSPACE (the workspace given), RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY
and GITHUB_ACTION_PATH as a runner sets them, and this interpreter's bin directory
(driftctl, python) first on PATH — what actions/setup-python and the install step leave
behind.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class WorkflowLoader(yaml.SafeLoader):
    """YAML as GitHub reads it: `on:` is a key, not the boolean true (YAML 1.1)."""


WorkflowLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
WorkflowLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def load_yaml(path: Path) -> Any:
    return yaml.load(path.read_text(), Loader=WorkflowLoader)  # WorkflowLoader is a SafeLoader


ACTION: dict[str, Any] = load_yaml(ROOT / "action.yml")


@dataclass
class StepRun:
    code: int
    stdout: str
    stderr: str
    outputs: dict[str, str]
    summary: str


def step(name: str) -> dict[str, Any]:
    steps: list[dict[str, Any]] = ACTION["runs"]["steps"]
    return next(s for s in steps if name in (s.get("id"), s.get("name")))


def run_step(
    name: str,
    inputs: Mapping[str, str],
    workspace: Path,
    runner_temp: Path,
    env: Mapping[str, str] | None = None,
) -> StepRun:
    unknown = set(inputs) - set(ACTION["inputs"])
    assert not unknown, f"action.yml has no inputs {unknown}"
    values = {k: str(v.get("default", "")) for k, v in ACTION["inputs"].items()} | dict(inputs)
    spec = step(name)
    runner_temp.mkdir(parents=True, exist_ok=True)
    output_file, summary_file = runner_temp / "github_output", runner_temp / "step_summary.md"
    output_file.write_text("")
    summary_file.write_text("")
    environment = {
        **os.environ,
        "GITHUB_ACTION_PATH": str(ROOT),
        "GITHUB_WORKSPACE": str(workspace),
        "RUNNER_TEMP": str(runner_temp),
        "GITHUB_OUTPUT": str(output_file),
        "GITHUB_STEP_SUMMARY": str(summary_file),
        **{k: _expand(str(v), values) for k, v in spec.get("env", {}).items()},
    }
    environment["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environment['PATH']}"
    environment.update(env or {})
    proc = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", _expand(spec["run"], values)],
        cwd=workspace / _expand(spec.get("working-directory", "."), values),
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    outputs = dict(line.split("=", 1) for line in output_file.read_text().splitlines() if line)
    return StepRun(proc.returncode, proc.stdout, proc.stderr, outputs, summary_file.read_text())


def _expand(text: str, inputs: Mapping[str, str]) -> str:
    def one(match: re.Match[str]) -> str:
        expression = match[1]
        if expression.startswith("inputs."):
            return inputs[expression.removeprefix("inputs.")]
        if expression == "github.action_path":
            return str(ROOT)
        raise AssertionError(f"the local runner cannot expand ${{{{ {expression} }}}}")

    return _EXPRESSION.sub(one, text)
