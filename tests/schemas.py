"""The JSON Schemas that driftctl's outputs are validated against in the tests."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

DATA = Path(__file__).resolve().parent / "data"

REPORT_SCHEMA: dict[str, Any] = json.loads(
    resources.files("driftctl").joinpath("schemas", "report.schema.json").read_text("utf-8")
)
SARIF_SCHEMA: dict[str, Any] = json.loads((DATA / "sarif-schema-2.1.0.json").read_text("utf-8"))

_REPORT = jsonschema.Draft202012Validator(REPORT_SCHEMA)
_SARIF = jsonschema.Draft7Validator(SARIF_SCHEMA)


def validate_report(doc: Any) -> None:
    """Raise jsonschema.ValidationError unless doc is a valid report, schema_version 1."""
    _REPORT.validate(doc)


def validate_sarif(doc: Any) -> None:
    """Raise jsonschema.ValidationError unless doc is a valid SARIF 2.1.0 log."""
    _SARIF.validate(doc)
