"""JSON read from the user: nesting bounded, duplicate keys refused where asked, as
JSONDecodeErrors that name the line."""

from __future__ import annotations

import json

import pytest

from driftctl.util import safejson
from driftctl.util.safejson import MAX_DEPTH


def test_nesting_up_to_the_limit_reads_and_one_more_is_refused_at_its_line() -> None:
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert safejson.loads(ok) is not None
    text = '{\n "a": ' + "[" * (MAX_DEPTH - 1) + "\n" + "{}" + "]" * (MAX_DEPTH - 1) + "}"
    with pytest.raises(json.JSONDecodeError) as caught:
        safejson.loads(text)
    assert (caught.value.lineno, caught.value.msg) == (3, f"nested deeper than {MAX_DEPTH} levels")


def test_a_hundred_thousand_levels_are_a_decode_error_not_a_recursion_error() -> None:
    with pytest.raises(json.JSONDecodeError, match="nested deeper"):
        safejson.loads("[" * 100_000 + "]" * 100_000)


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"policy": "[" * 500, "x": ["]" * 500]})
    assert safejson.loads(text)["policy"] == "[" * 500


def test_duplicate_keys_are_refused_only_when_asked() -> None:
    text = '{"a": 1,\n "b": {"c": 1},\n "a": 2}'
    assert safejson.loads(text) == {"a": 2, "b": {"c": 1}}
    with pytest.raises(json.JSONDecodeError) as caught:
        safejson.loads(text, duplicates=True)
    assert (caught.value.lineno, caught.value.msg) == (3, "duplicate key 'a' (first at line 1)")


def test_options_pass_through_and_syntax_errors_are_unchanged() -> None:
    assert safejson.loads("1.5", parse_float=str) == "1.5"
    with pytest.raises(json.JSONDecodeError) as caught:
        safejson.loads("{\n  oops")
    assert caught.value.lineno == 2
