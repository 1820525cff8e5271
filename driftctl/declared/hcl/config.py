"""A module's configuration: the declarations of the *.tf files of one directory.

Parsed once per directory however many times the module is called; a module instance
(hcl_module) evaluates them with its own inputs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from driftctl.declared import listing
from driftctl.declared.hcl.eval import Origin
from driftctl.declared.hcl.parse import (
    Node,
    attribute_name,
    attribute_value,
    block_parts,
    body_items,
    name_of,
    trees,
    unwrap,
    where,
)
from driftctl.declared.hcl.template import string_template
from driftctl.declared.hcl.vars import VariableDecl, read_text
from driftctl.errors import DriftctlError

Parser = Callable[[str, str], Node]

META_ARGUMENTS = frozenset(
    {"count", "for_each", "provider", "depends_on", "lifecycle", "provisioner", "connection"}
)
MODULE_META = frozenset({"source", "version", "count", "for_each", "providers", "depends_on"})

_SKIPPED = {True: "JSON configuration (.tf.json)", False: "override (_override.tf)"}


@dataclasses.dataclass
class BlockDecl:
    """A resource or data block."""

    mode: str  # "managed" or "data"
    type: str
    name: str
    file: str
    block: Node
    meta: dict[str, Node]  # count / for_each / provider expressions

    @property
    def address(self) -> str:
        return f"{'data.' if self.mode == 'data' else ''}{self.type}.{self.name}"

    @property
    def where(self) -> str:
        return f"{self.file}:{self.block.meta.line}"


@dataclasses.dataclass
class CallDecl:
    """A module block."""

    name: str
    file: str
    block: Node
    attrs: dict[str, Node]
    source: str | None  # None when not a literal string

    @property
    def where(self) -> str:
        return f"{self.file}:{self.block.meta.line}"

    @property
    def inputs(self) -> dict[str, Node]:
        return {k: v for k, v in self.attrs.items() if k not in MODULE_META}


@dataclasses.dataclass
class OutputDecl:
    name: str
    file: str
    block: Node
    value: Node | None
    sensitive: bool = False  # `sensitive = true`: its value is marked for the caller


class ModuleConfig:
    """The declarations of one module directory. `prefix` is the directory relative to
    the root module ("" for the root), prepended to file names in messages."""

    def __init__(self, directory: Path, prefix: str, parser: Parser) -> None:
        self.directory = directory
        self.prefix = prefix
        self.warnings: list[str] = []
        self.variables: dict[str, VariableDecl] = {}
        self.locals: dict[str, Origin] = {}
        self.resources: dict[tuple[str, str, str], BlockDecl] = {}
        self.calls: dict[str, CallDecl] = {}
        self.outputs: dict[str, OutputDecl] = {}
        self.providers: list[tuple[str, Node]] = []
        self.imports: list[tuple[str, Node]] = []
        self.files: list[Path] = []  # the .tf files read (as listed: symlinks unresolved)
        for file, tree in self._parse(parser):
            for block in body_items(trees(tree)[0]):
                if block.data == "block":
                    self._collect(file, block)

    def display(self, name: str) -> str:
        return f"{self.prefix}{name}"

    def _parse(self, parser: Parser) -> list[tuple[str, Node]]:
        if not self.directory.is_dir():
            raise DriftctlError(
                f"{self.prefix or self.directory}: not a directory",
                hint="point --from at a Terraform directory",
            )
        names = [p.name for p in listing.files(self.directory, read=(".tf",))]
        skipped = [n for n in names if n.endswith((".tf.json", "_override.tf"))]
        skipped += [n for n in names if n == "override.tf"]
        for name in sorted(skipped):
            self.warnings.append(
                f"{self.display(name)}: {_SKIPPED[name.endswith('.json')]} files are not "
                "read yet; ignored"
            )
        paths = [self.directory / n for n in names if n.endswith(".tf") and n not in skipped]
        if not paths:
            raise DriftctlError(
                f"{self.prefix or self.directory}: no *.tf files",
                hint="point --from at a Terraform configuration directory",
            )
        out = []
        self.files = list(paths)
        for path in paths:
            display = self.display(path.name)
            out.append((display, parser(read_text(path, display), display)))
        return out

    # ------------------------------------------------------------------------ collecting

    def _collect(self, file: str, block: Node) -> None:
        kind, labels, body = block_parts(block)
        where = f"{file}:{block.meta.line}"
        if kind == "variable" and labels:
            _unique(self.variables, labels[0], f"variable {labels[0]!r}", where)
            self.variables[labels[0]] = _variable(labels[0], file, block, body)
        elif kind == "locals":
            for name, node in attributes(body).items():
                _unique(self.locals, name, f"local.{name}", f"{file}:{node.meta.line}")
                self.locals[name] = Origin(file, node)
        elif kind in ("resource", "data") and len(labels) == 2:
            mode = "managed" if kind == "resource" else "data"
            key = (mode, labels[0], labels[1])
            what = f"{'data ' if mode == 'data' else 'resource '}{labels[0]}.{labels[1]}"
            _unique(self.resources, key, what, where)
            meta = {k: v for k, v in attributes(body).items() if k in META_ARGUMENTS}
            self.resources[key] = BlockDecl(mode, labels[0], labels[1], file, block, meta)
        elif kind == "module" and labels:
            _unique(self.calls, labels[0], f'module "{labels[0]}"', where)
            attrs = attributes(body)
            source = literal_string(attrs["source"]) if "source" in attrs else None
            self.calls[labels[0]] = CallDecl(labels[0], file, block, attrs, source)
        elif kind == "output" and labels:
            _unique(self.outputs, labels[0], f'output "{labels[0]}"', where)
            attrs = attributes(body)
            self.outputs[labels[0]] = OutputDecl(
                labels[0], file, block, attrs.get("value"), literal_bool(file, attrs, "sensitive")
            )
        elif kind == "provider":
            self.providers.append((file, block))
        elif kind == "import":
            self.imports.append((file, block))


def _variable(name: str, file: str, block: Node, body: Node) -> VariableDecl:
    attrs = attributes(body)
    validations = []
    for item in body_items(body):
        if item.data == "block" and block_parts(item)[0] == "validation":
            rule = attributes(block_parts(item)[2])
            if "condition" in rule and "error_message" in rule:
                validations.append((rule["condition"], rule["error_message"]))
    return VariableDecl(
        name,
        file,
        block.meta.line,
        attrs.get("default"),
        attrs.get("type"),
        tuple(validations),
        attrs.get("nullable"),
        block,
        literal_bool(file, attrs, "sensitive"),
    )


def literal_bool(file: str, attrs: Mapping[str, Node], name: str) -> bool:
    """A meta-argument Terraform wants written as true or false (`sensitive`); absent: false."""
    node = attrs.get(name)
    if node is None:
        return False
    inner = unwrap(node)
    if inner.data == "literal_value" and name_of(inner) in ("true", "false"):
        return name_of(inner) == "true"
    raise DriftctlError(f"{where(file, node)}: {name} must be true or false (a literal)")


def attributes(body: Node) -> dict[str, Node]:
    return {
        attribute_name(a): attribute_value(a) for a in body_items(body) if a.data == "attribute"
    }


def literal_string(node: Node) -> str | None:
    inner = unwrap(node)
    if inner.data != "string":
        return None
    seq = string_template(inner)
    return "".join(str(p) for p in seq) if all(isinstance(p, str) for p in seq) else None


def _unique(existing: Mapping[Any, Any], key: Any, what: str, where: str) -> None:
    if key in existing:
        raise DriftctlError(f"{where}: {what} is declared more than once")
