"""Scan a declaration against moto, and run a revert's calls there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from driftctl import settings
from driftctl.base.calls import Ctx
from driftctl.core.model import Drift
from driftctl.engine import pipeline
from driftctl.resources.registry import REVERTS, TYPES
from driftctl.revert import flow
from driftctl.revert import spec as revert
from tests import needed
from tests.kit.revert import hcl_settings

REGION = "us-east-1"


REVERT = """\
rules:
  - name: revert-declared
    match: {kind: [changed, missing]}
    action: revert
"""


def _conf(tmp_path: Path, rules: bool = False) -> settings.Settings:
    if not rules:
        return hcl_settings(tmp_path)
    rule_file = tmp_path / "rules.yaml"
    rule_file.write_text(REVERT)
    return hcl_settings(tmp_path, rule_file)


def scan(tmp_path: Path, hcl: str) -> list[Drift]:
    (tmp_path / "main.tf").write_text(hcl)
    conf = _conf(tmp_path)
    declared = pipeline.load_declared(conf)
    report = pipeline.scan_report(declared, needed.load_live(conf, declared))
    assert report.errors == ()
    return list(report.drifts)


def kinds(drifts: list[Drift], rtype: str | None = None) -> list[tuple[str, str, str | None]]:
    return sorted(
        (d.kind, d.type, d.address or d.id) for d in drifts if rtype is None or d.type == rtype
    )


def changed(drifts: list[Drift], address: str) -> dict[str, tuple[Any, Any]]:
    """path -> (declared, live) of the drift of one address."""
    found = [d for d in drifts if d.address == address and d.kind == "changed"]
    return {c.path: (c.expected, c.actual) for d in found for c in d.changes}


def revert_all(tmp_path: Path) -> list[str]:
    """`driftctl revert --approve` of every changed or missing declared resource in the
    declaration scan() wrote (the real planner, fresh reads, executor and re-scan)."""
    said: list[str] = []
    opts = flow.Options(approve=True, allow_dirty=True, journal_dir=tmp_path / "journal")
    status = flow.revert(_conf(tmp_path, rules=True), opts, said.append)
    assert int(status) == 0, "\n".join(said)
    return said


def put_back(drift: Drift, live: dict[str, Any], declared: dict[str, Any]) -> list[str]:
    """Plan the update that turns live into declared for one type, run its calls on moto,
    and return their names (refusals fail the test)."""
    rtype = drift.type
    ctx = Ctx(str(drift.id), REGION, drift.address or rtype)
    out = revert.update(REVERTS[rtype], TYPES[rtype].compared, ctx, live, declared)
    assert out.refusals == []
    for call in out.calls:
        client = boto3.client(call.service, region_name=REGION)  # type: ignore[call-overload]
        getattr(client, call.operation)(**call.params)
    return [c.name for c in out.calls]


def refusals(rtype: str, live: dict[str, Any], declared: dict[str, Any]) -> list[str]:
    ctx = Ctx("id-1", REGION, f"{rtype}.x")
    return revert.update(REVERTS[rtype], TYPES[rtype].compared, ctx, live, declared).refusals
