"""moto's server on 127.0.0.1 for the end-to-end tests: the `moto_endpoint` and `endpoint`
fixtures, registered for every test by tests/conftest.py (a test that uses them is e2e:
tests/tiers.py)."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator

import pytest

from driftctl.demo import emulator


@pytest.fixture(scope="session")
def moto_endpoint() -> Iterator[str]:
    with emulator.moto_server() as endpoint:
        yield endpoint


@pytest.fixture
def endpoint(moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A clean emulator for each test, and credentials that reach it."""
    req = urllib.request.Request(f"{moto_endpoint}/moto-api/reset", method="POST")
    urllib.request.urlopen(req, timeout=60).close()  # a loaded machine is slow
    for key, value in emulator.FAKE_CREDENTIALS.items():
        monkeypatch.setenv(key, value)
    return moto_endpoint
