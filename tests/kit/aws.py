"""In-process moto for a test: the `aws` fixture, registered for every test by
tests/conftest.py (`pytest_plugins`), and what a run that loads moto does first.

moto is imported when the fixture is used, not when this module is: a run that uses no
moto (`python -m pytest tests/test_diff.py`) does not pay for importing it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from driftctl.demo import emulator
from tests import needed

REGION = "us-east-1"


def import_moto_backends() -> None:
    """Import every moto backend a scan reads, once per process, before a test calls moto
    (driftctl/aws/inprocess.py says why)."""
    import moto  # noqa: F401  # loaded, so that the backends are imported

    from driftctl.aws.inprocess import import_moto_backends as ready

    ready()


_METHOD_CACHES: list[Any] = []


def moto_method_caches() -> list[Any]:
    """The caches moto keeps on methods of its model classes (`functools.cache` and
    `lru_cache` on a method): they hold the instances they were called on, and with them
    the backend each belongs to. A Subnet's cache (unbounded) kept every EC2 backend a
    test process ever made, thousands of AMIs each: the heap grew by ~25,000 objects a
    test module, and every full collection of a worker's last tests walked millions."""
    if not _METHOD_CACHES:
        import functools
        import sys

        for name, module in sorted(sys.modules.items()):
            if not name.startswith("moto.") or module is None:
                continue
            for cls in [v for v in vars(module).values() if isinstance(v, type)]:
                if cls.__module__ != name:
                    continue
                for value in vars(cls).values():
                    if isinstance(value, functools._lru_cache_wrapper):
                        _METHOD_CACHES.append(value)
        _METHOD_CACHES.append(None)  # looked once
    return [c for c in _METHOD_CACHES if c is not None]


def answer_missing_calls() -> None:
    """The calls a scan makes that moto lacks entirely, answered from moto's own state as
    AWS answers them (tests/tf/moto_gaps.py; a method moto has is never replaced): WAFv2's
    ListResourcesForWebACL, which the web ACL associations' scan makes for every web ACL, and
    API Gateway v2's GetAuthorizers, which the authorizers' scan makes for every API, and
    its UpdateDomainName, which a domain name's revert makes."""
    from moto.apigatewayv2.responses import ApiGatewayV2Response
    from moto.wafv2.responses import WAFV2Response

    from tests.tf.moto_gaps import (
        apigatewayv2_authorizers_listed,
        apigatewayv2_domain_updated,
        wafv2_resources_listed,
    )

    wafv2_resources_listed(WAFV2Response)
    apigatewayv2_authorizers_listed(ApiGatewayV2Response)
    apigatewayv2_domain_updated(ApiGatewayV2Response)


def share_service_models() -> None:
    """Every botocore Session of this process reads AWS's service models through one
    loader, so each model is parsed once per test process, not once per Session.

    The models are data files, the same for every Session; driftctl makes a Session per
    scan (as a user's run makes one), and an in-process test makes several scans: parsing
    the JSON models (megabytes for EC2) again for each was most of such a test's time."""
    import botocore.session

    create = botocore.session.create_loader
    if getattr(create, "shared", False):
        return
    loaders: dict[str | None, Any] = {}

    def shared(search_path_string: str | None = None) -> Any:
        if search_path_string not in loaders:
            loaders[search_path_string] = create(search_path_string)
        return loaders[search_path_string]

    shared.shared = True  # type: ignore[attr-defined]
    botocore.session.create_loader = shared


@pytest.fixture
def aws_region() -> str | None:
    """The region `aws` puts in the environment; a module overrides this fixture to choose
    another, or None for no default region (a test of where the region comes from)."""
    return REGION


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch, aws_region: str | None) -> Iterator[None]:
    """AWS in-process (moto's mock_aws), reached with fake credentials: no endpoint, no
    profile of the caller's, the region of `aws_region`. Every AWS call of the test is
    recorded (tests/needed.py scans what the test called)."""
    from moto import mock_aws

    import_moto_backends()
    answer_missing_calls()
    share_service_models()
    for key, value in emulator.FAKE_CREDENTIALS.items():
        monkeypatch.setenv(key, value)
    for key in ("AWS_ENDPOINT_URL", "AWS_PROFILE"):
        monkeypatch.delenv(key, raising=False)
    for key in ("AWS_REGION", "AWS_DEFAULT_REGION"):
        if aws_region is None:
            monkeypatch.delenv(key, raising=False)
        else:
            monkeypatch.setenv(key, aws_region)
    needed.record_calls(monkeypatch)
    try:
        with mock_aws():
            yield
    finally:
        for cache in moto_method_caches():
            cache.cache_clear()
