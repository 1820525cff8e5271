"""Real Terraform against moto: one provider installation per test session.

Where terraform or the provider is not installed, every test here is skipped and says
why. Where it is installed but does not work, that is a failure under CI=true (a CI
image that lost its terraform must not turn these tests into silent skips) and a skip
that names the problem elsewhere.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.tf import checks, harness


def ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def terraform(tmp_path_factory: pytest.TempPathFactory) -> Iterator[harness.Terraform]:
    reason = harness.absent()
    if reason:
        pytest.skip(reason)
    tf = harness.Terraform(tmp_path_factory.mktemp("terraform"))
    try:
        tf.init()
    except (harness.HarnessError, OSError) as exc:
        message = f"terraform at {harness.TERRAFORM} is installed but broken: {exc}"
        if ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(f"{message} (under CI=true this fails)")
    yield tf
    tf.close()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    checks.parametrize(metafunc)
