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
nothing. The `aws` fixture (tests/kit/aws.py) imports them when it starts moto.

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
from typing import Any

import pytest
from hypothesis import settings

from driftctl.core.model import Report
from driftctl.report import jsonout
from tests import needed, tiers
from tests.schemas import validate_report

# the kit's fixtures (tests/kit): `aws` (in-process moto), `endpoint` (moto's server)
pytest_plugins = ("tests.kit.aws", "tests.kit.server")
TIERS = ("terraform", "e2e")


def _asked(config: pytest.Config) -> tuple[bool, bool]:
    """Whether the command line gives a -m, and whether it names test files or folders."""
    args = [str(a) for a in config.invocation_params.args]
    typed_m = any(a == "-m" or (a.startswith("-m") and not a.startswith("--")) for a in args)
    paths = [a for a in args if not a.startswith("-") and Path(a.split("::")[0]).exists()]
    return typed_m, bool(paths)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """The default run (the fast tier: no -m, no test named) spreads over every core, as
    `-n auto` would, where pytest-xdist is installed and no -n is given; `-n 0` runs it in
    one process. A run naming tests, or choosing a tier with -m, runs as its command says.
    (Called before pytest-xdist's own hook, which reads -n.)"""
    typed_m, paths = _asked(config)
    if typed_m or paths or hasattr(config, "workerinput"):
        return
    if not config.pluginmanager.hasplugin("xdist"):
        return  # not installed, or -p no:xdist: one process
    if config.option.numprocesses is None and not config.option.collectonly:
        config.option.numprocesses = "auto"


def pytest_configure(config: pytest.Config) -> None:
    """Naming test files or directories runs them whatever their tier: the fast-tier
    `-m` of pyproject's addopts applies only when no -m and no test path is given."""
    typed_m, paths = _asked(config)
    if paths and not typed_m:
        config.option.markexpr = ""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        found = tiers.tier(item)
        if found is not None:
            item.add_marker(getattr(pytest.mark, found))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if "moto" in sys.modules or any(item.get_closest_marker(t) for t in TIERS):
        from tests.kit.aws import import_moto_backends  # a plugin: imported by pytest

        import_moto_backends()


@pytest.fixture(autouse=True)
def _aws_calls_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The services a moto test calls: what tests/needed.py scans; and botocore's models
    parsed once per process (tests/kit/aws.py)."""
    if "moto" in sys.modules:
        from tests.kit.aws import share_service_models

        needed.record_calls(monkeypatch)
        share_service_models()


# the Terraform groups of a parallel run are run ahead by its controller (tests/tf/prefetch.py)
_CONTROLLER: list[Any] = []


def _controller() -> Any:
    if not _CONTROLLER:
        from tests.tf.prefetch import Controller

        _CONTROLLER.append(Controller())
    return _CONTROLLER[0]


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """In the controller of an xdist run: tell each worker where outcomes are written."""
    _controller().configure_node(node)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    """In the controller: start the selected Terraform groups once a worker collected."""
    _controller().collected(ids)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if _CONTROLLER:
        _CONTROLLER[0].finish()


# no per-example deadline: a run on every core, with Terraform in the controller, slows an
# example past hypothesis's 200 ms now and then, and a test's speed is a bench's business
settings.register_profile("driftctl", deadline=None)
settings.register_profile("ci", parent=settings.get_profile("driftctl"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "driftctl")


@pytest.fixture(autouse=True)
def _reports_follow_the_schema(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    render = jsonout.render

    def validated(report: Report) -> str:
        text = render(report)
        validate_report(json.loads(text))
        return text

    monkeypatch.setattr(jsonout, "render", validated)
    yield
