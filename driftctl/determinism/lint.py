"""Constructs that are non-deterministic by nature, found in the sources with file:line.

A declaration whose value changes on every plan, apply or render is perpetual drift:
there is no live state it could ever agree with. `driftctl determinism` reports these
even when its renders happen to agree (the evaluator turns `timestamp()` into an
Unknown, so the hashes do agree).

Terraform (*.tf of the source directory and of every module it calls, transitively:
local sources (`./modules/b`, relative to the calling module) and modules `terraform init`
installed (.terraform/modules/modules.json) — the files the loader reads; paths are shown
relative to the source directory, e.g. modules/b/main.tf:3):
- calls of timestamp(), plantimestamp(), uuid(), bcrypt() (NON_DETERMINISTIC in hcl/functions),
  anywhere: attributes, locals, quoted-string and heredoc templates;
- `random_*` resources without `keepers`;
- module sources that are not pinned: a registry module without `version` (or with a
  version range), a git source without `?ref=` (or with a branch as ref).

YAML manifests (*.yaml, *.yml, *.tpl anywhere below an HCL source or a called module's
directory, hidden directories skipped; a yaml:// file; the output of `kustomize build`
for a kustomization): Helm template calls that are random or time-dependent
(randAlphaNum, now, uuidv4, ...) left in the file. A kustomization's findings are named
in the file the object came from (kustomize's origin annotation), else at the line of
the build output.
"""

from __future__ import annotations

import dataclasses
import os
import posixpath
import re
from collections.abc import Iterator
from fnmatch import fnmatchcase
from pathlib import Path
from urllib.parse import parse_qs

import yaml

from driftctl.declared import listing
from driftctl.declared.hcl.config import literal_string
from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.functions.registry import NON_DETERMINISTIC
from driftctl.declared.hcl.lang.syntax import parse_file
from driftctl.declared.hcl.modcalls import is_local, read_manifest
from driftctl.declared.hcl.vars import read_text
from driftctl.declared.k8s import remote
from driftctl.declared.k8s.kustomize import KUSTOMIZATIONS, ORIGIN, is_kustomization
from driftctl.declared.k8s.kustomize import build as kustomize_build
from driftctl.declared.yamldocs import load_documents
from driftctl.util import safeyaml


@dataclasses.dataclass(frozen=True, order=True)
class Finding:
    file: str
    line: int
    construct: str
    why: str

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}: {self.construct}"

    def __str__(self) -> str:
        return f"{self.where} — {self.why}"

    def allowed_by(self, pattern: str) -> bool:
        """A glob on `file:line: construct` or on the construct alone (`uuid()`, `module "vpc"`)."""
        return fnmatchcase(self.where, pattern) or fnmatchcase(self.construct, pattern)


# ---------------------------------------------------------------------------- Terraform

_FUNCTION_WHY = {
    "timestamp": "returns the current time: a new value on every plan and apply",
    "plantimestamp": "returns the time of the plan: a new value on every plan",
    "uuid": "returns a new random UUID every time it is evaluated",
    "bcrypt": "salts the hash with random bytes: a new hash every time it is evaluated",
}
_RANDOM_WHY = (
    "generated at apply and kept only in state; without keepers nothing in the code "
    "decides when it is generated again"
)
_BRANCHES = frozenset({"main", "master", "HEAD", "trunk", "develop", "dev"})
_GIT_PREFIXES = ("git::", "github.com/", "bitbucket.org/", "git@")
_REGISTRY = re.compile(
    r"^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d+)?/)?"  # optional registry host
    r"[A-Za-z0-9][A-Za-z0-9_-]*/[A-Za-z0-9][A-Za-z0-9_-]*/[a-z0-9]+(?://.*)?$"
)
_EXACT_VERSION = re.compile(r"^=?\s*v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$")


def lint_hcl_dir(directory: Path) -> list[Finding]:
    """Findings in the *.tf files of directory and of the modules it calls (transitively),
    and in the YAML manifests below directory and below each called module."""
    walk = _ModuleWalk(directory)
    walk.module(directory, "", ())
    return sorted(walk.findings | set(lint_yaml_tree(directory)))


class _ModuleWalk:
    """The root module and the modules it calls, each directory's *.tf linted once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.manifest = read_manifest(root)
        self.findings: set[Finding] = set()
        self._seen: set[tuple[str, str]] = set()
        self._linted: set[str] = set()

    def module(self, directory: Path, key: str, callers: tuple[str, ...]) -> None:
        """Lint directory (the module of manifest key `key`), then the modules it calls."""
        real = os.path.realpath(directory)
        if real in callers or (real, key) in self._seen:
            return  # a cycle, or this module already walked with these installed children
        self._seen.add((real, key))
        calls: list[tuple[str, str]] = []
        for path in listing.files(directory):
            if path.name.endswith(".tf"):
                found, called = _lint_tf(path, self._show(path))
                calls += called
                if os.path.realpath(path) not in self._linted:
                    self._linted.add(os.path.realpath(path))
                    self.findings.update(found)
        if key and _outside_tree(self.root, directory):
            self.findings.update(lint_yaml_tree(directory, self._show(directory)))
        for name, source in sorted(set(calls)):
            child_key = f"{key}.{name}" if key else name
            if is_local(source):
                child: Path | None = Path(os.path.normpath(directory / source))
            else:
                child = self.manifest.get(child_key)
            if child is not None and child.is_dir():
                self.module(child, child_key, (*callers, real))

    def _show(self, path: Path) -> str:
        return _display(self.root, os.path.relpath(path, self.root))


def _outside_tree(root: Path, directory: Path) -> bool:
    """Whether lint_yaml_tree(root) does not reach directory (outside root, or hidden)."""
    rel = Path(os.path.relpath(directory, root))
    return any(part == ".." or part.startswith(".") for part in rel.parts)


def lint_hcl_file(path: Path, display: str) -> list[Finding]:
    return _lint_tf(path, display)[0]


def _lint_tf(path: Path, display: str) -> tuple[list[Finding], list[tuple[str, str]]]:
    """(findings, [(module call name, its literal source)]) of one *.tf file."""
    tree = parse_file(read_text(path, display), display)
    findings = [
        Finding(display, line, f"{name}()", _FUNCTION_WHY.get(name, "non-deterministic"))
        for name, line in _calls(tree)
        if name in NON_DETERMINISTIC
    ]
    calls: list[tuple[str, str]] = []
    for block in tree.blocks():
        findings += _block_findings(display, block)
        calls += _module_call(block)
    return sorted(findings), calls


def _module_call(block: n.Block) -> list[tuple[str, str]]:
    if block.type != "module" or not block.labels:
        return []
    source_attr = block.body.attributes().get("source")
    if source_attr is None:
        return []
    source = literal_string(source_attr.expr)
    return [] if source is None else [(block.labels[0], source)]


def _calls(node: n.Node) -> Iterator[tuple[str, int]]:
    """(function name, line) of every call in node, templates and heredocs included."""
    for sub in n.walk(node):
        if type(sub) is n.Call:
            yield sub.name.removeprefix("core::"), sub.line


def _block_findings(display: str, block: n.Block) -> list[Finding]:
    kind, labels = block.type, block.labels
    attrs = block.body.attributes()
    if kind == "resource" and len(labels) == 2 and labels[0].startswith("random_"):
        if "keepers" in attrs:
            return []
        return [Finding(display, block.line, f"{labels[0]}.{labels[1]}", _RANDOM_WHY)]
    if kind == "module" and labels and "source" in attrs:
        return _module_findings(display, f'module "{labels[0]}"', attrs)
    return []


def _module_findings(display: str, construct: str, attrs: dict[str, n.Attribute]) -> list[Finding]:
    source_attr = attrs["source"]
    source = literal_string(source_attr.expr)
    if source is None or source.startswith(("./", "../", "/")):
        return []
    line = source_attr.line
    if source.startswith(_GIT_PREFIXES):
        ref = parse_qs(source.partition("?")[2]).get("ref", [""])[-1]
        if not ref:
            why = (
                f"git source {source} has no ?ref=: each init takes what the default branch is then"
            )
            return [Finding(display, line, construct, why)]
        if ref in _BRANCHES:
            why = f"git source pins ?ref={ref}, a branch: it moves with every push"
            return [Finding(display, line, construct, why)]
        return []
    if not _REGISTRY.match(source):
        return []
    if "version" not in attrs:
        why = f"registry source {source} has no version: each init takes the newest release"
        return [Finding(display, line, construct, why)]
    version_attr = attrs["version"]
    version = literal_string(version_attr.expr)
    if version is None or _EXACT_VERSION.match(version.strip()):
        return []
    why = f"version {version!r} is a range: each init takes the newest release that matches"
    return [Finding(display, version_attr.line, construct, why)]


# ---------------------------------------------------------------------------- YAML manifests

_HELM_ACTION = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
_RANDOM = "a Helm template call left in a manifest: a new random value on every render"
_CERT = "a Helm template call left in a manifest: a new certificate on every render"
_HELM_WHY = {
    "randAlphaNum": _RANDOM,
    "randAlpha": _RANDOM,
    "randNumeric": _RANDOM,
    "randAscii": _RANDOM,
    "randInt": _RANDOM,
    "randBytes": _RANDOM,
    "uuidv4": _RANDOM,
    "shuffle": _RANDOM,
    "genPrivateKey": "a Helm template call left in a manifest: a new key on every render",
    "genCA": _CERT,
    "genSelfSignedCert": _CERT,
    "genSignedCert": _CERT,
    "htpasswd": "a Helm template call left in a manifest: a new salted hash on every render",
    "now": "a Helm template call left in a manifest: the current time, new on every render",
}
_HELM_CALL = re.compile(r"(?<![\w.$])(" + "|".join(sorted(_HELM_WHY)) + r")\b")
_MANIFEST_SUFFIXES = (".yaml", ".yml", ".tpl")


def lint_yaml_tree(directory: Path, shown: str | None = None) -> list[Finding]:
    """Findings in the YAML manifests below directory (hidden directories skipped);
    shown: how to name directory in the findings (default: as given)."""
    findings: list[Finding] = []
    base = Path(shown) if shown is not None else directory
    for path in _manifests(directory):
        rel = path.relative_to(directory).as_posix()
        findings += lint_manifest(path, _display(base, rel))
    return sorted(findings)


def lint_manifest(path: Path, display: str) -> list[Finding]:
    return lint_manifest_text(read_text(path, display), display)


def lint_manifest_text(text: str, display: str) -> list[Finding]:
    findings: list[Finding] = []
    for action in _HELM_ACTION.finditer(text):
        for call in _HELM_CALL.finditer(action[1]):
            line = 1 + text.count("\n", 0, action.start(1) + call.start())
            findings.append(Finding(display, line, call[1], _HELM_WHY[call[1]]))
    return findings


def lint_kustomize(
    target: Path, kustomize_bin: str | None = None, allow_remote: bool = False
) -> list[Finding]:
    """Findings in what `kustomize build` renders from a kustomization directory (or in
    an already-rendered file), each named in the file its object came from when kustomize's
    origin annotation says which and that file has it, else at its line of the output."""
    directory = target.parent if target.name in KUSTOMIZATIONS and target.is_file() else target
    if not directory.is_dir():
        return lint_manifest(target, target.as_posix())
    if not is_kustomization(directory):
        return []  # not a kustomization: the render says so
    remote.refuse(directory, allow_remote)
    text, wrapper = kustomize_build(directory, kustomize_bin)
    rendered = lint_manifest_text(text, f"{directory.as_posix()} (kustomize build output)")
    if not rendered:
        return []
    starts = [(doc.line, doc.data) for doc in load_documents(directory.as_posix(), text)]
    findings: set[Finding] = set()
    for finding in rendered:
        data = next((d for line, d in reversed(starts) if line <= finding.line), None)
        origin = _origin_file(data, wrapper)
        in_origin = []
        if origin is not None and origin.is_file():
            shown = _display(directory, os.path.relpath(origin, directory.resolve()))
            in_origin = [
                f for f in lint_manifest(origin, shown) if f.construct == finding.construct
            ]
        findings.update(in_origin or [_unplaced(finding, data)])
    return sorted(findings)


def _unplaced(finding: Finding, data: object) -> Finding:
    """A finding of the build output that no file of the object says: name the object."""
    metadata = data.get("metadata") if isinstance(data, dict) else None
    name = metadata.get("name") if isinstance(metadata, dict) else None
    if not isinstance(data, dict) or not name:
        return finding
    where = f"{data.get('kind')}/{name}, where a patch or generator puts it"
    return dataclasses.replace(finding, why=f"{finding.why} ({where})")


def _origin_file(data: object, wrapper: Path | None) -> Path | None:
    """The local file kustomize's origin annotation names for a built object, if any."""
    if wrapper is None or not isinstance(data, dict):
        return None
    metadata = data.get("metadata")
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    annotation = annotations.get(ORIGIN) if isinstance(annotations, dict) else None
    try:
        origin = safeyaml.load(annotation) if isinstance(annotation, str) else None
    except yaml.YAMLError:
        return None
    if (
        not isinstance(origin, dict)
        or origin.get("repo")
        or not isinstance(origin.get("path"), str)
    ):
        return None  # a remote base: no file here
    return Path(os.path.normpath(wrapper / origin["path"]))


def _manifests(directory: Path) -> Iterator[Path]:
    for root, dirs, names in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if name.endswith(_MANIFEST_SUFFIXES):
                yield Path(root) / name


def _display(directory: Path, rel: str) -> str:
    """directory/rel as given (relative stays relative), `..` steps resolved."""
    return posixpath.normpath((directory / rel).as_posix())
