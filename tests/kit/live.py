"""The live state of a test's emulator, as a test observes it before and after what it
tests: `snapshot(endpoint, source, path)`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def snapshot(endpoint: str, source: Path, path: Path) -> dict[tuple[str, str], Any]:
    """Every live resource exactly as `driftctl scan --save-live` writes it, keyed by
    (type, id). Read in this process through the Python API: an observation, not what
    the test tests, and a CLI process for it cost a second of CPU each time."""
    from driftctl import api

    api.scan(f"hcl://{source}", endpoint_url=endpoint, save_live=path)
    doc = json.loads(path.read_text())
    return {
        (r["type"], r["id"]): r["attrs"]
        for state in doc["accounts"].values()
        for r in state["resources"]
    }
