"""action.yml and the example workflows are valid by GitHub's published schemas, and the
action's steps do what its inputs say (run locally with a stub driftctl and a stub pip)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from tests.action_runner import ACTION, ROOT, load_yaml, run_step

SCHEMAS = ROOT.parent / "shared" / "schemas"
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.yml"))
needs_schemas = pytest.mark.skipif(
    not SCHEMAS.exists(), reason="shared/schemas is not beside this checkout"
)


@needs_schemas
def test_action_yml_validates_against_the_github_action_schema() -> None:
    jsonschema.validate(ACTION, json.loads((SCHEMAS / "github-action.json").read_text()))
    assert set(ACTION["inputs"]) == {
        "from",
        "rules",
        "args",
        "fail-on-drift",
        "python-version",
        "version",
        "working-directory",
    }
    assert {"drift-count", "report-json", "exit-code"} <= set(ACTION["outputs"])
    assert ACTION["inputs"]["fail-on-drift"]["default"] == "true"
    assert ACTION["runs"]["using"] == "composite"


@needs_schemas
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_workflows_validate_against_the_github_workflow_schema(path: Path) -> None:
    jsonschema.validate(load_yaml(path), json.loads((SCHEMAS / "github-workflow.json").read_text()))


def test_the_examples_cover_schedule_oidc_sarif_determinism_and_a_matrix() -> None:
    texts = {p.name: p.read_text() for p in EXAMPLES}
    scheduled = load_yaml(ROOT / "docs" / "examples" / "scheduled-drift.yml")
    assert {"schedule", "workflow_dispatch"} <= set(scheduled["on"])
    assert scheduled["permissions"]["id-token"] == "write"
    assert "aws-actions/configure-aws-credentials@" in texts["scheduled-drift.yml"]
    assert "github/codeql-action/upload-sarif@" in texts["scheduled-drift.yml"]
    assert "driftctl determinism" in texts["pr-determinism.yml"]
    matrix = load_yaml(ROOT / "docs" / "examples" / "matrix-accounts.yml")
    assert len(matrix["jobs"]["drift"]["strategy"]["matrix"]["include"]) > 1


# ---------------------------------------------------------------------------- the scan step

STUB = """#!{python}
# A stand-in for driftctl: records its arguments, writes the reports it is asked for.
import json, os, sys
args = sys.argv[1:]
with open(os.environ["STUB_ARGS"], "w") as f:
    json.dump(args, f)
drifts = int(os.environ.get("STUB_DRIFTS", "0"))
for flag, value in zip(args, args[1:]):
    scheme, _, path = value.partition("://")
    if flag != "-o" or not path:
        continue
    with open(path, "w") as f:
        if scheme == "json":
            summary = {{"changed": drifts, "missing": 0, "unmanaged": 0}}
            json.dump({{"schema_version": 1, "summary": summary, "drifts": [], "errors": []}}, f)
        else:
            f.write(f"## stub {{scheme}}\\n")
sys.exit(int(os.environ.get("STUB_CODE", "0")))
"""


def stub_env(tmp_path: Path, code: int = 0, drifts: int = 0) -> dict[str, str]:
    stub = tmp_path / "stub" / "driftctl"
    stub.parent.mkdir(exist_ok=True)
    stub.write_text(STUB.format(python=sys.executable))
    stub.chmod(stub.stat().st_mode | stat.S_IXUSR)
    return {
        "DRIFTCTL": str(stub),
        "STUB_ARGS": str(tmp_path / "args.json"),
        "STUB_CODE": str(code),
        "STUB_DRIFTS": str(drifts),
    }


def test_scan_step_turns_inputs_into_flags(tmp_path: Path) -> None:
    (tmp_path / "repo" / "infra").mkdir(parents=True)
    inputs = {
        "from": "infra\n  shared/net  \n",
        "rules": "rules/",
        "args": "--region eu-west-1 --var 'owner=a b'",
        "working-directory": "repo",
    }
    run = run_step("scan", inputs, tmp_path, tmp_path / "runner", stub_env(tmp_path))
    assert run.code == 0, run.stderr
    reports = tmp_path / "runner" / "driftctl"
    assert json.loads((tmp_path / "args.json").read_text()) == [
        "scan",
        "--from",
        "infra",
        "--from",
        "shared/net",
        "--rules",
        "rules/",
        "-o",
        "console://",
        "-o",
        f"json://{reports}/report.json",
        "-o",
        f"markdown://{reports}/report.md",
        "-o",
        f"sarif://{reports}/report.sarif",
        "--region",
        "eu-west-1",
        "--var",
        "owner=a b",
    ]
    assert run.outputs == {
        "exit-code": "0",
        "drift-count": "0",
        "report-json": f"{reports}/report.json",
        "report-markdown": f"{reports}/report.md",
        "report-sarif": f"{reports}/report.sarif",
    }
    assert run.summary == "## stub markdown\n"


def test_scan_step_passes_no_rules_flag_when_the_input_is_empty(tmp_path: Path) -> None:
    run = run_step("scan", {}, tmp_path, tmp_path / "runner", stub_env(tmp_path))
    assert run.code == 0, run.stderr
    args = json.loads((tmp_path / "args.json").read_text())
    assert "--rules" not in args and args[:3] == ["scan", "--from", "."]


@pytest.mark.parametrize(
    ("code", "fail_on_drift", "status"),
    [
        (0, "true", 0),
        (1, "true", 1),
        (1, "false", 0),
        (1, "False", 0),
        (2, "true", 2),
        (2, "false", 2),
    ],
)
def test_scan_step_fails_on_drift_as_asked_and_always_on_errors(
    tmp_path: Path, code: int, fail_on_drift: str, status: int
) -> None:
    env = stub_env(tmp_path, code=code, drifts=3 if code == 1 else 0)
    run = run_step("scan", {"fail-on-drift": fail_on_drift}, tmp_path, tmp_path / "runner", env)
    assert run.code == status, run.stdout + run.stderr
    assert run.outputs["exit-code"] == str(code)
    assert run.outputs["drift-count"] == ("3" if code == 1 else "0")


def test_scan_step_without_a_report_says_so_in_the_summary(tmp_path: Path) -> None:
    env = {"DRIFTCTL": "false"}  # fails at once (exit 1 here), writes nothing
    run = run_step("scan", {"fail-on-drift": "false"}, tmp_path, tmp_path / "runner", env)
    assert run.outputs["drift-count"] == "" and run.outputs["report-json"] == ""
    assert "failed (exit 1) before writing a report" in run.summary


# ---------------------------------------------------------------------------- the install step


@pytest.mark.parametrize(
    ("version", "spec"),
    [
        ("", str(ROOT)),
        ("1.2.3", "driftctl==1.2.3"),
        ("v0.1.0", "driftctl==0.1.0"),
        ("./vendor/driftctl", "./vendor/driftctl"),
        ("driftctl[extra]>=0.1", "driftctl[extra]>=0.1"),
    ],
)
def test_install_step_pins_what_the_version_input_says(
    tmp_path: Path, version: str, spec: str
) -> None:
    pip = tmp_path / "python"
    pip.write_text('#!/usr/bin/env bash\nprintf "%s\\n" "$@" > "$RECORD"\n')
    pip.chmod(pip.stat().st_mode | stat.S_IXUSR)
    env = {"PYTHON": str(pip), "RECORD": str(tmp_path / "record")}
    run = run_step("Install driftctl", {"version": version}, tmp_path, tmp_path / "runner", env)
    assert run.code == 0, run.stderr
    args = (tmp_path / "record").read_text().splitlines()
    assert args[:2] == ["-m", "pip"] and args[-1] == spec
    assert os.path.isabs(args[-1]) == (version == "")


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_the_action_scripts_pass_shellcheck() -> None:
    scripts = sorted(str(p) for p in (ROOT / "scripts").glob("action-*.sh"))
    assert len(scripts) == 2
    subprocess.run(["shellcheck", *scripts], check=True)
