"""docs/resource-types.md is generated from the registry and must be current."""

from __future__ import annotations

from driftctl.resources import docs
from driftctl.resources.registry import REVERTS, SCANS, TYPES
from driftctl.resources.s3 import bucket
from tests.paths import ROOT


def test_the_resource_types_page_is_current() -> None:
    written = (ROOT / "docs" / "resource-types.md").read_text(encoding="utf-8")
    assert written == docs.render(), "run: python -m driftctl.resources.docs"


def test_every_type_has_its_row_section_and_call_floor() -> None:
    text = docs.render()
    for name in TYPES:
        assert f"### `{name}`" in text
        assert text.count(f"| `{name}` |") == 3  # compared, declared by, revert
    # a bucket's tags and each of its settings: one call each
    assert f"ListBuckets pages, once; per resource: {1 + len(bucket.SETTINGS)} (" in text
    assert docs.floor(SCANS["ec2_subnets"]) == "DescribeSubnets pages, per region"


def test_revert_support_is_read_from_the_records() -> None:
    in_place, replace, create, delete = docs._revert("aws_iam_policy")
    assert "`policy`" in in_place and "`description`" in replace
    assert create == "yes" and delete.startswith("yes, unless")
    assert REVERTS["aws_iam_policy"].delete is not None
