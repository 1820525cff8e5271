"""Which format a bare `--from PATH` is, by its content (docs/architecture.md §7).

A `.yaml`/`.yml`/`.json`/`.template` file that does not parse is a DriftctlError naming
FILE:LINE, exactly as `yaml://` reports it; any other unparsable file is not detected."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from driftctl.declared.cfn.parse import TemplateLoader
from driftctl.errors import DriftctlError
from driftctl.util import safejson, safeyaml
from driftctl.util.safeyaml import yaml_error

KUSTOMIZATIONS = ("kustomization.yaml", "kustomization.yml", "Kustomization")
# files that say they are data: one that does not parse is reported, not "cannot tell"
DATA_SUFFIXES = (".yaml", ".yml", ".json", ".template")


def detect(path: Path) -> tuple[str, Path] | None:
    """(scheme, path) for a directory or file driftctl can read, else None. A directory
    with *.tf files is hcl, one with a kustomization kustomize, one with *.tfstate files
    (and no *.tf) tfstate, read as tfstate://DIR."""
    if path.is_dir():
        if any(path.glob("*.tf")):
            return "hcl", path
        if any((path / name).is_file() for name in KUSTOMIZATIONS):
            return "kustomize", path
        if any(p.is_file() for p in path.glob("*.tfstate")):
            return "tfstate", path  # pulled or local state: every *.tfstate below it
        return None
    if not path.is_file():
        return None
    if path.suffix == ".tf":
        return "hcl", path.parent
    if path.name in KUSTOMIZATIONS:
        return "kustomize", path.parent
    if path.suffix == ".tfstate":
        return "tfstate", path
    return _by_content(path)


def _by_content(path: Path) -> tuple[str, Path] | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    data = _first_document(path, text)
    if isinstance(data, dict):
        if data.get("version") == 4 and "terraform_version" in data:
            return "tfstate", path
        if "driftctl" in data or "AWSTemplateFormatVersion" in data or "Resources" in data:
            return "yaml", path
        if "apiVersion" in data and "kind" in data:
            return "kustomize", path  # already-rendered Kubernetes objects
    return None


def _first_document(path: Path, text: str) -> Any:
    """The first document of a JSON or YAML file. A file named as YAML or JSON that does not
    parse is the error the loaders give (`FILE:LINE: invalid YAML: ...`), not a guess."""
    named = path.suffix.lower() in DATA_SUFFIXES
    if text.lstrip().startswith("{"):
        try:
            return safejson.loads(text)
        except json.JSONDecodeError as exc:
            if named:
                raise DriftctlError(f"{path.name}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
            return None
    try:
        for _, doc in safeyaml.documents(text, TemplateLoader):
            if doc is not None:
                return doc
    except yaml.YAMLError as exc:
        if named:
            raise yaml_error(path.name, text, exc) from exc
        return None
    return None
