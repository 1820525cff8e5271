"""Which format a bare `--from PATH` is, by its content (ARCHITECTURE.md §7)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from driftctl.declared.cfn_yaml import TemplateLoader

KUSTOMIZATIONS = ("kustomization.yaml", "kustomization.yml", "Kustomization")


def detect(path: Path) -> tuple[str, Path] | None:
    """(scheme, path) for a directory or file driftctl can read, else None."""
    if path.is_dir():
        if any(path.glob("*.tf")):
            return "hcl", path
        if any((path / name).is_file() for name in KUSTOMIZATIONS):
            return "kustomize", path
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
    data = _first_document(text)
    if isinstance(data, dict):
        if data.get("version") == 4 and "terraform_version" in data:
            return "tfstate", path
        if "driftctl" in data or "AWSTemplateFormatVersion" in data or "Resources" in data:
            return "yaml", path
        if "apiVersion" in data and "kind" in data:
            return "kustomize", path  # already-rendered Kubernetes objects
    return None


def _first_document(text: str) -> Any:
    if text.lstrip().startswith("{"):
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return None
    try:
        for doc in yaml.load_all(text, Loader=TemplateLoader):
            if doc is not None:
                return doc
    except yaml.YAMLError:
        return None
    return None
