"""The application's tests, with driftctl's checks around them."""

from __future__ import annotations

from typing import Any

import pytest
from app import export_batch


@pytest.mark.no_drift
def test_stack_matches_the_code(stack: None) -> None:
    """The stack the tests run on is what infra/ declares (it fails on drift)."""


@pytest.mark.no_leaks
def test_export_leaves_nothing_behind(stack: None, s3: Any) -> None:
    key = export_batch(s3, "b42", ["order-1,3", "order-2,5"])
    assert s3.get_object(Bucket="orders-test", Key=key)["Body"].read() == b"order-1,3\norder-2,5"
