"""The rendering's JSON text (driftctl.engine.rendered): byte for byte what json.dumps writes
of Rendered.to_json()."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from driftctl.core.model import Ref, Resource, SourceRef, Unknown
from driftctl.engine.rendered import Rendered, indented_json

_LEAVES = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
_DATA = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(), inner, max_size=4)
        | st.tuples(inner, inner)
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(_DATA)
def test_the_text_is_json_dumps_sorted_and_indented(value: Any) -> None:
    assert indented_json(value) == json.dumps(value, sort_keys=True, indent=2)


@pytest.mark.parametrize("key", [1, 2.5, True, False, None, float("inf")])
def test_keys_that_are_not_strings_are_written_as_json_dumps_writes_them(key: Any) -> None:
    assert indented_json({key: [key]}) == json.dumps({key: [key]}, sort_keys=True, indent=2)


@pytest.mark.parametrize("value", [{(1, 2): 1}, {"a": object()}, [b"bytes"]])
def test_what_json_cannot_write_is_the_same_type_error(value: Any) -> None:
    with pytest.raises(TypeError) as expected:
        json.dumps(value, sort_keys=True, indent=2)
    with pytest.raises(TypeError, match=f"^{re.escape(str(expected.value))}$"):
        indented_json(value)


# ------------------------------------------------------------------ Rendered.text

_NAMES = st.sampled_from(["Name", "password", "api_token", "tags", "id", "secret_string", "a"])
_DECLARED = st.recursive(
    _LEAVES
    | st.builds(Unknown, st.text(max_size=5))
    | st.builds(Ref, st.just("aws_vpc.main"), st.just(("id",)), st.text(max_size=3)),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(_NAMES | st.text(max_size=3), inner, max_size=4)
        | st.dictionaries(st.integers(0, 3) | _NAMES, inner, max_size=3)  # a YAML `2024:`
        | st.tuples(inner, inner)
    ),
    max_leaves=30,
)
_RESOURCES = st.lists(
    st.builds(
        Resource,
        st.sampled_from(["aws_s3_bucket", "aws_db_instance", "aws_ssm_parameter"]),
        st.none() | st.text(max_size=4),
        st.none() | st.text(max_size=4),
        st.dictionaries(_NAMES, _DECLARED, max_size=4),
        st.none() | st.builds(SourceRef, st.just("main.tf"), st.integers(1, 9)),
        sensitive=st.frozensets(st.sampled_from(["tags.Name", "a", "password"]), max_size=2),
    ),
    max_size=3,
)


@settings(max_examples=300, deadline=None)
@given(_RESOURCES, st.dictionaries(_NAMES, _DECLARED, max_size=2))
def test_the_rendering_text_is_its_json_indented(resources: Any, outputs: Any) -> None:
    """text() writes each resource's attrs as it masks them, without to_json()'s copies:
    the same bytes, secrets masked, Unknowns and Refs as {"$unknown": ...}."""
    rendered = Rendered(tuple(resources), outputs=tuple(sorted(outputs.items())))
    assert rendered.text() == indented_json(rendered.to_json()) + "\n"
