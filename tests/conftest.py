"""Every JSON report rendered in a test process is validated against the report schema.

Tests are marked by what they use (tests/tiers.py, docs/testing.md): `terraform` (tests/tf),
`e2e` (a moto server, a subprocess, pytester); the rest is the fast tier, which a plain
`python -m pytest` runs (pyproject's addopts); `python -m pytest -m ""` runs everything.
Naming test files or directories on the command line runs them whatever their tier.

moto's in-process backends are imported once, before the first test of a run in which moto
is loaded (some collected module imported it, or the test runs a moto server): moto
imports a service's backend on its first request, and a scan's first requests come from
many threads at once, which can deadlock Python's import locks (`_DeadlockError`
importing moto.elb, seen under load). A run that loads no moto (tests/test_diff.py) pays
nothing.

Property tests (hypothesis) explore new examples on every local run; under CI=true they
are derandomized, so a landing gate fails only on a change, never on a newly drawn
example (a failing example found locally is kept in .hypothesis/ and tried first).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from driftctl.core.model import Report
from driftctl.report import jsonout
from tests import needed, tiers
from tests.schemas import validate_report

TIERS = ("terraform", "e2e")
_MOTO_READY: list[bool] = []


def _import_moto_backends() -> None:
    from moto.backends import get_backend

    from driftctl.resources.registry import SCANS

    for service in sorted({spec.service for spec in SCANS.values()} | {"sts"}):
        get_backend(service)  # type: ignore[call-overload]


def pytest_configure(config: pytest.Config) -> None:
    """Naming test files or directories runs them whatever their tier: the fast-tier
    `-m` of pyproject's addopts applies only when no -m and no test path is given."""
    args = [str(a) for a in config.invocation_params.args]
    typed_m = any(a == "-m" or (a.startswith("-m") and not a.startswith("--")) for a in args)
    paths = [a for a in args if not a.startswith("-") and Path(a.split("::")[0]).exists()]
    if paths and not typed_m:
        config.option.markexpr = ""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        found = tiers.tier(item)
        if found is not None:
            item.add_marker(getattr(pytest.mark, found))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if _MOTO_READY:
        return
    if "moto" in sys.modules or any(item.get_closest_marker(t) for t in TIERS):
        _import_moto_backends()
        _MOTO_READY.append(True)


@pytest.fixture(autouse=True)
def _aws_calls_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The services a moto test calls: what tests/needed.py scans."""
    if "moto" in sys.modules:
        needed.record_calls(monkeypatch)


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
