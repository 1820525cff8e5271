"""driftctl's Python API: the CLI's results as frozen data, through one path."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import boto3
import pytest
import tomllib

import driftctl
from driftctl import api, cli
from driftctl.core.model import Ref, Report
from driftctl.errors import DriftctlError

REGION = "us-east-1"
STACK = """\
variable "env" {
  default = "prod"
}
locals {
  name = "data-${var.env}"
}
resource "aws_s3_bucket" "data" {
  bucket = local.name
  tags   = { Env = var.env }
}
"""
REVERT_TAGS = "rules:\n  - {name: tags-back, match: {path: 'tags.*'}, action: revert}\n"


@pytest.fixture
def aws_region() -> None:
    """No default region in the environment: each scan says which region it reads (a
    boto3 session's own region is the one a scan takes)."""
    return None


@pytest.fixture
def infra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "infra").mkdir()
    (tmp_path / "infra" / "main.tf").write_text(STACK)
    return tmp_path / "infra"


def _bucket(name: str, env: str) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket=name)
    s3.put_bucket_tagging(Bucket=name, Tagging={"TagSet": [{"Key": "Env", "Value": env}]})


def _tags(name: str) -> dict[str, str]:
    tagset = boto3.client("s3", region_name=REGION).get_bucket_tagging(Bucket=name)["TagSet"]
    return {t["Key"]: t["Value"] for t in tagset}


def test_scan_returns_the_report_the_cli_writes(aws: None, infra: Path, tmp_path: Path) -> None:
    _bucket("data-prod", "staging")
    _bucket("stray", "dev")
    report = driftctl.scan(infra, region=REGION)
    out = tmp_path / "report.json"
    code = cli.main(["scan", "--from", str(infra), "--region", REGION, "-o", f"json://{out}"])
    assert code == 1
    assert report.to_json() == json.loads(out.read_text())
    assert [(d.kind, d.id) for d in report.drifts] == [
        ("changed", "data-prod"),
        ("unmanaged", "stray"),
    ]
    assert report.drifts[0].changes[0].expected == "prod"


def test_scan_takes_a_boto3_session_and_its_region(aws: None, infra: Path) -> None:
    _bucket("data-prod", "prod")
    report = api.scan(infra, session=boto3.Session(region_name=REGION))
    assert isinstance(report, Report)
    assert report.summary["managed"] == 1 and report.drifts == ()


def test_an_empty_from_declares_nothing(aws: None, infra: Path) -> None:
    _bucket("data-prod", "prod")
    report = api.scan([], region=REGION, only_unmanaged=True)
    assert [(d.kind, d.id) for d in report.drifts] == [("unmanaged", "data-prod")]


def test_rules_and_driftignore_apply(aws: None, infra: Path) -> None:
    _bucket("data-prod", "staging")
    policy = api.load_rules(ignore=["aws_s3_bucket.data-prod"])
    report = api.scan(infra, region=REGION, policy=policy)
    assert report.drifts == () and report.summary["ignored"] == 1


def test_render_is_what_the_cli_prints(infra: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rendered = api.render(infra, variables={"env": "dev"})
    assert cli.main(["render", "--from", str(infra), "--var", "env=dev"]) == 0
    assert rendered.text() == capsys.readouterr().out
    assert [(r.address, r.attrs["bucket"]) for r in rendered.resources] == [
        ("aws_s3_bucket.data", "data-dev")
    ]


def test_evaluate_answers_as_terraform_console(infra: Path) -> None:
    assert api.evaluate("local.name", infra) == "data-prod"
    assert api.evaluate('upper("${var.env}-x")', f"hcl://{infra}", variables=["env=qa"]) == "QA-X"
    assert api.evaluate("aws_s3_bucket.data.arn", infra) == Ref("aws_s3_bucket.data", ("arn",))
    with pytest.raises(DriftctlError) as failed:
        api.evaluate("local.missing", infra)
    assert failed.value.message == (
        "<expression>:1:1: reference to undeclared local value local.missing"
    )


def test_plan_revert_plans_without_changing_aws(aws: None, infra: Path) -> None:
    _bucket("data-prod", "staging")
    (infra.parent / "rules.yaml").write_text(REVERT_TAGS)
    plan = api.plan_revert(infra, region=REGION, rules=infra.parent / "rules.yaml")
    assert [(s.kind, s.id) for s in plan.steps] == [("changed", "data-prod")]
    assert plan.calls and "revert plan" in plan.lines()[0]
    assert _tags("data-prod") == {"Env": "staging"}  # nothing was changed


def test_bad_input_raises_driftctl_error(infra: Path, tmp_path: Path) -> None:
    with pytest.raises(DriftctlError, match="no such file or directory"):
        api.scan(tmp_path / "nowhere", region=REGION)
    (tmp_path / "bad.yaml").write_text("rules:\n  - name: a\n    action: delete\n")
    with pytest.raises(DriftctlError, match=r"bad\.yaml:3"):
        api.load_rules(tmp_path / "bad.yaml")
    _, errors = api.check_rules(tmp_path / "bad.yaml")
    assert len(errors) == 1 and errors[0].startswith(f"{tmp_path / 'bad.yaml'}:3")


def test_import_driftctl_loads_neither_the_api_nor_aws() -> None:
    code = (
        "import sys, driftctl, driftctl.pytest_plugin; "
        "print(sorted(m for m in sys.modules if m.startswith(('boto', 'driftctl'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # driftctl.util.version: the one line that holds __version__, below every module that
    # shows it (docs/architecture.md §9); nothing else of driftctl, boto or the API
    assert json.loads(out.stdout.replace("'", '"')) == [
        "driftctl",
        "driftctl.pytest_plugin",
        "driftctl.util",
        "driftctl.util.version",
    ]


USER_CODE = """\
from pathlib import Path

import boto3

import driftctl
from driftctl.api import Report, RevertPlan


def drifted(infra: Path) -> list[str]:
    report: Report = driftctl.scan(infra, session=boto3.Session(), strict=True)
    plan: RevertPlan = driftctl.plan_revert(infra, region="eu-west-1", only=["aws_s3_*/*"])
    names = [f"{d.kind} {d.address or d.id}" for d in report.drifts]
    return names + [s.label for s in plan.steps] + list(driftctl.render(infra).warnings)
"""


def test_user_code_is_clean_under_mypy_strict(tmp_path: Path) -> None:
    """A user's module calling the API passes `mypy --strict`; a misuse does not."""
    root = Path(__file__).parents[2]
    (tmp_path / "good.py").write_text(USER_CODE)
    (tmp_path / "bad.py").write_text(
        USER_CODE + "\n\ncount: int = driftctl.scan(Path('.'), region=1)\n"
    )
    command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / ".c")]
    command += ["--config-file", str(root / "pyproject.toml")]  # its stub-less imports
    env = {"MYPYPATH": str(root), "PATH": ""}
    good = subprocess.run(
        [*command, "good.py"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert good.returncode == 0, good.stdout
    bad = subprocess.run(
        [*command, "bad.py"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert bad.returncode == 1
    assert 'Incompatible types in assignment (expression has type "Report"' in bad.stdout
    assert 'Argument "region" to "scan" has incompatible type "int"' in bad.stdout


def test_the_distribution_registers_the_plugin_and_ships_py_typed() -> None:
    dist = importlib.metadata.distribution("driftctl-aws")
    plugins = {e.name: e.value for e in dist.entry_points if e.group == "pytest11"}
    assert plugins == {"driftctl": "driftctl.pytest_plugin"}
    root = Path(__file__).parents[2]
    pyproject = tomllib.loads((root / "pyproject.toml").read_text())
    assert "py.typed" in pyproject["tool"]["setuptools"]["package-data"]["driftctl"]
    assert (root / "driftctl" / "py.typed").is_file()
