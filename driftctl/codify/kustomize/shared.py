"""Whether a file of the kustomization being codified is built by another one too.

A base is usually shared: `overlays/demo` and `overlays/prod` both list `../../base`.
Editing the base for a drift of the demo environment would change prod as well, so such
a file is left to a person (who may put the value into the overlay's patch instead).
The other kustomizations are found by walking the repository (the directory holding
`.git`) for kustomization files; a kustomization that includes this one, or that this
one includes, is not "another": it builds the same objects the same way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from driftctl.codify.kustomize.tree import PATCH_KEYS, kustomization_file
from driftctl.declared.k8s.kustomize import KUSTOMIZATIONS
from driftctl.util import safeyaml

SKIP = frozenset({".git", "node_modules", ".terraform", ".venv"})
ENTRIES = ("resources", "bases", "components")


def top_of(root: Path) -> Path | None:
    """The repository's top directory (where `.git` is); None outside a repository."""
    here = root.resolve()
    for directory in (here, *here.parents):
        if (directory / ".git").exists():
            return directory
    return None


class Usage:
    """The files each kustomization directory builds from, through the ones it includes."""

    def __init__(self) -> None:
        self._uses: dict[Path, frozenset[Path]] = {}
        self._found: dict[Path, list[Path]] = {}

    def kustomizations(self, top: Path) -> list[Path]:
        """Every kustomization file under top, in a stable order (walked once)."""
        if top not in self._found:
            found = []
            for dirpath, dirnames, filenames in os.walk(top):
                dirnames[:] = sorted(d for d in dirnames if d not in SKIP)
                name = next((n for n in KUSTOMIZATIONS if n in filenames), None)
                if name is not None:
                    found.append(Path(dirpath) / name)
            self._found[top] = found
        return self._found[top]

    def uses(self, directory: Path) -> frozenset[Path]:
        if directory not in self._uses:
            self._uses[directory] = frozenset()  # a cycle: kustomize refuses it anyway
            self._uses[directory] = frozenset(self._read(directory))
        return self._uses[directory]

    def _read(self, directory: Path) -> set[Path]:
        name = kustomization_file(directory)
        if name is None:
            return set()
        out = {directory / name}
        try:
            data = safeyaml.load((directory / name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            return out
        if not isinstance(data, dict):
            return out
        for entry in _strings(data, ENTRIES):
            if "://" in entry or entry.startswith("git@"):
                continue  # a remote base: not in this repository
            path = Path(os.path.normpath(directory / entry))
            if path.is_dir():
                out |= self.uses(path)
            else:
                out.add(path)
        for key in PATCH_KEYS:
            for item in data.get(key) or ():
                path_of = item if isinstance(item, str) else (item or {}).get("path")
                if isinstance(path_of, str) and "\n" not in path_of:
                    out.add(Path(os.path.normpath(directory / path_of)))
        return out


def _strings(data: dict[str, Any], keys: tuple[str, ...]) -> list[str]:
    return [e for k in keys for e in data.get(k) or () if isinstance(e, str)]


def sharer(root: Path, file: str, usage: Usage) -> str | None:
    """Another kustomization (relative to root) that builds from file, if any."""
    top = top_of(root)
    if top is None:
        return None
    here = root.resolve()
    ours = usage.uses(here)
    target = Path(os.path.normpath(here / file))
    own = here / (kustomization_file(here) or "kustomization.yaml")
    for kustomization in usage.kustomizations(top):
        directory = kustomization.parent
        if directory == here or kustomization in ours:
            continue
        theirs = usage.uses(directory)
        if target in theirs and own not in theirs:
            return Path(os.path.relpath(kustomization, here)).as_posix()
    return None
