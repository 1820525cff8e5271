"""The YAML span editor on its own: a value reconciled with a wanted one changes only its
own bytes, and the result reads back as the wanted value (with PyYAML, and as a string
where a string is wanted for any YAML reader). What it cannot edit without touching
other bytes it refuses."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from driftctl.codify.yaml.edit import Editor, Refuse, key_text
from driftctl.codify.yaml.render import plain_ok
from driftctl.codify.yaml.spans import parse


def edited(text: str, path: tuple[Any, ...], wanted: Any) -> str:
    doc = parse("x.yaml", text)
    node = doc.root
    for step in path:
        found = node.items[step] if isinstance(step, int) else node.get(step)
        assert found is not None, step
        node = found
    edits = Editor(doc, lambda n: False, lambda n, w: []).reconcile(node, wanted)
    out, at = [], 0
    for e in sorted(edits, key=lambda e: (e.start, e.end, e.text)):
        out += [text[at : e.start], e.text]
        at = e.end
    return "".join(out) + text[at:]


LONG = {f"key{i}": f"value-number-{i}" for i in range(8)}

# name -> (text, path to the node, wanted value, expected text)
CASES: dict[str, tuple[str, tuple[Any, ...], Any, str]] = {
    # a long value under a key on a `- ` line is indented under the key, not the dash
    "long-value-under-a-key-on-a-dash-line": (
        "items:\n  - a: 1\n    b: 2\n",
        ("items", 0, "a"),
        LONG,
        "items:\n  - a:\n"
        + "".join(f"      key{i}: value-number-{i}\n" for i in range(8))
        + "    b: 2\n",
    ),
    # an item added to a sequence in a sequence (`- - c`) joins the inner one
    "item-added-to-a-nested-block-sequence": (
        "x:\n  - - a\n  - - c\n",
        ("x", 1),
        ["c", "d"],
        "x:\n  - - a\n  - - c\n    - d\n",
    ),
    # a key written as a number (or bool) is the wanted string key: kept as written
    "non-string-key-kept-when-a-sibling-changes": (
        "m:\n  2024: budget   # the year\n  true: x\n  a: 1\n",
        ("m",),
        {"2024": "budget", "true": "x", "a": 2},
        "m:\n  2024: budget   # the year\n  true: x\n  a: 2\n",
    ),
    # a block collection that becomes a scalar: the key's comment stays, the items go
    # with theirs
    "block-mapping-becomes-a-scalar": (
        "m:   # keep\n  a: 1  # gone\nn: 2\n",
        ("m",),
        "s",
        "m: s   # keep\nn: 2\n",
    ),
    "block-sequence-emptied": (
        "m:\n  - a  # gone\n  - b\nn: 2\n",
        ("m",),
        [],
        "m: []\nn: 2\n",
    ),
    # block scalars: a multi-line value keeps the block style, its indentation and a
    # comment on its header; a one-line value is quoted
    "literal-block-stays-literal": (
        "a: |   # the text\n    one\n    two\nb: 1\n",
        ("a",),
        "three\nfour\n",
        "a: |   # the text\n    three\n    four\nb: 1\n",
    ),
    "literal-block-without-final-line-break": (
        "a: |\n    one\n    two\nb: 1\n",
        ("a",),
        "three\n\nfour",
        "a: |-\n    three\n\n    four\nb: 1\n",
    ),
    "folded-block-with-a-multi-line-value": (
        "a: >\n  one\n  two\nb: 1\n",
        ("a",),
        "x\ny\n",
        "a: |\n  x\n  y\nb: 1\n",
    ),
    "block-scalar-with-a-one-line-value": (
        "a: |\n  one\nb: 1\n",
        ("a",),
        "platform",
        'a: "platform"\nb: 1\n',
    ),
    "block-scalar-with-a-value-a-block-cannot-hold": (
        "a: |\n  one\nb: 1\n",
        ("a",),
        "  lead\nx\n",
        'a: "  lead\\nx\\n"\nb: 1\n',
    ),
    # multi-line flow collections: items go with their lines and comments, new ones
    # come as lines of their own; the comments of the others stay on their lines
    "flow-mapping-entry-added-after-a-comment": (
        "m: {\n  a: 1,  # one\n  b: 2   # two\n}\n",
        ("m",),
        {"a": 1, "b": 3, "c": 3},
        "m: {\n  a: 1,  # one\n  b: 3,   # two\n  c: 3\n}\n",
    ),
    "flow-mapping-first-entry-removed": (
        "m: {\n  a: 1,  # one\n  b: 2,  # two\n  c: 3\n}\n",
        ("m",),
        {"b": 2, "c": 3},
        "m: {\n  b: 2,  # two\n  c: 3\n}\n",
    ),
    "flow-sequence-last-items-removed": (
        "s: [\n  a,  # one\n  b,  # two\n  c\n]\n",
        ("s",),
        ["a"],
        "s: [\n  a  # one\n]\n",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_only_the_value_changes(name: str) -> None:
    text, path, wanted, expected = CASES[name]
    after = edited(text, path, wanted)
    assert after == expected
    read = yaml.safe_load(after)
    for step in path:
        read = read[step]
    if isinstance(read, dict):  # `2024:` stands for the key "2024"
        read = {key_text(k): v for k, v in read.items()}
    assert read == wanted


def test_removing_an_item_of_a_mixed_flow_list_with_comments_is_refused() -> None:
    text = "s: [a, b,  # two\n  c]\n"
    with pytest.raises(Refuse, match="drop comments"):
        edited(text, ("s",), ["a", "c"])


@pytest.mark.parametrize(
    "text",
    # YAML 1.1 bools and nulls in any case, YAML 1.2 and Go numbers, 1.1 sexagesimal
    [
        *("y", "Y", "n", "N", "yes", "No", "oN", "OFF", "True", "null", "~", "=", "<<"),
        *("1e3", "0o17", "0x1F", "0b101", ".inf", "-.Inf", ".NaN", "08", "0123", "1_000"),
        *("12:30", "+1", "-2.5", ".5", "1.2.3"),
    ],
)
def test_a_string_any_yaml_reader_takes_for_another_type_is_quoted(text: str) -> None:
    assert not plain_ok(text)


@pytest.mark.parametrize(
    "text", ["core", "acme-data", "10.0.0.0/8", "sts:AssumeRole", "ec2.amazonaws.com", "v1.2"]
)
def test_an_ordinary_string_stays_plain(text: str) -> None:
    assert plain_ok(text)
