"""The diff of two renders: resources only on one side, attribute paths, sections, masking."""

from __future__ import annotations

import json
from typing import Any

from driftctl.determinism.render_diff import diff_renders, diff_texts


def render(*resources: dict[str, Any], warnings: list[str] | None = None) -> dict[str, Any]:
    return {
        "schema_version": 1,
        "resources": list(resources),
        "unknown": [],
        "warnings": warnings or [],
    }


def bucket(address: str, **attrs: Any) -> dict[str, Any]:
    return {"type": "aws_s3_bucket", "address": address, "id": None, "attrs": attrs, "source": None}


def test_names_the_resource_and_the_attribute_path() -> None:
    a = render(bucket("aws_s3_bucket.a", tags={"Env": "x", "Team": "t"}, acl="private"))
    b = render(bucket("aws_s3_bucket.a", tags={"Env": "y", "Team": "t"}, acl="private"))
    assert diff_renders(a, b, ("run 1", "run 2")) == ['aws_s3_bucket.a: attrs.tags.Env: "x" → "y"']


def test_resources_on_one_side_and_list_items() -> None:
    a = render(bucket("aws_s3_bucket.a", rules=[1, 2]), bucket("aws_s3_bucket.gone"))
    b = render(bucket("aws_s3_bucket.a", rules=[1, 3]), bucket("aws_s3_bucket.new"))
    assert diff_renders(a, b, ("run 1", "run 3")) == [
        "aws_s3_bucket.a: attrs.rules[1]: 2 → 3",
        "aws_s3_bucket.gone: only in run 1",
        "aws_s3_bucket.new: only in run 3",
    ]


def test_absent_keys_and_other_sections() -> None:
    a = render(bucket("aws_s3_bucket.a", acl="private"), warnings=["w1", "w2"])
    b = render(bucket("aws_s3_bucket.a"), warnings=["w2", "w1"])
    assert diff_renders(a, b) == [
        'aws_s3_bucket.a: attrs.acl: "private" → (absent)',
        "warnings: the same entries in another order",
    ]
    c = render(bucket("aws_s3_bucket.a"), warnings=["w3"])
    assert diff_renders(b, c) == [
        'warnings: only in run 1: "w2"',
        'warnings: only in run 1: "w1"',
        'warnings: only in run 2: "w3"',
    ]


def test_secret_values_are_masked() -> None:
    a = render(bucket("aws_db_instance.a", password="one"))
    b = render(bucket("aws_db_instance.a", password="two"))
    assert diff_renders(a, b) == ['aws_db_instance.a: attrs.password: "***" → "***"']


def test_text_that_is_not_json_gets_the_first_differing_line() -> None:
    assert diff_texts("a\nb\n", "a\nc\n") == ["line 2: run 1: 'b'", "line 2: run 2: 'c'"]
    doc = render(bucket("aws_s3_bucket.a"))
    same = diff_texts(json.dumps(doc), json.dumps(doc, indent=1))
    assert same == ["the same JSON, different bytes (formatting or key order)"]
