"""What an in-process moto test needs scanned (the test kit's use of driftctl/engine/needs.py).

A scan of every type costs every test that makes one the 57 list calls of an account,
when the test put resources in one or two services. The kit scans the types of the
services the test called (every boto3 call of the test is recorded: tests/conftest.py),
the services moto fills as a side effect of those (an Auto Scaling group launches EC2
instances), and the declared types, closed as needs.closed closes them. What an
untouched service holds in moto (nothing, or AWS's own defaults, never unmanaged) is what
a scan of it would find, so a test asserting on unmanaged resources of a type it created
still scans that type. A test that called a service able to create anything
(CloudFormation) or scans with --strict (AWS's defaults reported) scans everything, as
does every test under DRIFTCTL_TEST_SCAN_ALL=1 (to compare).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from driftctl.aws.canonical import Declared
    from driftctl.engine.scopes import LiveRun
    from driftctl.settings import Settings

SCAN_ALL_ENV = "DRIFTCTL_TEST_SCAN_ALL"
# services whose calls make moto create resources in others
SIDE_EFFECTS = {
    "autoscaling": {"ec2", "elbv2"},
    "ecs": {"ec2", "elbv2"},
    "eks": {"ec2", "autoscaling", "iam"},
    "elbv2": {"ec2"},
    "lambda": {"logs", "iam"},
    "rds": {"ec2"},
    "elasticache": {"ec2"},
}
# services that need no scan: the identity call
NO_RESOURCES = {"sts"}

_CALLED: set[str] = set()


def record_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now to the end of the test: every AWS call, by service (boto3's client name)."""
    import botocore.client

    _CALLED.clear()
    call = botocore.client.BaseClient._make_api_call
    if getattr(call, "_records_calls", False):
        return  # already recorded in this test (tests/conftest.py, then the aws fixture)

    def recorded(self: Any, operation: str, params: Any) -> Any:
        _CALLED.add(self.meta.service_model.service_name)
        return call(self, operation, params)

    recorded._records_calls = True  # type: ignore[attr-defined]
    monkeypatch.setattr(botocore.client.BaseClient, "_make_api_call", recorded)


def types(conf: Settings, declared: Declared) -> frozenset[str] | None:
    """The types this test's scan reads (None: every type)."""
    if conf.selection.strict:
        return None
    return declared_types(declared)


def declared_types(declared: Declared) -> frozenset[str] | None:
    """The types a scan (without --strict) of this test's account reads, with these
    declarations (None: every type)."""
    from driftctl.engine import needs
    from driftctl.resources.registry import SCANS, TYPES

    if os.environ.get(SCAN_ALL_ENV) == "1":
        return None
    services = set(_CALLED) - NO_RESOURCES
    scanned = {spec.service for spec in SCANS.values()}
    if services - scanned:
        return None  # CloudFormation, Organizations, ...: may have made anything
    for service in list(services):
        services |= SIDE_EFFECTS.get(service, set())
    resources = [*declared.resources, *(r for rs in declared.per_account.values() for r in rs)]
    wanted = {name for name, t in TYPES.items() if SCANS[t.scan].service in services}
    wanted |= {r.type for r in resources}
    return needs.closed(wanted, resources)


def load_live(conf: Settings, declared: Declared) -> LiveRun:
    """pipeline.load_live of the types this test needs."""
    from driftctl.engine import pipeline

    return pipeline.load_live(conf, types=types(conf, declared))
