"""The revert unit tests run the real pipeline against moto in-process (mock_aws)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from moto import mock_aws

from driftctl import settings
from driftctl.commands.demo import FIXTURE
from driftctl.core.model import Drift
from driftctl.demo import emulator
from driftctl.engine import pipeline
from driftctl.revert import flow, planner
from driftctl.revert.state import build_world
from driftctl.rules import policy as rules
from driftctl.util.globs import Glob
from tests import needed


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for key, value in emulator.FAKE_CREDENTIALS.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    with mock_aws():
        yield


@dataclasses.dataclass
class Planned:
    plan: planner.Plan
    drifts: list[Drift]
    aws: flow.Aws


def make_plan(
    tmp_path: Path,
    rules_text: str,
    only: Sequence[Glob] = (),
    source: Path = FIXTURE,
    observe_only: bool = False,
) -> Planned:
    rule_file = tmp_path / "rules.yaml"
    rule_file.write_text(rules_text)
    conf = settings.build(
        [f"hcl://{source}"],
        [],
        None,
        ["us-east-1"],
        None,
        rules=settings.parse_rules([rule_file], None),
        no_cache=True,
    )
    policy = rules.policy_for(conf)
    declared = pipeline.load_declared(conf)
    run = needed.load_live(conf, declared)
    report = rules.apply(policy, pipeline.scan_report(declared, run))
    drifts = list(report.drifts)
    if observe_only:
        drifts = [dataclasses.replace(d, observe_only=True) for d in drifts]
    connected = flow.connect(conf)
    world = build_world(declared, run)
    chosen = planner.selected(drifts, only)
    return Planned(
        planner.plan(chosen, world, connected.reader, policy, connected.account), drifts, connected
    )
