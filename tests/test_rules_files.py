"""Rule files are validated with one line per problem: FILE:LINE: where: what is wrong."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
import yaml

from driftctl.errors import DriftctlError
from driftctl.rules import policy as rules
from driftctl.rules import rulefile

GOOD = """\
rules:
  - name: no-open-ssh
    match:
      type: aws_security_group*
      path: "ingress*"
    action: revert
    severity: high
"""


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (  # an unknown key in a rule's match, named on its own line
            "rules:\n  - name: a\n    match:\n      typ: aws_vpc\n    action: report\n",
            "r.yaml:4: rules[0].match: unknown key 'typ'"
            " (allowed: type, address, path, kind, tags, actor, via)",
        ),
        (  # an unknown key in a rule
            "rules:\n  - name: a\n    action: report\n    severity: low\n    reasons: x\n",
            "r.yaml:5: rules[0]: unknown key 'reasons' (allowed: name, match, action, severity,"
            " reason, file, labels)",
        ),
        (  # an unknown top-level key
            "rule:\n  - name: a\n",
            "r.yaml:1: unknown key 'rule' (allowed: rules, determinism, iac_principals)",
        ),
        (
            "rules:\n  - name: a\n    action: delete\n",
            "r.yaml:3: rules[0].action: 'delete' is not a valid action"
            " (use one of ignore | report | pr | revert)",
        ),
        (
            "rules:\n  - name: a\n    action: report\n    severity: urgent\n",
            "r.yaml:4: rules[0].severity: 'urgent' is not a valid severity"
            " (use one of low | medium | high | critical)",
        ),
        (
            "rules:\n  - name: a\n    match: {kind: chnaged}\n    action: report\n",
            "r.yaml:3: rules[0].match.kind: 'chnaged' is not a valid kind"
            " (use one of changed | missing | unmanaged)",
        ),
        (  # one kind of a list
            "rules:\n  - name: a\n    match:\n      kind:\n        - missing\n        - gone\n"
            "    action: report\n",
            "r.yaml:6: rules[0].match.kind[1]: 'gone' is not a valid kind"
            " (use one of changed | missing | unmanaged)",
        ),
        (  # a bad glob: an unbalanced [
            'rules:\n  - name: a\n    match:\n      path: "ingress[0"\n    action: report\n',
            "r.yaml:4: rules[0].match.path: bad glob 'ingress[0': unbalanced '[' at position 8",
        ),
        (  # a bad glob in a list, and in a tag value
            "rules:\n  - name: a\n    match:\n      type: [aws_vpc, 'aws_[']\n"
            "      tags: {Env: 'x\\'}\n    action: report\n",
            "r.yaml:4: rules[0].match.type[1]: bad glob 'aws_[': unbalanced '[' at position 5",
        ),
        (
            "rules:\n  - match: {kind: missing}\n    action: report\n",
            "r.yaml:2: rules[0]: missing required key 'name'",
        ),
        (
            "rules:\n  - name: a\n    action: report\n  - name: a\n    action: ignore\n",
            "r.yaml:4: rules[1].name: duplicate rule name 'a' (already used at r.yaml:2)",
        ),
        (  # YAML would silently keep the last of two keys
            "rules:\n  - name: a\n    action: report\n    action: ignore\n",
            "r.yaml:4: rules[0]: duplicate key 'action' (YAML would keep only the last one)",
        ),
        (
            "rules:\n  - name: a\n    match: {tags: {Env: 3}}\n    action: report\n",
            "r.yaml:3: rules[0].match.tags.Env: expected a string, got a number",
        ),
        (
            "rules:\n  name: a\n",
            "r.yaml:1: rules: expected a list, got a mapping",
        ),
        ("", "r.yaml:1: expected a mapping with a 'rules' list, got nothing"),
        (
            "rules:\n  - name: a\n    action: [report\n",
            "r.yaml:3: invalid YAML: expected ',' or ']', but got '<stream end>'",
        ),
        (  # a rule that could never match is an error, not a silent no-op
            "rules:\n  - name: a\n    match:\n      kind: unmanaged\n      path: tags.*\n"
            "    action: ignore\n",
            "r.yaml:5: rules[0].match.path: a path only matches changed drifts, but kind is"
            " unmanaged: this rule could never match",
        ),
        (
            "rules:\n  - name: Bad Name\n    action: report\n",
            "r.yaml:2: rules[0].name: 'Bad Name' is not a valid rule name (letters, digits, '-',"
            " '_', '.', ':'; starting with a letter or digit)",
        ),
    ],
)
def test_each_mistake_is_named_with_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, error: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("r.yaml").write_text(text)
    found, errors = rules.check([Path("r.yaml")])
    assert found == []
    assert error in errors


def test_every_problem_of_a_file_is_listed_in_line_order(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(
        "rules:\n  - name: a\n    action: delete\n  - name: b\n    severity: meh\n"
        "    action: report\n"
    )
    _, errors = rules.check([path])
    assert [e.split(": ")[0] for e in errors] == [f"{path}:3", f"{path}:5"]


def test_loading_raises_one_line_naming_the_first_problem(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("rules:\n  - name: a\n    action: delete\n  - name: b\n    action: nope\n")
    with pytest.raises(DriftctlError) as exc:
        rules.load_rules([path])
    assert exc.value.message.startswith(f"{path}:3: rules[0].action: 'delete'")
    assert exc.value.message.endswith("(and 1 more)")
    assert "\n" not in exc.value.message
    assert exc.value.hint is not None and "driftctl rules validate" in exc.value.hint


def test_a_directory_reads_its_yaml_files_in_name_order(tmp_path: Path) -> None:
    (tmp_path / "b.yml").write_text("rules:\n  - {name: second, action: pr}\n")
    (tmp_path / "a.yaml").write_text(GOOD)
    (tmp_path / "README.md").write_text("not rules")
    loaded = rules.load_rules([tmp_path], defaults=False)
    assert [(r.name, r.origin) for r in loaded] == [
        ("no-open-ssh", f"{tmp_path / 'a.yaml'}:2"),
        ("second", f"{tmp_path / 'b.yml'}:2"),
    ]


@pytest.mark.parametrize("name", ["missing.yaml", "empty-dir"])
def test_a_path_without_rule_files_is_an_error(tmp_path: Path, name: str) -> None:
    if name == "empty-dir":
        (tmp_path / name).mkdir()
    with pytest.raises(DriftctlError, match=name):
        rules.load_rules([tmp_path / name])


def test_a_user_rule_named_like_a_default_replaces_it(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("rules:\n  - name: iam-policy-changed\n    action: pr\n")
    found, errors = rules.check([path], defaults=True)
    assert errors == []
    named = [r for r in found if r.name == "iam-policy-changed"]
    assert [(r.action, r.origin) for r in named] == [("pr", f"{path}:2")]
    assert found[0].name == "iam-policy-changed"  # where the user wrote it: first
    assert len(found) == len(rules.shipped_names())


def test_a_copy_of_the_shipped_defaults_in_the_users_directory_is_valid(tmp_path: Path) -> None:
    # the audit: copying rules/defaults.yaml into rules/ made every scan fail
    (tmp_path / "defaults.yaml").write_text(rules.defaults_text())
    (tmp_path / "mine.yaml").write_text(GOOD)
    loaded = rules.load_rules([tmp_path], defaults=True)
    names = [r.name for r in loaded]
    assert len(names) == len(set(names)) == len(rules.shipped_names()) + 1
    assert all(not r.origin.startswith(rules.DEFAULTS_NAME) for r in loaded)


def test_duplicate_names_across_the_users_own_files_stay_an_error(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("rules:\n  - {name: ignore-timestamps, action: pr}\n")
    (tmp_path / "b.yaml").write_text("rules:\n  - {name: ignore-timestamps, action: report}\n")
    _, errors = rules.check([tmp_path], defaults=True)
    assert errors == [
        f"{tmp_path / 'b.yaml'}:2: rules[0].name: duplicate rule name 'ignore-timestamps' "
        f"(already used at {tmp_path / 'a.yaml'}:2)"
    ]


def test_a_file_with_schema_errors_still_has_its_duplicate_names_reported(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(
        "rules:\n  - name: a\n    action: delete\n  - name: a\n    action: report\n"
        "  - name: b\n    severity: huge\n    action: report\n"
    )
    _, errors = rules.check([path])
    assert errors == [
        f"{path}:3: rules[0].action: 'delete' is not a valid action"
        " (use one of ignore | report | pr | revert)",
        f"{path}:4: rules[1].name: duplicate rule name 'a' (already used at {path}:2)",
        f"{path}:7: rules[2].severity: 'huge' is not a valid severity"
        " (use one of low | medium | high | critical)",
    ]


def test_a_valid_file_loads_every_field(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(GOOD.replace("    severity: high\n", "    severity: high\n    reason: why\n"))
    [rule] = rules.load_rules([path], defaults=False)
    assert (rule.name, rule.action, rule.severity, rule.reason) == (
        "no-open-ssh", "revert", "high", "why",
    )  # fmt: skip
    assert [g.text for g in rule.match.types] == ["aws_security_group*"]
    assert [g.text for g in rule.match.paths] == ["ingress*"]


def test_the_shipped_schema_is_a_valid_json_schema_and_accepts_the_defaults() -> None:
    schema = rulefile.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(yaml.safe_load(rules.defaults_text()), schema)
