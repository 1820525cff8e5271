"""A module's configuration: the declarations of the *.tf files of one directory.

Parsed once per directory however many times the module is called; a module instance
(module.py) evaluates them with its own inputs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from driftctl.declared import listing
from driftctl.declared.hcl.lang.eval import Origin, where
from driftctl.declared.hcl.lang.nodes import Attribute, Block, Body, Expr, Literal, Template, unwrap
from driftctl.declared.hcl.lang.reads import record_listing
from driftctl.declared.hcl.vars import VariableDecl, read_text
from driftctl.errors import DriftctlError

Parser = Callable[[str, str], Body]

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
    block: Block
    meta: dict[str, Expr]  # count / for_each / provider expressions

    @property
    def address(self) -> str:
        return f"{'data.' if self.mode == 'data' else ''}{self.type}.{self.name}"

    @property
    def where(self) -> str:
        return f"{self.file}:{self.block.line}"


@dataclasses.dataclass
class CallDecl:
    """A module block."""

    name: str
    file: str
    block: Block
    attrs: dict[str, Expr]
    source: str | None  # None when not a literal string

    @property
    def where(self) -> str:
        return f"{self.file}:{self.block.line}"

    @property
    def inputs(self) -> dict[str, Expr]:
        return {k: v for k, v in self.attrs.items() if k not in MODULE_META}


@dataclasses.dataclass
class OutputDecl:
    name: str
    file: str
    block: Block
    value: Expr | None
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
        self.providers: list[tuple[str, Block]] = []
        self.imports: list[tuple[str, Block]] = []
        self.files: list[Path] = []  # the .tf files read (as listed: symlinks unresolved)
        self.released = False  # resource bodies dropped after collection (resources.py)
        for file, body in self._parse(parser):
            for item in body.items:
                if type(item) is Block:
                    self._collect(file, item)
                else:
                    raise DriftctlError(
                        f"{file}:{item.line}: unsupported argument {item.name!r}: only blocks "
                        "(resource, variable, locals, ...) belong at the top level"
                    )

    def display(self, name: str) -> str:
        return f"{self.prefix}{name}"

    def _parse(self, parser: Parser) -> list[tuple[str, Body]]:
        if not self.directory.is_dir():
            raise DriftctlError(
                f"{self.prefix or self.directory}: not a directory",
                hint="point --from at a Terraform directory",
            )
        found = listing.files(self.directory, read=(".tf",))
        record_listing(self.directory, found)
        names = [p.name for p in found]
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

    def _collect(self, file: str, block: Block) -> None:
        kind, labels, body = block.type, block.labels, block.body
        place = f"{file}:{block.line}"
        if kind == "variable" and labels:
            _unique(self.variables, labels[0], f"variable {labels[0]!r}", place)
            self.variables[labels[0]] = _variable(labels[0], file, block)
        elif kind == "locals":
            for name, node in attributes(body).items():
                _unique(self.locals, name, f"local.{name}", f"{file}:{node.line}")
                self.locals[name] = Origin(file, node)
        elif kind in ("resource", "data") and len(labels) == 2:
            mode = "managed" if kind == "resource" else "data"
            key = (mode, labels[0], labels[1])
            what = f"{'data ' if mode == 'data' else 'resource '}{labels[0]}.{labels[1]}"
            _unique(self.resources, key, what, place)
            meta = {k: v for k, v in attributes(body).items() if k in META_ARGUMENTS}
            self.resources[key] = BlockDecl(mode, labels[0], labels[1], file, block, meta)
        elif kind == "module" and labels:
            _unique(self.calls, labels[0], f'module "{labels[0]}"', place)
            attrs = attributes(body)
            source = literal_string(attrs["source"]) if "source" in attrs else None
            self.calls[labels[0]] = CallDecl(labels[0], file, block, attrs, source)
        elif kind == "output" and labels:
            _unique(self.outputs, labels[0], f'output "{labels[0]}"', place)
            attrs = attributes(body)
            self.outputs[labels[0]] = OutputDecl(
                labels[0], file, block, attrs.get("value"), literal_bool(file, attrs, "sensitive")
            )
        elif kind == "provider":
            self.providers.append((file, block))
        elif kind == "import":
            self.imports.append((file, block))


def _variable(name: str, file: str, block: Block) -> VariableDecl:
    body = block.body
    attrs = attributes(body)
    validations = []
    for item in body.items:
        if type(item) is Block and item.type == "validation":
            rule = attributes(item.body)
            if "condition" in rule and "error_message" in rule:
                validations.append((rule["condition"], rule["error_message"]))
    return VariableDecl(
        name,
        file,
        block.line,
        attrs.get("default"),
        attrs.get("type"),
        tuple(validations),
        attrs.get("nullable"),
        block,
        literal_bool(file, attrs, "sensitive"),
    )


def literal_bool(file: str, attrs: Mapping[str, Expr], name: str) -> bool:
    """A meta-argument Terraform wants written as true or false (`sensitive`); absent: false."""
    node = attrs.get(name)
    if node is None:
        return False
    inner = unwrap(node)
    if type(inner) is Literal and type(inner.value) is bool:
        return inner.value
    raise DriftctlError(f"{where(file, node)}: {name} must be true or false (a literal)")


def attributes(body: Body) -> dict[str, Expr]:
    return {item.name: item.expr for item in body.items if type(item) is Attribute}


def literal_string(node: Expr) -> str | None:
    inner = unwrap(node)
    if type(inner) is not Template or inner.wrap:
        return None
    return inner.literal()


def _unique(existing: Mapping[Any, Any], key: Any, what: str, place: str) -> None:
    if key in existing:
        raise DriftctlError(f"{place}: {what} is declared more than once")


__all__ = ["where"]
