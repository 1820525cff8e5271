"""Every shipped JSON schema gives each key once: with a duplicate, json.load silently keeps
the last copy, so the schema other programs read differs from the one we wrote."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import driftctl

SCHEMAS = sorted((Path(driftctl.__file__).parent / "schemas").glob("*.json"))


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    twice = sorted(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
    assert not twice, f"keys given twice: {twice}"
    return dict(pairs)


def test_the_schemas_are_found() -> None:
    assert {p.name for p in SCHEMAS} >= {"report.schema.json", "rules.schema.json"}


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_a_schema_gives_each_key_once(path: Path) -> None:
    json.loads(path.read_text(), object_pairs_hook=_no_duplicates)
