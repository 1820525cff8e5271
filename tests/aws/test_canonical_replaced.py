"""canonical._replaced, the quick dataclasses.replace of a declared resource (#29): the
resource it builds is the one replace builds, field for field."""

from __future__ import annotations

import dataclasses
import pickle

from driftctl.aws.canonical import _replaced
from driftctl.core.model import Resource, SourceRef


def test_replaced_is_dataclasses_replace() -> None:
    res = Resource(
        "aws_s3_bucket", None, "aws_s3_bucket.b", {"bucket": "b"},
        source=SourceRef("main.tf", 1, 3), region="eu-west-1", account="1",
        provenance={"bucket": SourceRef("main.tf", 2, 2)}, observe_only=True,
        address_type="aws_s3_bucket", sensitive=frozenset({"tags.Token"}),
        bound={"bucket": {"var.x": "b"}},
    )  # fmt: skip
    changes = {"id": "b", "attrs": {"bucket": "b", "tags": {}}, "region": None}
    quick, slow = _replaced(res, **changes), dataclasses.replace(res, **changes)
    assert type(quick) is Resource
    assert {f.name: getattr(quick, f.name) for f in dataclasses.fields(Resource)} == {
        f.name: getattr(slow, f.name) for f in dataclasses.fields(Resource)
    }
    assert pickle.dumps(quick) == pickle.dumps(slow)  # the same __dict__, in the same order
    assert res.id is None and res.region == "eu-west-1"  # the original is left as it was
