"""The action's scan step, run as a runner would run it, against moto's server.

The real driftctl (this interpreter's) scans the demo stack, copied into a repository
layout (infra/ under the workspace), once applied cleanly and once drifted by hand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from tests.action_runner import StepRun, run_step
from tests.schemas import validate_report, validate_sarif


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    repo = tmp_path / "workspace"
    shutil.copytree(FIXTURE, repo / "infra")
    return repo


def scan_step(endpoint: str, workspace: Path, **inputs: str) -> StepRun:
    given = {"from": "infra", "args": f"--endpoint-url {endpoint} --region us-east-1", **inputs}
    return run_step("scan", given, workspace, workspace.parent / "runner")


def reports(run: StepRun) -> tuple[dict, dict]:  # type: ignore[type-arg]
    report = json.loads(Path(run.outputs["report-json"]).read_text())
    sarif = json.loads(Path(run.outputs["report-sarif"]).read_text())
    validate_report(report)
    validate_sarif(sarif)
    return report, sarif


def test_a_clean_stack_passes(endpoint: str, workspace: Path) -> None:
    demo_stack.apply(endpoint)
    run = scan_step(endpoint, workspace)
    assert run.code == 0, run.stdout + run.stderr
    assert (run.outputs["exit-code"], run.outputs["drift-count"]) == ("0", "0")
    report, sarif = reports(run)
    assert report["drifts"] == [] and sarif["runs"][0]["results"] == []
    assert run.summary.startswith("## driftctl: in sync\n")
    assert "in sync" in run.stdout  # the console report goes to the step log


def test_a_drifted_stack_fails_with_outputs_summary_and_sarif(
    endpoint: str, workspace: Path
) -> None:
    demo_stack.drift(endpoint, demo_stack.apply(endpoint))
    run = scan_step(endpoint, workspace)
    assert run.code == 1, run.stdout + run.stderr
    assert (run.outputs["exit-code"], run.outputs["drift-count"]) == ("1", "5")
    assert "::error::driftctl found 5 drift(s)" in run.stdout
    report, sarif = reports(run)
    assert len(report["drifts"]) == 5
    summary = run.summary
    assert summary.startswith("## driftctl: drift found\n")
    assert "| changed | 3 |" in summary and "| missing | 1 |" in summary
    assert "[infra/network.tf:1](infra/network.tf#L1)" in summary
    assert "<code>acme-demo-scratch</code>" in summary
    locations = {
        r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"]: r["locations"][0][
            "physicalLocation"
        ]
        for r in sarif["runs"][0]["results"]
    }
    assert locations["aws_security_group.web"] == {
        "artifactLocation": {"uri": "infra/network.tf", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 1},
    }
    assert locations["aws_s3_bucket.acme-demo-scratch"]["artifactLocation"]["uri"] == (
        "infra/main.tf"
    )


def test_drift_passes_the_step_when_fail_on_drift_is_false(endpoint: str, workspace: Path) -> None:
    demo_stack.drift(endpoint, demo_stack.apply(endpoint))
    run = scan_step(endpoint, workspace, **{"fail-on-drift": "false"})
    assert run.code == 0, run.stdout + run.stderr
    assert (run.outputs["exit-code"], run.outputs["drift-count"]) == ("1", "5")
    assert "## driftctl: drift found" in run.summary


def test_an_error_always_fails(endpoint: str, workspace: Path) -> None:
    run = scan_step(endpoint, workspace, **{"from": "nowhere", "fail-on-drift": "false"})
    assert run.code == 2
    assert run.outputs["exit-code"] == "2" and run.outputs["drift-count"] == ""
    assert "failed (exit 2) before writing a report" in run.summary
    assert "nowhere" in run.stderr


def test_in_a_working_directory_sarif_and_links_point_into_the_repository(
    endpoint: str, workspace: Path
) -> None:
    """working-directory: sub, from: infra. Code scanning resolves SARIF locations from the
    repository root, and the job summary's links are followed from there too."""
    (workspace / "sub").mkdir()
    (workspace / "infra").rename(workspace / "sub" / "infra")
    (workspace / "sub" / ".driftignore").write_text("aws_s3_bucket.acme-demo-scratch\n")
    demo_stack.drift(endpoint, demo_stack.apply(endpoint))
    run = scan_step(endpoint, workspace, **{"working-directory": "sub"})
    assert run.code == 1, run.stdout + run.stderr
    report, sarif = reports(run)
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in sarif["runs"][0]["results"]
    }
    assert "sub/infra/network.tf" in uris
    assert all(uri.startswith("sub/infra/") for uri in uris), uris
    assert "[sub/infra/network.tf:1](sub/infra/network.tf#L1)" in run.summary
    # the working directory's .driftignore is still the one used
    assert report["summary"]["ignored"] == 1 and len(report["drifts"]) == 4
