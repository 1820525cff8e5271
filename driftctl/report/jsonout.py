"""The JSON report, schema_version 1 (docs/architecture.md §8): a pure function of its inputs."""

from __future__ import annotations

import json

from driftctl.core.model import Report


def render(report: Report) -> str:
    return json.dumps(report.to_json(), sort_keys=True, indent=2) + "\n"
