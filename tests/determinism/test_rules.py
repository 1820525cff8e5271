"""A rule file's `determinism: {allow: [...]}` section accepts lint findings of
`driftctl determinism --rules PATH`, as --allow does; it is validated like the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl.cli import main
from driftctl.rules import policy as rules
from driftctl.rules import rulefile

TIMESTAMPED = """\
resource "aws_s3_bucket" "b" {
  bucket = "acme-b"
  tags = {
    Created = timestamp()
  }
}
"""
FINDING = "main.tf:4: timestamp() — returns the current time: a new value on every plan and apply"


@pytest.fixture
def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "main.tf").write_text(TIMESTAMPED)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def determinism(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["determinism", "--from", ".", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_rule_file_allowance_passes_and_says_where_it_is(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (source / "rules.yaml").write_text(
        "rules: []\ndeterminism:\n  allow:\n    - 'uuid()'\n    - 'main.tf:*'\n"
    )
    code, out, _ = determinism(capsys, "--rules", "rules.yaml")
    assert code == 0, out
    assert f"allowed by rules.yaml:5 'main.tf:*': {FINDING}" in out.splitlines()
    assert out.splitlines()[-1] == "deterministic"


def test_without_the_allowance_the_same_source_fails(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (source / "rules.yaml").write_text("determinism:\n  allow: ['uuid()']\n")
    code, out, _ = determinism(capsys, "--rules", "rules.yaml")
    assert code == 1
    assert FINDING in out.splitlines()


def test_a_rules_directory_and_allow_flags_combine_in_order(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (source / "rules").mkdir()
    (source / "rules" / "a.yaml").write_text("rules: []\n")
    (source / "rules" / "b.yaml").write_text("determinism:\n  allow:\n    - 'timestamp()'\n")
    code, out, _ = determinism(capsys, "--rules", "rules", "--allow", "nothing")
    assert code == 0, out
    assert f"allowed by rules/b.yaml:3 'timestamp()': {FINDING}" in out.splitlines()
    code, out, _ = determinism(capsys, "--allow", "time*", "--rules", "rules")
    assert f"allowed by --allow 'time*': {FINDING}" in out.splitlines()


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            "determinism:\n  allow:\n    - 3\n",
            "rules.yaml:3: determinism.allow[0]: expected a string, got a number",
        ),
        (
            "determinism:\n  alow: ['timestamp()']\n",
            "rules.yaml:2: determinism: unknown key 'alow' (allowed: allow)",
        ),
        (
            "determinism:\n  allow: ''\n",
            "rules.yaml:2: determinism.allow: expected a list, got a string",
        ),
        ("determinism:\n  allow: ['']\n", "rules.yaml:2: determinism.allow[0]: must not be empty"),
        (  # the rest of the file is validated as for a scan
            "determinism: {allow: ['timestamp()']}\nrules:\n  - name: a\n    action: delete\n",
            "rules.yaml:4: rules[0].action: 'delete' is not a valid action"
            " (use one of ignore | report | pr | revert)",
        ),
    ],
)
def test_a_bad_section_is_an_error_with_file_and_line(
    source: Path, capsys: pytest.CaptureFixture[str], text: str, error: str
) -> None:
    (source / "rules.yaml").write_text(text)
    code, _, err = determinism(capsys, "--rules", "rules.yaml")
    assert code == 2
    assert f"error: {error}" in err


def test_files_without_the_section_parse_as_before() -> None:
    text = "rules:\n  - name: a\n    action: report\n"
    parsed = rulefile.parse("r.yaml", text)
    assert parsed.errors == [] and parsed.determinism_allow == []
    assert [r.data for r in parsed.rules] == [{"name": "a", "action": "report"}]
    assert rulefile.parse("r.yaml", "{}\n").errors == ["r.yaml:1: missing required key 'rules'"]


def test_a_file_with_only_the_section_is_a_valid_rule_file(tmp_path: Path) -> None:
    path = tmp_path / "determinism.yaml"
    path.write_text("determinism:\n  allow: ['uuid()']\n")
    assert rules.check([path]) == ([], [])
    assert main(["rules", "validate", str(path)]) == 0
