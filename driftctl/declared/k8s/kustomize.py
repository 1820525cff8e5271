"""Kustomize output (Crossplane and ACK manifests) as declared state.

`--from kustomize://DIR` (or a directory holding a kustomization.yaml, or that
kustomization.yaml itself) is built with the real kustomize: `kustomize build DIR` when
kustomize is on PATH, else `kubectl kustomize DIR`, or the binary `--kustomize-bin` names.
A build that fails on a file that is not YAML is reported as driftctl's own loader reads
that file (FILE:LINE). Any other file (or `-`, stdin) is already-rendered multi-document
YAML. Each object is mapped by its API group: the Upbound provider's kinds
(crossplane.py), ACK's kinds (ack.py); other AWS kinds are listed as unsupported,
everything else (Deployments, ConfigMaps, ...) is skipped and counted.

To say where each resource is declared, the directory is built through a throw-away
kustomization that includes it with `buildMetadata: [originAnnotations]`, so kustomize
annotates every object with the file it came from; the annotation is dropped again.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from driftctl.base.manifest import ACK, CROSSPLANE, Manifest, References
from driftctl.base.raw import RawDeclared, RawResource
from driftctl.core.model import SourceRef
from driftctl.declared.k8s import ack, crossplane, remote
from driftctl.declared.yamldocs import load_documents
from driftctl.errors import DriftctlError
from driftctl.resources.registry import terraform_types
from driftctl.util import safeyaml

ORIGIN = "config.kubernetes.io/origin"
TIMEOUT = 300  # seconds a build may take


KUSTOMIZATIONS = ("kustomization.yaml", "kustomization.yml", "Kustomization")


def is_kustomization(directory: Path) -> bool:
    return any((directory / name).is_file() for name in KUSTOMIZATIONS)


def load_kustomize(
    target: str, kustomize_bin: str | None = None, allow_remote: bool = False
) -> RawDeclared:
    """The declared state of a kustomization directory, a rendered file, or stdin (`-`).

    A kustomization with remote bases is refused unless allow_remote (remote.py)."""
    if target == "-":
        return from_text("<stdin>", sys.stdin.read())
    path = Path(target)
    if path.name in KUSTOMIZATIONS and path.is_file():
        path = path.parent  # the kustomization itself: build its directory
    if path.is_dir():
        if not is_kustomization(path):
            raise DriftctlError(
                f"{path}: no kustomization.yaml here",
                "point --from kustomize:// at a kustomization",
            )
        remote.refuse(path, allow_remote)
        text, wrapper = build(path, kustomize_bin)
        return from_text(f"{path}", text, _Origins(path, wrapper))
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{path}: not a UTF-8 text file") from exc
    return from_text(path.name, text)


def kustomize_command(directory: str, kustomize_bin: str | None) -> list[str]:
    binary = kustomize_bin or shutil.which("kustomize") or shutil.which("kubectl")
    if binary is None:
        raise DriftctlError(
            "cannot build a kustomization: neither kustomize nor kubectl is on PATH",
            "install one, or name it with --kustomize-bin",
        )
    if "kubectl" in Path(binary).name:
        return [binary, "kustomize", directory]
    return [binary, "build", directory]


def _run(command: list[str], cwd: str | None = None) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            command, capture_output=True, text=True, timeout=TIMEOUT, cwd=cwd, check=False
        )
    except FileNotFoundError as exc:
        raise DriftctlError(f"cannot run {command[0]}: not found", "check --kustomize-bin") from exc
    except subprocess.TimeoutExpired as exc:
        raise DriftctlError(f"{' '.join(command)} took longer than {TIMEOUT}s") from exc


def build(directory: Path, kustomize_bin: str | None) -> tuple[str, Path | None]:
    """(rendered YAML, the wrapper directory its origin paths are relative to, if any)."""
    with tempfile.TemporaryDirectory(prefix="driftctl-kustomize-") as made:
        tmp = os.path.realpath(made)  # `..` steps are taken from the real directory
        relative = os.path.relpath(directory.resolve(), tmp)
        wrapper = f"resources:\n- {relative}\nbuildMetadata:\n- originAnnotations\n"
        Path(tmp, "kustomization.yaml").write_text(wrapper, encoding="utf-8")
        run = _run(kustomize_command(tmp, kustomize_bin))
        if run.returncode == 0:
            return run.stdout, Path(tmp)
    plain = _run(kustomize_command(str(directory), kustomize_bin))
    if plain.returncode == 0:  # only the wrapper failed: go without origins
        return plain.stdout, None
    message = _message(plain.stderr.strip() or plain.stdout.strip()) or (
        f"exit status {plain.returncode}"
    )
    hint = "fix the kustomization (try: kubectl kustomize " + str(directory) + ")"
    yaml_file = _malformed_file(directory, message)
    if yaml_file is not None:  # raises naming the file's real line
        _reparse(directory, yaml_file, f"kustomize cannot build {directory} until it parses")
    raise DriftctlError(f"kustomize build {directory} failed: {message}", hint)


# kubectl's klog prefix: `E1122 23:22:28.692887   27124 run.go:72] "command failed" err="..."`
_KLOG = re.compile(r'^[IWEF]\d{4} [\d:.]+\s+\d+ [^\]\s]+\] (?:"command failed" err=)?')
_RECURSED = re.compile(r"recursed accumulation of path '([^']+)'")
_IN_FILE = re.compile(r"MalformedYAMLError: .* in File: (.+)$", re.MULTILINE)


def _message(text: str) -> str:
    """kustomize's own words, without kubectl's log prefix and quoting or `Error: `."""
    lines = []
    for line in text.splitlines():
        stripped = _KLOG.sub("", line, count=1)
        if stripped != line and stripped.startswith('"') and stripped.endswith('"'):
            stripped = stripped[1:-1].replace('\\"', '"').replace("\\\\", "\\")
        lines.append(stripped.removeprefix("Error: "))
    return "\n".join(lines).strip()


def _malformed_file(directory: Path, message: str) -> Path | None:
    """The file kustomize could not parse as YAML, when its message says which."""
    recursed = _RECURSED.findall(message)
    base = Path(recursed[-1]) if recursed else directory
    found = _IN_FILE.search(message)
    if found is not None:
        return base / found.group(1).strip()
    if "invalid Kustomization: yaml:" in message:
        return next((base / n for n in KUSTOMIZATIONS if (base / n).is_file()), None)
    return None


def _reparse(directory: Path, file: Path, hint: str) -> None:
    """Parse the file kustomize rejected with driftctl's YAML loader: its error names the
    file (relative to the kustomization) and the line the problem is really on."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return
    shown = Path(os.path.relpath(os.path.realpath(file), os.path.realpath(directory)))
    try:
        load_documents(shown.as_posix(), text)
    except DriftctlError as exc:
        raise DriftctlError(exc.message, hint) from exc


class _Origins:
    """Where a built object came from: its origin annotation's file and the line of the
    object in that file (found by kind and name, as namePrefix/nameSuffix keep the name)."""

    def __init__(self, root: Path, wrapper: Path | None) -> None:
        self.root, self.wrapper = root, wrapper
        self._docs: dict[Path, list[tuple[int, str, str]]] = {}

    def source(self, annotation: str | None, kind: str, name: str, fallback: int) -> SourceRef:
        origin = _origin_path(annotation)
        if origin is None or self.wrapper is None:
            return SourceRef("kustomization.yaml", fallback)
        absolute = Path(os.path.normpath(self.wrapper / origin))
        shown = Path(os.path.relpath(absolute, self.root.resolve())).as_posix()
        return SourceRef(shown, self._line(absolute, kind, name))

    def _line(self, file: Path, kind: str, name: str) -> int:
        if file not in self._docs:
            try:
                docs = load_documents(file.name, file.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, DriftctlError):
                docs = []
            self._docs[file] = [
                (d.line, str(d.data.get("kind")), str((d.data.get("metadata") or {}).get("name")))
                for d in docs
                if isinstance(d.data, dict) and isinstance(d.data.get("metadata") or {}, dict)
            ]
        fits = [(len(n), -line) for line, k, n in self._docs[file] if k == kind and n in name]
        return -max(fits)[1] if fits else 1


def _origin_path(annotation: str | None) -> str | None:
    try:
        data = safeyaml.load(annotation) if annotation else None
    except yaml.YAMLError:
        return None
    if not isinstance(data, dict) or data.get("repo"):
        return None  # a remote base: no file here to point at
    path = data.get("path")
    return path if isinstance(path, str) else None


def from_text(name: str, text: str, origins: _Origins | None = None) -> RawDeclared:
    """The declared state of rendered Kubernetes YAML (`name` is used in messages)."""
    manifests: list[Manifest] = []
    skipped = 0
    for doc in load_documents(name, text):
        for data in _objects(doc.data):
            if not isinstance(data, dict) or "kind" not in data or "apiVersion" not in data:
                raise DriftctlError(
                    f"{name}:{doc.line}: not a Kubernetes object (no apiVersion/kind)"
                )
            m = _manifest(name, doc.line, data, origins)
            if m.is_aws:
                manifests.append(m)
            else:
                skipped += 1
    return _declared(manifests, skipped)


def _objects(data: Any) -> list[Any]:
    """A document's objects: itself, or the items of a `kind: List`."""
    if (
        isinstance(data, dict)
        and data.get("kind") == "List"
        and isinstance(data.get("items"), list)
    ):
        return list(data["items"])
    return [data]


def _manifest(name: str, line: int, data: dict[str, Any], origins: _Origins | None) -> Manifest:
    meta: dict[str, Any] = data["metadata"] if isinstance(data.get("metadata"), dict) else {}
    annotations = {str(k): str(v) for k, v in (meta.get("annotations") or {}).items()}
    kind, obj_name = str(data["kind"]), str(meta.get("name") or "")
    if origins is not None:
        source = origins.source(annotations.pop(ORIGIN, None), kind, obj_name, line)
    else:
        source = SourceRef(name, line)
    spec = data.get("spec")
    return Manifest(
        api_version=str(data["apiVersion"]),
        kind=kind,
        name=obj_name,
        namespace=meta.get("namespace"),
        labels={str(k): str(v) for k, v in (meta.get("labels") or {}).items()},
        annotations=annotations,
        spec=spec if isinstance(spec, dict) else {},
        source=source,
    )


def _declared(manifests: list[Manifest], skipped: int) -> RawDeclared:
    refs = References(manifests)
    resources: list[RawResource] = []
    unsupported: Counter[str] = Counter()
    unsupported_names: dict[str, list[str]] = {}
    seen: dict[str, Manifest] = {}
    known = set(terraform_types())
    for m in sorted(manifests, key=lambda m: (m.address, m.api_version)):
        mapper = {CROSSPLANE: crossplane.to_raw, ACK: ack.to_raw}.get(m.family or "")
        raws = mapper(m, refs) if mapper is not None else None
        if raws is None:
            unsupported[m.kind_id] += 1
            unsupported_names.setdefault(m.kind_id, []).append(m.name)
            continue
        if m.address in seen:
            other = seen[m.address]
            raise DriftctlError(
                f"{m.source.file}:{m.source.line}: {m.address} is declared twice "
                f"(also {other.kind_id} at {other.source.file}:{other.source.line})",
                "give one of them another metadata.name",
            )
        seen[m.address] = m
        for raw in raws:
            if raw.type in known:
                resources.append(raw)
            else:
                unsupported[raw.type] += 1
                unsupported_names.setdefault(raw.type, []).append(m.name)
    warnings = list(refs.warnings)
    for kind_id, names in sorted(unsupported_names.items()):
        warnings.append(
            f"{len(names)} {kind_id} not compared (a kind driftctl does not read yet): "
            + ", ".join(sorted(names))
        )
    if skipped:
        warnings.append(f"skipped {skipped} object(s) that declare no AWS resource")
    return RawDeclared(
        resources, warnings=warnings, skipped=skipped, unsupported=dict(sorted(unsupported.items()))
    )
