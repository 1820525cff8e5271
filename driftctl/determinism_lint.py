"""Constructs that are non-deterministic by nature, found in the sources with file:line.

A declaration whose value changes on every plan, apply or render is perpetual drift:
there is no live state it could ever agree with. `driftctl determinism` reports these
even when its renders happen to agree (the evaluator turns `timestamp()` into an
Unknown, so the hashes do agree).

Terraform (*.tf of the source directory, the files the loader reads):
- calls of timestamp(), plantimestamp(), uuid(), bcrypt() (hcl_functions.NON_DETERMINISTIC),
  anywhere: attributes, locals, quoted-string and heredoc templates;
- `random_*` resources without `keepers`;
- module sources that are not pinned: a registry module without `version` (or with a
  version range), a git source without `?ref=` (or with a branch as ref).

Rendered YAML manifests (*.yaml, *.yml, *.tpl anywhere below the source, hidden
directories skipped): Helm template calls that are random or time-dependent
(randAlphaNum, now, uuidv4, ...) left in the file.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterator
from fnmatch import fnmatchcase
from pathlib import Path
from urllib.parse import parse_qs

from lark import Token

from driftctl.declared import listing
from driftctl.declared.hcl_functions import NON_DETERMINISTIC
from driftctl.declared.hcl_parse import (
    Node,
    attribute_name,
    attribute_value,
    block_parts,
    body_items,
    name_of,
    parse,
    trees,
    unwrap,
)
from driftctl.declared.hcl_template import ForDirective, IfDirective, Interp, Seq, heredoc_template
from driftctl.declared.hcl_values import EvalFailure
from driftctl.declared.hcl_vars import read_text


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
    """Findings in the *.tf files of directory and in the YAML manifests below it."""
    findings: list[Finding] = []
    for path in listing.files(directory):
        if path.name.endswith(".tf"):
            findings += lint_hcl_file(path, _display(directory, path.name))
    return sorted(findings + lint_yaml_tree(directory))


def lint_hcl_file(path: Path, display: str) -> list[Finding]:
    tree = parse(read_text(path, display), display)
    findings = [
        Finding(display, line, f"{name}()", _FUNCTION_WHY.get(name, "non-deterministic"))
        for name, line in _calls(tree)
        if name in NON_DETERMINISTIC
    ]
    for block in body_items(trees(tree)[0]):
        if block.data == "block":
            findings += _block_findings(display, block)
    return sorted(findings)


def _calls(node: Node) -> Iterator[tuple[str, int]]:
    """(function name, line) of every call in node, heredoc templates included."""
    for sub in node.iter_subtrees():
        if sub.data == "function_call":
            yield name_of(trees(sub)[0]), sub.meta.line
        elif sub.data in ("heredoc_template", "heredoc_template_trim"):
            token = sub.children[0]
            trim = sub.data.endswith("_trim")
            try:
                seq = heredoc_template(str(token), sub.meta.line, trim)
            except EvalFailure:
                continue  # a malformed template: the render reports it
            yield from _template_calls(seq)


def _template_calls(seq: Seq) -> Iterator[tuple[str, int]]:
    for part in seq:
        if isinstance(part, Interp):
            yield from _calls(part.expr)
        elif isinstance(part, IfDirective):
            yield from _calls(part.cond)
            yield from _template_calls(part.then)
            yield from _template_calls(part.otherwise)
        elif isinstance(part, ForDirective):
            yield from _calls(part.collection)
            yield from _template_calls(part.body)


def _block_findings(display: str, block: Node) -> list[Finding]:
    kind, labels, body = block_parts(block)
    attrs = {attribute_name(a): a for a in body_items(body) if a.data == "attribute"}
    if kind == "resource" and len(labels) == 2 and labels[0].startswith("random_"):
        if "keepers" in attrs:
            return []
        return [Finding(display, block.meta.line, f"{labels[0]}.{labels[1]}", _RANDOM_WHY)]
    if kind == "module" and labels and "source" in attrs:
        return _module_findings(display, f'module "{labels[0]}"', attrs)
    return []


def _module_findings(display: str, construct: str, attrs: dict[str, Node]) -> list[Finding]:
    source_attr = attrs["source"]
    source = _literal(attribute_value(source_attr))
    if source is None or source.startswith(("./", "../", "/")):
        return []
    line = source_attr.meta.line
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
    version = _literal(attribute_value(version_attr))
    if version is None or _EXACT_VERSION.match(version.strip()):
        return []
    why = f"version {version!r} is a range: each init takes the newest release that matches"
    return [Finding(display, version_attr.meta.line, construct, why)]


def _literal(node: Node) -> str | None:
    """The text of a quoted string without interpolations, else None."""
    node = unwrap(node)
    if node.data != "string":
        return None
    parts = trees(node)
    if not all(isinstance(p.children[0], Token) for p in parts):
        return None
    return "".join(str(p.children[0]) for p in parts)


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


def lint_yaml_tree(directory: Path) -> list[Finding]:
    """Findings in the YAML manifests below directory (hidden directories skipped)."""
    findings: list[Finding] = []
    for path in _manifests(directory):
        rel = path.relative_to(directory).as_posix()
        findings += lint_manifest(path, _display(directory, rel))
    return sorted(findings)


def lint_manifest(path: Path, display: str) -> list[Finding]:
    text = read_text(path, display)
    findings: list[Finding] = []
    for action in _HELM_ACTION.finditer(text):
        for call in _HELM_CALL.finditer(action[1]):
            line = 1 + text.count("\n", 0, action.start(1) + call.start())
            findings.append(Finding(display, line, call[1], _HELM_WHY[call[1]]))
    return findings


def _manifests(directory: Path) -> Iterator[Path]:
    for root, dirs, names in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if name.endswith(_MANIFEST_SUFFIXES):
                yield Path(root) / name


def _display(directory: Path, rel: str) -> str:
    return (directory / rel).as_posix()
