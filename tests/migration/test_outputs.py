"""snyk driftctl's output schemes in their snyk form (items 35-38 of
docs/migrating-from-snyk.md), and the pipe snyk documents."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.kit.cli import DRIFTCTL, driftctl
from tests.migration.world import World

HTML_TEXT = (
    "drift found",
    "acme-demo-scratch",
    "tags.Zone",
    "&quot;analytics&quot;",
    "Drift by kind",
)


def scan(world: World, *args: str, cwd: Path | None = None) -> tuple[int, str, str]:
    run = driftctl(
        "scan", "--from", f"tfstate://{world.state}", "--live", str(world.live), *args, cwd=cwd
    )
    return run.code, run.stdout, run.stderr


def test_console(world: World) -> None:
    """console:// (the default): long lines are not cut at 80 columns when piped."""
    code, out, _ = scan(world, "-o", "console://")
    assert code == 1
    summary = next(line for line in out.splitlines() if line.startswith("drift found"))
    assert len(summary) > 80 and "coverage" in summary


def test_json(world: World, tmp_path: Path) -> None:
    """json://PATH and json://stdout: driftctl's report (schema_version 1)."""
    code, out, _ = scan(world, "-o", "json://stdout", "-o", f"json://{tmp_path / 'r.json'}")
    assert code == 1
    assert json.loads(out) == json.loads((tmp_path / "r.json").read_text())
    assert json.loads(out)["schema_version"] == 1


def test_json_stdout_pipe_into_gen_driftignore(world: World, tmp_path: Path) -> None:
    """snyk's documented pipe, exactly: driftctl scan -o json://stdout | driftctl gen-driftignore"""
    pipe = (
        f"{DRIFTCTL} scan --from tfstate://{world.state} --live {world.live} -o json://stdout"
        f" | {DRIFTCTL} gen-driftignore"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("DCTL_")}
    done = subprocess.run(
        ["bash", "-c", pipe], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "stdout").exists()
    assert "aws_s3_bucket.acme-demo-scratch" in (tmp_path / ".driftignore").read_text()
    code, _, _ = scan(world, cwd=tmp_path)
    assert code == 0  # every drift is now ignored


def test_html(world: World, tmp_path: Path) -> None:
    code, _, _ = scan(world, "-o", f"html://{tmp_path / 'drift.html'}")
    assert code == 1
    page = (tmp_path / "drift.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and all(t in page for t in HTML_TEXT)
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in page and "<script" not in page


def test_plan(world: World, tmp_path: Path) -> None:
    """plan://: snyk's Terraform-plan-shaped JSON of managed (no-op) and unmanaged (create)."""
    code, _, err = scan(world, "-o", f"plan://{tmp_path / 'plan.json'}")
    assert code == 1, err
    plan = json.loads((tmp_path / "plan.json").read_text())
    assert plan["format_version"] == "0.1"
    changes = {c["address"]: c["change"]["actions"] for c in plan["resource_changes"]}
    assert changes["aws_s3_bucket.acme-demo-scratch"] == ["create"]
    assert changes["aws_s3_bucket.acme-demo-raw"] == ["no-op"]
    values = {r["address"]: r["values"] for r in plan["planned_values"]["root_module"]["resources"]}
    assert values["aws_s3_bucket.acme-demo-raw"]["tags"]["Zone"] == "analytics"
    assert set(values) == set(changes)
