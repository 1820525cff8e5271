"""The rendering's JSON text (driftctl.engine.rendered): byte for byte what json.dumps writes."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from driftctl.engine.rendered import indented_json

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
