"""action.yml is a valid composite action by GitHub's published schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT.parent / "shared" / "schemas" / "github-action.json"


@pytest.mark.skipif(not SCHEMA.exists(), reason="shared/schemas is not beside this checkout")
def test_action_yml_validates_against_the_github_action_schema() -> None:
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    jsonschema.validate(action, json.loads(SCHEMA.read_text()))
    assert set(action["outputs"]) == {"drift-count", "report-json", "exit-code"}
    assert action["runs"]["using"] == "composite"
