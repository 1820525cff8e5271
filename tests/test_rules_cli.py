"""The rule options and commands on the real CLI: scan --rules/--driftignore/--no-default-rules,
rules validate, gen-driftignore, offline from a saved live snapshot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from driftctl.aws import snapshot
from driftctl.aws.scanner import LiveState
from driftctl.cli import app, main
from driftctl.core.model import Resource
from driftctl.engine.scopes import LiveRun

ACCOUNT = "123456789012"
MAIN_TF = """\
resource "aws_s3_bucket" "logs" {
  bucket = "acme-logs"
  tags = {
    Env   = "prod"
    Owner = "team-a"
  }
}
"""
RULES = """\
rules:
  - name: owner-tag
    match: {path: tags.Owner}
    action: pr
    severity: low
"""


def bucket(name: str, tags: dict[str, str]) -> Resource:
    attrs = {"bucket": name, "arn": f"arn:aws:s3:::{name}", "tags": tags}
    return Resource("aws_s3_bucket", name, None, attrs)


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A declared bucket, and a live snapshot where its tags drifted and a stray bucket exists."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "main.tf").write_text(MAIN_TF)
    (tmp_path / "rules.yaml").write_text(RULES)
    live = [
        bucket("acme-logs", {"Env": "prod", "Owner": "mallory", "CostCenter": "42"}),
        bucket("acme-scratch.tmp", {}),
    ]
    run = LiveRun(
        {ACCOUNT: LiveState(live, [], set(), ACCOUNT)},
        [(ACCOUNT, "eu-west-1"), (ACCOUNT, "global")],
        "eu-west-1",
    )
    (tmp_path / "live.json").write_text(snapshot.dump(run))
    return tmp_path


def scan(*args: str) -> tuple[int, Any]:
    result = CliRunner().invoke(app, ["scan", "--live", "live.json", "-o", "json://-", *args])
    return result.exit_code, json.loads(result.stdout)


def test_scan_applies_rules_and_driftignore(repo: Path) -> None:
    (repo / ".driftignore").write_text("# picked up from the current directory\n")
    code, report = scan("--rules", "rules.yaml")
    assert code == 1
    assert [(d["kind"], d["rule"], d["action"], d["severity"]) for d in report["drifts"]] == [
        ("unmanaged", None, "report", "medium"),
        ("changed", None, "report", "medium"),  # tags.CostCenter
        ("changed", "owner-tag", "pr", "low"),  # tags.Owner, split off by the path rule
    ]
    (repo / ".driftignore").write_text("aws_s3_bucket.acme-scratch\\.tmp\n")
    code, report = scan("--rules", "rules.yaml")
    assert report["summary"]["unmanaged"] == 0 and report["summary"]["ignored"] == 1


def test_gen_driftignore_round_trip_exits_0_with_only_ignored_drift(repo: Path) -> None:
    runner = CliRunner()
    first = runner.invoke(app, ["scan", "--live", "live.json", "-o", "json://report.json"])
    assert first.exit_code == 1
    made = runner.invoke(app, ["gen-driftignore", "-i", "report.json"])
    assert made.exit_code == 0
    assert (repo / ".driftignore").read_text() == (
        "# Resources not covered by IaC\n"
        "aws_s3_bucket.acme-scratch\\.tmp\n"
        "# Changed resources\n"
        "aws_s3_bucket.acme-logs\n"
    )
    again = runner.invoke(app, ["gen-driftignore", "-i", "report.json"])
    assert again.exit_code == 0 and (repo / ".driftignore").read_text().count("acme-logs") == 1
    code, report = scan()
    assert code == 0
    assert report["drifts"] == [] and report["summary"]["ignored"] == 2


def test_no_default_rules_drops_the_shipped_defaults(repo: Path) -> None:
    code, report = scan("--no-default-rules")
    assert code == 1 and {d["rule"] for d in report["drifts"]} == {None}
    (repo / "mine.yaml").write_text(
        "rules:\n  - {name: tagged, match: {path: 'tags.*'}, action: pr}\n"
    )
    code, report = scan("--rules", "mine.yaml", "--no-default-rules")
    assert code == 1
    assert {d["rule"] for d in report["drifts"]} == {"tagged", None}


def test_a_rule_named_like_a_default_replaces_it_on_a_scan(repo: Path) -> None:
    # the audit: a user rule named like a shipped default made every scan exit 2
    (repo / "mine.yaml").write_text("rules:\n  - {name: ignore-aws-reserved-tags, action: pr}\n")
    code, report = scan("--rules", "mine.yaml")
    assert code == 1
    assert {d["rule"] for d in report["drifts"]} == {"ignore-aws-reserved-tags"}
    assert {d["action"] for d in report["drifts"]} == {"pr"}


def test_validating_a_copy_of_the_shipped_defaults(repo: Path) -> None:
    shipped = Path(__file__).resolve().parents[1] / "rules" / "defaults.yaml"
    (repo / "rules").mkdir()
    (repo / "rules" / "defaults.yaml").write_text(shipped.read_text())
    result = CliRunner().invoke(app, ["rules", "validate", "rules"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("valid: 10 rules; yours replace the shipped defaults ")
    assert "ignore-timestamps" in result.stdout
    assert main(["scan", "--live", "live.json", "--rules", "rules", "-o", "json://r.json"]) == 1


def test_validate_reports_duplicates_in_a_file_that_has_schema_errors(repo: Path) -> None:
    (repo / "bad.yaml").write_text(
        "rules:\n  - name: a\n    match: {typ: x}\n    action: report\n"
        "  - name: a\n    action: report\n"
    )
    result = CliRunner().invoke(app, ["rules", "validate", "bad.yaml"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: bad.yaml:3: rules[0].match: unknown key 'typ' (allowed: type, address, path, "
        "kind, tags, actor, via)",
        "error: bad.yaml:5: rules[1].name: duplicate rule name 'a' (already used at bad.yaml:2)",
    ]


def test_rules_validate(repo: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["rules", "validate", "rules.yaml"])
    assert ok.exit_code == 0 and "valid: 1 rules" in ok.stdout
    (repo / "bad.yaml").write_text("rules:\n  - name: a\n    action: delete\n    kind: missing\n")
    bad = runner.invoke(app, ["rules", "validate", "rules.yaml", "bad.yaml"])
    assert bad.exit_code == 2
    assert bad.stderr.splitlines() == [
        "error: bad.yaml:3: rules[0].action: 'delete' is not a valid action (use one of ignore | "
        "report | pr | revert)",
        "error: bad.yaml:4: rules[0]: unknown key 'kind' (allowed: name, match, action, severity, "
        "reason, file, labels)",
    ]


def test_a_bad_rule_file_fails_the_scan_with_exit_2(repo: Path) -> None:
    (repo / "bad.yaml").write_text("rules:\n  - name: a\n    match: {path: 'x['}\n    action: pr\n")
    assert main(["scan", "--live", "live.json", "--rules", "bad.yaml"]) == 2


@pytest.mark.parametrize(
    ("text", "kind"), [("[]", "list"), ('"x"', "string"), ("3", "number"), ("null", "null")]
)
def test_gen_driftignore_of_a_json_value_that_is_not_an_object_is_one_line(
    repo: Path, capsys: pytest.CaptureFixture[str], text: str, kind: str
) -> None:
    (repo / "list.json").write_text(text)
    assert main(["gen-driftignore", "-i", "list.json", "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"error: list.json: not a driftctl JSON report (a JSON {kind}, not an object)",
        "  hint: write one with driftctl scan -o json://report.json",
    ]
