"""A snyk driftctl user's world (tests/migration/conftest.py builds it once per run):
where its stack, state and live snapshot are, the scan that made the snapshot, and the
drifts of a report."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from tests.kit.cli import Run, driftctl


@dataclasses.dataclass
class World:
    root: Path  # holds stack/ (HCL + terraform.tfstate), live.json
    endpoint: str
    ids: dict[str, str]
    policy_arn: str

    @property
    def stack(self) -> Path:
        return self.root / "stack"

    @property
    def state(self) -> Path:
        return self.stack / "terraform.tfstate"

    @property
    def live(self) -> Path:
        return self.root / "live.json"


def world_scan(root: Path, endpoint: str) -> Run:
    return driftctl(
        "scan",
        "--from",
        f"hcl://{root / 'stack'}",
        "--endpoint-url",
        endpoint,
        "--region",
        "us-east-1",
        "--save-live",
        str(root / "live.json"),
        "-o",
        "json://-",
    )


def kinds(report: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(d["kind"], d["type"], d["id"] or d["address"]) for d in report["drifts"]}
