"""The one YAML loader: aliases, depth and duplicate keys are bounded, with FILE:LINE errors."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from driftctl.cli import main
from driftctl.declared.cfn.parse import TemplateLoader
from driftctl.errors import DriftctlError
from driftctl.util import safeyaml
from driftctl.util.safeyaml import MAX_ALIAS_NODES, MAX_DEPTH, LimitError

BOMB = Path(__file__).parent / "badinput" / "fixtures" / "bomb.yaml"


def error(text: str, **kwargs: bool) -> DriftctlError:
    with pytest.raises(yaml.YAMLError) as caught:
        safeyaml.documents(text, **kwargs)
    return safeyaml.yaml_error("f.yaml", text, caught.value)


def test_the_bomb_is_refused_at_the_alias_that_crosses_the_budget() -> None:
    text = BOMB.read_text()
    assert len(text.encode()) < 512  # a few hundred bytes standing for 9^9 values
    found = error(text)
    assert found.message == (
        "f.yaml:10: too many YAML aliases (a YAML bomb?): they stand for more than 100,000 values"
    )
    assert found.hint == "write the values out, or use fewer aliases"


def test_rules_validate_refuses_the_bomb(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "validate", str(BOMB)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"error: {BOMB}:10: too many YAML aliases (a YAML bomb?): they stand for more than "
        "100,000 values"
    ]


def test_aliases_within_the_budget_read_as_before() -> None:
    text = "base: &b {a: 1, b: [1, 2]}\nx: *b\ny: {<<: *b, c: 3}\n"
    assert safeyaml.load(text) == yaml.safe_load(text)
    many = "a: &a [1, 2, 3, 4]\n" + "".join(f"k{i}: *a\n" for i in range(MAX_ALIAS_NODES // 10))
    assert len(safeyaml.load(many)) == MAX_ALIAS_NODES // 10 + 1


def test_a_merge_key_bomb_is_refused() -> None:
    lines = ["a0: &a0 {k: 1}"]
    lines += [f"a{i}: &a{i} {{<<: [*a{i - 1}, *a{i - 1}], k{i}: 1}}" for i in range(1, 40)]
    assert "too many YAML aliases" in error("\n".join(lines) + "\n").message


@pytest.mark.parametrize("flow", [True, False])
def test_nesting_up_to_the_limit_reads_and_one_more_is_refused(flow: bool) -> None:
    def nested(levels: int) -> str:
        if flow:
            return "x: " + "[" * (levels - 1) + "]" * (levels - 1) + "\n"
        return (
            "".join(f"{'  ' * i}k{i}:\n" for i in range(levels - 1)) + f"{'  ' * (levels - 1)}v\n"
        )

    assert safeyaml.load(nested(MAX_DEPTH)) is not None
    found = error(nested(MAX_DEPTH + 1))
    assert found.message.startswith("f.yaml:")
    assert found.message.endswith(f"YAML nested deeper than {MAX_DEPTH} levels")


def test_twenty_thousand_levels_are_refused_not_a_recursion_error() -> None:
    text = "x: " + "[" * 20_000 + "]" * 20_000 + "\n"
    assert error(text).message == f"f.yaml:1: YAML nested deeper than {MAX_DEPTH} levels"


def test_depth_smuggled_in_through_an_alias_is_refused() -> None:
    deep = "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2)
    text = f"a: &a {deep}\nb: [[[*a]]]\n"
    assert error(text).message == (
        f"f.yaml:2: YAML nested deeper than {MAX_DEPTH} levels (through alias *a)"
    )


def test_a_recursive_alias_is_refused() -> None:
    assert error("a: &a\n  - x\n  - *a\n").message == (
        "f.yaml:3: recursive YAML alias *a (a structure that contains itself)"
    )


def test_a_duplicate_key_names_both_lines() -> None:
    found = error("a: 1\nb:\n  c: 1\n  c: 2\n")
    assert found.message == "f.yaml:4: duplicate key 'c' (first at line 3)"
    assert "only the last" in str(found.hint)


def test_duplicates_can_be_left_to_the_caller_and_merge_keys_are_not_duplicates() -> None:
    assert safeyaml.load("a: 1\na: 2\n", duplicates=False) == {"a": 2}
    text = "x: &x {a: 1}\ny: {<<: *x, <<: *x, b: 2}\n"
    assert safeyaml.load(text)["y"] == {"a": 1, "b": 2}
    assert safeyaml.load("1: a\n'1': b\n") == {1: "a", "1": "b"}  # an int and a string


def test_the_template_loader_keeps_its_tags() -> None:
    text = "Resources:\n  B:\n    Properties: {Name: !Ref P, Arn: !GetAtt R.Arn}\n"
    data = safeyaml.load(text, TemplateLoader)
    assert data["Resources"]["B"]["Properties"] == {
        "Name": {"Ref": "P"},
        "Arn": {"Fn::GetAtt": ["R", "Arn"]},
    }


def test_documents_give_each_node_and_its_data() -> None:
    pairs = safeyaml.documents("a: 1\n---\nb: 2\n")
    assert [(n.start_mark.line, d) for n, d in pairs] == [(0, {"a": 1}), (2, {"b": 2})]
    assert safeyaml.documents("") == []
    assert safeyaml.single("") == (None, None)


def test_the_budget_counts_the_whole_file_not_each_document() -> None:
    doc = "a: &a " + "[" + ",".join(["1"] * 99) + "]\n" + "b: [" + ",".join(["*a"] * 600) + "]\n"
    safeyaml.documents(doc)  # 60,000 values: fine
    with pytest.raises(LimitError):
        safeyaml.documents(doc + "---\n" + doc)
