"""Where each object of a kustomization comes from, by kustomize's own account.

The kustomization is built through a throw-away kustomization in a temporary directory
that includes it with `buildMetadata: [originAnnotations, transformerAnnotations]`: the
user's files (here: the pull request's worktree) are read, never written. kustomize then
annotates every object with `config.kubernetes.io/origin` (the file it was read from) and
`alpha.config.kubernetes.io/transformations` (the kustomization files whose transformers
ran on it: their patches are the candidates that may have set a field). The patches of
those kustomizations are read here as data: which objects each one targets and what it
sets is decided by the codifier (patch.py).
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import yaml

from driftctl.codify.base import read_text
from driftctl.codify.yaml.spans import Doc, parse, parse_documents
from driftctl.declared.k8s.kustomize import KUSTOMIZATIONS, ORIGIN, TIMEOUT, kustomize_command
from driftctl.errors import DriftctlError
from driftctl.util import safeyaml

TRANSFORMATIONS = "alpha.config.kubernetes.io/transformations"
# in the order kustomize applies them (KustTarget.configureBuiltinTransformers runs the
# PatchStrategicMerge, Patch and PatchJson6902 transformers in this order); the entries of
# one key in the order they are listed
PATCH_KEYS = ("patchesStrategicMerge", "patches", "patchesJson6902")


@dataclasses.dataclass(frozen=True)
class Built:
    """One rendered object and where kustomize says it comes from (paths relative to the
    source directory)."""

    api_version: str
    kind: str
    name: str
    namespace: str | None
    labels: dict[str, str]
    annotations: dict[str, str]
    origin: str | None  # None: a generated object or a remote base
    configured_in: tuple[str, ...]  # kustomization files that transformed it, in order
    transformers: tuple[tuple[str, str], ...]  # (transformer kind, configured in)

    @property
    def group(self) -> str:
        return self.api_version.rpartition("/")[0]

    @property
    def version(self) -> str:
        return self.api_version.rpartition("/")[2]


@dataclasses.dataclass(frozen=True)
class Patch:
    """One entry of a kustomization's patches (patchesStrategicMerge, patchesJson6902)."""

    kustomization: str  # the kustomization file, relative to the source directory
    line: int  # the entry's line in it
    file: str | None  # the patch file (relative to the source directory); None: inline
    target: dict[str, Any] | None
    docs: tuple[Any, ...]  # strategic-merge documents, or one list of JSON 6902 ops
    json: bool  # JSON 6902 operations

    @property
    def where(self) -> str:
        return f"{self.kustomization}:{self.line}"


class Tree:
    """The built objects of a kustomization (or of one rendered file), and its files."""

    def __init__(self, root: Path, objects: dict[tuple[str, str], Built]) -> None:
        self.root = root
        self.objects = objects
        self._patches: dict[str, list[Patch]] = {}
        self._docs: dict[str, list[Doc]] = {}

    def text(self, file: str) -> str:
        path = self.root / file
        try:
            return read_text(path)  # CRLF kept: offsets are those of the file written back
        except (OSError, UnicodeDecodeError) as exc:
            raise DriftctlError(f"cannot read {path}: {exc}") from exc

    def documents(self, file: str) -> list[Doc]:
        if file not in self._docs:
            self._docs[file] = parse_documents(file, self.text(file))
        return self._docs[file]

    def patches(self, kustomization: str) -> list[Patch]:
        if kustomization not in self._patches:
            self._patches[kustomization] = self._read_patches(kustomization)
        return self._patches[kustomization]

    def _read_patches(self, kustomization: str) -> list[Patch]:
        doc = parse(kustomization, self.text(kustomization))
        folder = os.path.dirname(kustomization)
        out: list[Patch] = []
        for key in PATCH_KEYS:
            node = doc.root.get(key) if doc.root.kind == "map" else None
            for item in node.items if node is not None and node.kind == "seq" else ():
                line = doc.line(item.start)
                data = item.data
                if key == "patchesStrategicMerge":
                    data = {"patch": data} if "\n" in str(data) else {"path": data}
                if not isinstance(data, dict):
                    continue
                target = data.get("target") if isinstance(data.get("target"), dict) else None
                if isinstance(data.get("path"), str):
                    file = os.path.normpath(os.path.join(folder, data["path"]))
                    text = self.text(file)
                else:
                    file, text = None, str(data.get("patch") or "")
                docs = _load_all(text, f"{file or kustomization}")
                ops = key == "patchesJson6902" or (len(docs) == 1 and isinstance(docs[0], list))
                out.append(Patch(kustomization, line, file, target, tuple(docs), ops))
        return out


def _load_all(text: str, name: str) -> list[Any]:
    try:
        return [d for d in safeyaml.load_all(text) if d is not None]
    except yaml.YAMLError as exc:
        raise DriftctlError(f"{name}: cannot read the patch: {exc}") from exc


def kustomization_file(directory: Path) -> str | None:
    return next((n for n in KUSTOMIZATIONS if (directory / n).is_file()), None)


def build(root: Path, kustomize_bin: str | None) -> Tree:
    """The kustomization at root built with origin and transformer annotations."""
    with tempfile.TemporaryDirectory(prefix="driftctl-codify-") as made:
        tmp = os.path.realpath(made)
        relative = os.path.relpath(os.path.realpath(root), tmp)
        Path(tmp, "kustomization.yaml").write_text(
            f"resources:\n- {relative}\n"
            "buildMetadata:\n- originAnnotations\n- transformerAnnotations\n",
            encoding="utf-8",
        )
        command = kustomize_command(tmp, kustomize_bin)
        try:
            run = subprocess.run(
                command, capture_output=True, text=True, timeout=TIMEOUT, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise DriftctlError(f"cannot run {' '.join(command)}: {exc}") from exc
        if run.returncode != 0:
            raise DriftctlError(
                f"kustomize could not build {root} with origin annotations: "
                + (run.stderr.strip().splitlines() or ["?"])[-1]
            )
        objects: dict[tuple[str, str], Built] = {}
        for data in _load_all(run.stdout, str(root)):
            for obj in data["items"] if data.get("kind") == "List" else [data]:
                built = _built(obj, tmp, os.path.realpath(root))
                if built is not None:
                    objects.setdefault((built.kind, built.name), built)
        return Tree(root, objects)


def from_file(root: Path, file: str) -> Tree:
    """A rendered manifest file (no kustomization): each object comes from the file itself."""
    tree = Tree(root, {})
    for doc in tree.documents(file):
        built = _built(doc.root.data, None, None)
        if built is not None:
            tree.objects.setdefault(
                (built.kind, built.name), dataclasses.replace(built, origin=file)
            )
    return tree


def _built(obj: Any, wrapper: str | None, root: str | None) -> Built | None:
    if not isinstance(obj, dict) or not isinstance(obj.get("metadata"), dict):
        return None
    meta = obj["metadata"]
    annotations = {str(k): str(v) for k, v in (meta.get("annotations") or {}).items()}
    origin = None
    configured: list[str] = []
    transformers: list[tuple[str, str]] = []
    if wrapper is not None and root is not None:
        origin_data = _yaml(annotations.pop(ORIGIN, None))
        path = origin_data.get("path") if isinstance(origin_data, dict) else None
        if isinstance(path, str) and not origin_data.get("repo"):
            origin = _relative(path, wrapper, root)
        steps = _yaml(annotations.pop(TRANSFORMATIONS, None))
        for step in steps if isinstance(steps, list) else ():
            where = step.get("configuredIn") if isinstance(step, dict) else None
            by = step.get("configuredBy") if isinstance(step, dict) else None
            if not isinstance(where, str):
                continue
            file = _relative(where, wrapper, root)
            kind = str(by.get("kind")) if isinstance(by, dict) else "?"
            transformers.append((kind, file))
            if file not in configured:
                configured.append(file)
    return Built(
        api_version=str(obj.get("apiVersion") or ""),
        kind=str(obj.get("kind") or ""),
        name=str(meta.get("name") or ""),
        namespace=meta.get("namespace") if isinstance(meta.get("namespace"), str) else None,
        labels={str(k): str(v) for k, v in (meta.get("labels") or {}).items()},
        annotations=annotations,
        origin=origin,
        configured_in=tuple(configured),
        transformers=tuple(transformers),
    )


def _relative(path: str, wrapper: str, root: str) -> str:
    absolute = os.path.normpath(os.path.join(wrapper, path))
    return Path(os.path.relpath(absolute, root)).as_posix()


def _yaml(text: str | None) -> Any:
    try:
        return safeyaml.load(text) if text else None
    except yaml.YAMLError:
        return None
