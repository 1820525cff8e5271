"""action.yml and the example workflows are valid by GitHub's published schemas, and the
action's steps do what its inputs say (run locally with a stub driftctl and a stub pip)."""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from driftctl.commands import scan as scan_command
from tests.action_runner import ACTION, ROOT, load_yaml, run_step

SCHEMAS = ROOT.parent / "shared" / "schemas"
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.yml"))


def schema(name: str) -> dict[str, Any]:
    """One of GitHub's schemas from ../shared/schemas. Skipped on a machine without them,
    but never in CI (CI is set): CI's fresh clone has shared/ beside it, so a missing
    schema there is a broken checkout, not a reason to skip the validation."""
    path = SCHEMAS / name
    if not path.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing (CI is set, so the schema must be there)")
        pytest.skip(f"{path} is not beside this checkout")
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


def test_action_yml_validates_against_the_github_action_schema() -> None:
    jsonschema.validate(ACTION, schema("github-action.json"))
    assert set(ACTION["inputs"]) == {
        "from",
        "rules",
        "args",
        "fail-on-drift",
        "min-compared",
        "python-version",
        "version",
        "working-directory",
    }
    assert {"drift-count", "report-json", "exit-code"} <= set(ACTION["outputs"])
    assert ACTION["inputs"]["fail-on-drift"]["default"] == "true"
    assert ACTION["runs"]["using"] == "composite"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_workflows_validate_against_the_github_workflow_schema(path: Path) -> None:
    jsonschema.validate(load_yaml(path), schema("github-workflow.json"))


@pytest.mark.parametrize("ci", ["", "true"])
def test_missing_schemas_skip_locally_and_fail_in_ci(
    ci: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.modules[__name__], "SCHEMAS", tmp_path / "nowhere")
    monkeypatch.setenv("CI", ci)
    outcome = pytest.fail.Exception if ci else pytest.skip.Exception
    with pytest.raises(outcome, match=r"github-action\.json"):
        test_action_yml_validates_against_the_github_action_schema()


def test_example_workflows_pin_the_driftctl_they_install() -> None:
    """Pinned, and by this project's distribution name: `driftctl` on PyPI is another one."""
    for path in EXAMPLES:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if "pip install" in line and "driftctl" in line:
                pinned = re.search(r"driftctl-aws(==\d|\s*@\s*git\+\S+@v?\d)", line)
                assert pinned, f"{path.name}:{number}: driftctl is not pinned: {line.strip()}"
                assert not re.search(r"[\"' ]driftctl(==|\s*@|\[|$)", line), line


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
with open(os.environ["STUB_ARGS"] + ".cwd", "w") as f:
    f.write(os.getcwd())
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
    (tmp_path / "infra").mkdir(parents=True)
    inputs = {
        "from": "infra\n  shared/net  \n",
        "rules": "rules/",
        "args": "--region eu-west-1 --var 'owner=a b'",
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
    assert (tmp_path / "args.json.cwd").read_text() == str(tmp_path)


def scan_path_options() -> list[str]:
    """The options of `driftctl scan` whose value is a path (a Path, or FORMAT://PATH)."""
    hints = typing.get_type_hints(scan_command.scan, include_extras=True)
    found = []
    for hint in hints.values():
        if typing.get_origin(hint) is not typing.Annotated:
            continue
        kind, info = typing.get_args(hint)[:2]
        names = [n for n in (info.default, *info.param_decls) if str(n).startswith("--")]
        if "Path" in repr(kind) or names[-1] in ("--from", "--output", "--kustomize-bin"):
            found.append(names[-1])
    return found


def test_in_a_working_directory_the_scan_runs_from_the_root_with_paths_rebased(
    tmp_path: Path,
) -> None:
    """Reports name files relative to where driftctl runs; SARIF and the summary's links
    need them relative to the repository root, so the scan runs there, and each relative
    path the inputs give (relative to the working directory) is rebased onto it."""
    (tmp_path / "repo" / "sub" / "infra").mkdir(parents=True)
    options = scan_path_options()
    assert {"--from", "--rules", "--var-file", "--live", "--driftignore"} <= set(options)
    given = [f"{o} {o.strip('-')}/x" for o in options if o != "--kustomize-bin"]
    given += ["--kustomize-bin bin/kustomize", "--var-file=v.tfvars", "--live /abs/live.json"]
    given += ["--from hcl://", "--from kustomize://-", "-o markdown://-", "--var f=a/b"]
    inputs = {"from": "infra", "rules": "rules/", "args": " ".join(given)}
    inputs["working-directory"] = "repo/sub"
    run = run_step("scan", inputs, tmp_path, tmp_path / "runner", stub_env(tmp_path))
    assert run.code == 0, run.stdout + run.stderr
    args = json.loads((tmp_path / "args.json").read_text())
    assert (tmp_path / "args.json.cwd").read_text() == str(tmp_path)
    assert args[:5] == ["scan", "--from", "repo/sub/infra", "--rules", "repo/sub/rules"]
    pairs = set(itertools.pairwise(args))
    for option in options:
        if option in ("--from", "--output"):
            continue
        expected = f"repo/sub/{option.strip('-')}/x"
        if option == "--kustomize-bin":
            expected = "repo/sub/bin/kustomize"
        assert (option, expected) in pairs, option
    assert ("--output", "repo/sub/output/x") in pairs
    assert ("--from", "repo/sub/from/x") in pairs
    assert "--var-file=repo/sub/v.tfvars" in args
    assert ("--live", "/abs/live.json") in pairs
    assert ("--from", "hcl://repo/sub") in pairs and ("--from", "kustomize://-") in pairs
    assert ("-o", "markdown://-") in pairs and ("--var", "f=a/b") in pairs
    reports = tmp_path / "runner" / "driftctl"
    assert ("-o", f"sarif://{reports}/report.sarif") in pairs


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        (("repo/sub/.driftignore",), ["--driftignore", "repo/sub/.driftignore"]),
        (("repo/sub/.driftignore", ".driftignore"), ["--driftignore", "repo/sub/.driftignore"]),
        ((".driftignore",), ["--driftignore", "{reports}/none.driftignore"]),
        ((), []),
    ],
)
def test_the_working_directorys_driftignore_is_the_one_used(
    tmp_path: Path, where: tuple[str, ...], expected: list[str]
) -> None:
    (tmp_path / "repo" / "sub").mkdir(parents=True)
    for name in where:
        (tmp_path / name).write_text("aws_s3_bucket.x\n")
    inputs = {"working-directory": "repo/sub"}
    run = run_step("scan", inputs, tmp_path, tmp_path / "runner", stub_env(tmp_path))
    assert run.code == 0, run.stdout + run.stderr
    args = json.loads((tmp_path / "args.json").read_text())
    reports = tmp_path / "runner" / "driftctl"
    found = args[args.index("--driftignore") :][:2] if "--driftignore" in args else []
    assert found == [e.format(reports=reports) for e in expected]
    if found and found[1].endswith("none.driftignore"):
        assert Path(found[1]).read_text() == ""


def test_scan_step_passes_no_rules_flag_when_the_input_is_empty(tmp_path: Path) -> None:
    run = run_step("scan", {}, tmp_path, tmp_path / "runner", stub_env(tmp_path))
    assert run.code == 0, run.stderr
    args = json.loads((tmp_path / "args.json").read_text())
    assert "--rules" not in args and args[:3] == ["scan", "--from", "."]
    assert "--min-compared" not in args


def test_scan_step_passes_the_minimum_compared_share(tmp_path: Path) -> None:
    """min-compared is --min-compared; a scan below it exits 2, and so does the step."""
    run = run_step(
        "scan", {"min-compared": "90%"}, tmp_path, tmp_path / "runner", stub_env(tmp_path)
    )
    assert run.code == 0, run.stderr
    args = json.loads((tmp_path / "args.json").read_text())
    assert args[args.index("--min-compared") :][:2] == ["--min-compared", "90%"]
    assert "--min-compared" in scan_options()
    env = stub_env(tmp_path, code=2)
    failed = run_step("scan", {"min-compared": "0.9"}, tmp_path, tmp_path / "runner", env)
    assert (failed.code, failed.outputs["exit-code"]) == (2, "2")


def scan_options() -> list[str]:
    """Every option of `driftctl scan`."""
    hints = typing.get_type_hints(scan_command.scan, include_extras=True)
    return [
        str(name)
        for hint in hints.values()
        if typing.get_origin(hint) is typing.Annotated
        for name in (typing.get_args(hint)[1].default, *typing.get_args(hint)[1].param_decls)
        if str(name).startswith("--")
    ]


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


def fake_python(tmp_path: Path) -> dict[str, str]:
    """PYTHON for the install step: records the arguments it is given (pip's)."""
    pip = tmp_path / "python"
    pip.write_text('#!/usr/bin/env bash\nprintf "%s\\n" "$@" > "$RECORD"\n')
    pip.chmod(pip.stat().st_mode | stat.S_IXUSR)
    return {"PYTHON": str(pip), "RECORD": str(tmp_path / "record")}


@pytest.mark.parametrize(
    ("version", "spec"),
    [
        ("", str(ROOT)),
        ("1.2.3", "driftctl-aws==1.2.3"),
        ("v0.1.0", "driftctl-aws==0.1.0"),
        ("./vendor/driftctl", "{workspace}/vendor/driftctl"),
        ("vendor/driftctl", "{workspace}/vendor/driftctl"),
        (
            "dist/driftctl-0.1.0-py3-none-any.whl",
            "{workspace}/dist/driftctl-0.1.0-py3-none-any.whl",
        ),
        ("driftctl-aws[demo]==0.2.0", "driftctl-aws[demo]==0.2.0"),
        ("driftctl-aws @ file:///opt/x.whl", "driftctl-aws @ file:///opt/x.whl"),
    ],
)
def test_install_step_pins_what_the_version_input_says(
    tmp_path: Path, version: str, spec: str
) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "vendor" / "driftctl").mkdir(parents=True)
    (workspace / "dist").mkdir()
    (workspace / "dist" / "driftctl-0.1.0-py3-none-any.whl").write_text("")
    env = fake_python(tmp_path)
    run = run_step("Install driftctl", {"version": version}, workspace, tmp_path / "runner", env)
    assert run.code == 0, run.stderr
    args = (tmp_path / "record").read_text().splitlines()
    assert args[:2] == ["-m", "pip"] and args[-1] == spec.format(workspace=workspace)


@pytest.mark.parametrize(
    "version", ["driftctl", "driftctl[extra]>=0.1", "driftctl==0.1.0", "driftctl-aws>=0.1"]
)
def test_the_install_step_never_installs_another_project_or_an_unpinned_one(
    tmp_path: Path, version: str
) -> None:
    """`driftctl` on PyPI is someone else's project: the action installs only this one,
    from its checkout, a path, or the name driftctl-aws at a pinned version."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    env = fake_python(tmp_path)
    run = run_step("Install driftctl", {"version": version}, workspace, tmp_path / "runner", env)
    assert run.code == 2
    assert "not a version, a path or a pinned driftctl-aws requirement" in run.stdout
    assert not (tmp_path / "record").exists()  # pip never ran


def test_a_relative_version_path_is_relative_to_the_workspace_not_the_cwd(
    tmp_path: Path,
) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "tools" / "driftctl").mkdir(parents=True)
    env = {**fake_python(tmp_path), "GITHUB_WORKSPACE": str(workspace)}
    script = ROOT / "scripts" / "action-install.sh"
    done = subprocess.run(
        ["bash", str(script)],
        cwd=tmp_path,  # elsewhere: the path is still found in the workspace
        env={**os.environ, **env, "INPUT_VERSION": "tools/driftctl"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "record").read_text().splitlines()[-1] == f"{workspace}/tools/driftctl"


def test_a_version_path_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    env = fake_python(tmp_path)
    run = run_step("Install driftctl", {"version": "./nowhere"}, tmp_path, tmp_path / "runner", env)
    assert run.code == 2
    assert "::error::version: ./nowhere is not a file or directory" in run.stdout
    assert not (tmp_path / "record").exists()


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_the_action_scripts_pass_shellcheck() -> None:
    scripts = sorted(str(p) for p in (ROOT / "scripts").glob("action-*.sh"))
    assert len(scripts) == 2
    subprocess.run(["shellcheck", *scripts], check=True)
