"""The base helpers' meanings: one each, as every type module relies on them."""

from __future__ import annotations

from driftctl.base.helpers import (
    REPLACE,
    as_bool,
    as_int,
    attr_text,
    json_text,
    keep,
    xp_no_id,
    xp_prefixed,
    xp_same_name,
)
from driftctl.base.raw import RawResource
from driftctl.core.model import SourceRef, Unknown


def test_as_bool_reads_text_by_what_it_says_and_anything_else_by_its_truth() -> None:
    assert [as_bool(v) for v in ("true", " TRUE ", "false", "yes", "")] == [
        True,
        True,
        False,
        False,
        False,
    ]
    assert [as_bool(v) for v in (True, False, 1, 0, None)] == [True, False, True, False, False]


def test_as_int_gives_the_default_where_a_value_is_no_number() -> None:
    assert as_int("30") == 30 and as_int(7) == 7
    assert as_int("thirty") is None and as_int(None) is None
    assert as_int(None, 512) == 512 and as_int("", -1) == -1


def test_json_text_sends_documents_sorted_and_attr_text_flattens_values() -> None:
    assert json_text({"b": 1, "a": [True]}) == '{"a": [true], "b": 1}'
    assert json_text('{"b":1}') == '{"b":1}'  # text is sent as it is
    assert [attr_text(v) for v in (True, False, None, 5, "x")] == ["true", "false", "", "5", "x"]
    assert attr_text({"b": 1, "a": 2}) == '{"b": 1, "a": 2}'  # key order kept


def test_the_replace_reason_says_replace_needed() -> None:
    assert REPLACE == "replace needed: a human decides (AWS cannot change it in place)"


def test_keep_holds_the_compared_attributes_and_reads_a_renamed_one() -> None:
    raw = RawResource("t", "t.a", {"name": "n", "old": 1, "other": 2}, SourceRef("main.tf", 1, 1))
    (kept,) = keep("t", frozenset({"name", "new"}), rename={"old": "new"})(raw)
    assert kept.attrs == {"name": "n", "new": 1}
    assert keep("t", frozenset({"name"}))(raw)[0].attrs == {"name": "n"}


def test_external_name_factories() -> None:
    prefixed = xp_prefixed("vpc-")
    assert prefixed("vpc-1", "n", {}) == "vpc-1" and prefixed("n", "n", {}) is None
    assert xp_prefixed()("x", "n", {}) == "x" and xp_prefixed()(None, "n", {}) is None
    assert xp_prefixed("AKIA", "ASIA")("ASIA1", "n", {}) == "ASIA1"

    attrs: dict[str, object] = {"name": "given"}
    assert xp_same_name("name")(None, "meta", attrs) == "meta" and attrs == {"name": "given"}
    attrs = {"name": "given"}
    found = xp_same_name("name", overwrite=True, annotated_only=True)(None, "meta", attrs)
    assert found is None and attrs == {"name": "meta"}

    attrs = {}
    assert xp_no_id("name")("ext", "meta", attrs) is None and attrs == {"name": "ext"}
    attrs = {"name": Unknown("later")}
    assert xp_no_id("name", overwrite=True)("ext", "meta", attrs) is None
    assert attrs == {"name": "ext"}
