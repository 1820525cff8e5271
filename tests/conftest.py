"""Every JSON report rendered in a test process is validated against the report schema.

moto's in-process backends are imported once, up front: moto imports a service's backend
on its first request, and a scan's first requests come from many threads at once, which
can deadlock Python's import locks (`_DeadlockError` importing moto.elb, seen under load).

Property tests (hypothesis) explore new examples on every local run; under CI=true they
are derandomized, so a landing gate fails only on a change, never on a newly drawn
example (a failing example found locally is kept in .hypothesis/ and tried first).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from driftctl.model import Report
from driftctl.report import jsonout
from tests.schemas import validate_report


def _import_moto_backends() -> None:
    from moto.backends import get_backend

    from driftctl.resources.registry import SCANS

    for service in sorted({spec.service for spec in SCANS.values()} | {"sts"}):
        get_backend(service)  # type: ignore[call-overload]


_import_moto_backends()
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI", "").lower() == "true":
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _reports_follow_the_schema(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    render = jsonout.render

    def validated(report: Report) -> str:
        text = render(report)
        validate_report(json.loads(text))
        return text

    monkeypatch.setattr(jsonout, "render", validated)
    yield
