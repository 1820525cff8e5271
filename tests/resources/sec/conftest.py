"""The security, observability and container types against in-process moto (mock_aws):
the real pipeline scans HCL written to a tmp dir, and a revert's calls are run on moto."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from moto import mock_aws

from driftctl.demo import emulator

REGION = "us-east-1"


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for key, value in emulator.FAKE_CREDENTIALS.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AWS_REGION", REGION)
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    with mock_aws():
        yield
