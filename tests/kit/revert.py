"""A test's settings for an HCL directory, and the revert plan of its drift: the real
pipeline (in-process moto: the `aws` fixture) scans the source, rules choose what to
revert, the planner plans it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from driftctl import settings
from driftctl.commands.demo import FIXTURE
from driftctl.core.model import Drift
from driftctl.engine import pipeline
from driftctl.revert import flow, planner
from driftctl.revert.state import build_world
from driftctl.rules import policy as rules
from driftctl.util.globs import Glob
from tests import needed
from tests.kit.aws import REGION


def hcl_settings(source: Path, rule_file: Path | None = None) -> settings.Settings:
    """A test's scan or revert of an HCL directory: `--from hcl://source --region
    us-east-1 --no-cache`, with the rules of rule_file."""
    return settings.build(
        settings.Options(
            sources=[f"hcl://{source}"],
            regions=[REGION],
            rules=[rule_file] if rule_file is not None else [],
            no_cache=True,
        )
    )


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
    """The revert plan of source's drift under the rules of rules_text (written to
    tmp_path/rules.yaml); only: the drifts chosen (`--only`)."""
    rule_file = tmp_path / "rules.yaml"
    rule_file.write_text(rules_text)
    conf = hcl_settings(source, rule_file)
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
