"""Every JSON report rendered in a test process is validated against the report schema."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from driftctl.model import Report
from driftctl.report import jsonout
from tests.schemas import validate_report


@pytest.fixture(autouse=True)
def _reports_follow_the_schema(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    render = jsonout.render

    def validated(report: Report) -> str:
        text = render(report)
        validate_report(json.loads(text))
        return text

    monkeypatch.setattr(jsonout, "render", validated)
    yield
