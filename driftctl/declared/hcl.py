"""Load a Terraform configuration directory (one module, *.tf) into RawDeclared."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from driftctl.declared.hcl_body import BodyEvaluator, BodyValue
from driftctl.declared.hcl_eval import Evaluator, Frame, HclEvalError, Origin
from driftctl.declared.hcl_parse import (
    Node,
    attribute_name,
    attribute_value,
    block_parts,
    body_items,
    parse,
    static_traversal,
    trees,
    unwrap,
)
from driftctl.declared.hcl_refs import MISSING
from driftctl.declared.hcl_values import (
    EvalFailure,
    Expansion,
    Instance,
    ResourceBlock,
    as_unknown,
    finalize,
    find_pending,
    instance_address,
    is_pending,
    ref_text,
    to_number,
)
from driftctl.declared.hcl_vars import VariableDecl, VariableValue, read_text, resolve_variables
from driftctl.declared.raw import RawDeclared, RawResource
from driftctl.errors import DriftctlError
from driftctl.model import Ref, SourceRef, Unknown

META_ARGUMENTS = frozenset(
    {"count", "for_each", "provider", "depends_on", "lifecycle", "provisioner", "connection"}
)

_PROVIDER_SKIP = frozenset({"assume_role", "assume_role_with_web_identity"})


def load_hcl(
    directory: Path,
    var_files: Sequence[Path] = (),
    variables: Mapping[str, str] | None = None,
) -> RawDeclared:
    """Evaluate the resources declared by the *.tf files of directory (not recursive)."""
    directory = Path(directory)
    if not directory.is_dir():
        raise DriftctlError(
            f"{directory}: not a directory", hint="point --from at a Terraform directory"
        )
    files, skipped = _parse_files(directory)
    module = _Module(files)
    for name in skipped:
        module.warn(f"{name}: {_SKIPPED[name.endswith('.json')]} files are not read yet; ignored")
    module.variables = resolve_variables(
        module.variable_decls, directory, var_files, variables or {}, module.warn
    )
    return module.declared()


_SKIPPED = {True: "JSON configuration (.tf.json)", False: "override (_override.tf)"}


def _parse_files(directory: Path) -> tuple[list[tuple[str, Node]], list[str]]:
    """The parsed *.tf files by name, and the configuration files not read (yet)."""
    names = sorted(p.name for p in directory.iterdir() if p.is_file())
    skipped = [n for n in names if n.endswith((".tf.json", "_override.tf")) or n == "override.tf"]
    paths = [directory / n for n in names if n.endswith(".tf") and n not in skipped]
    if not paths:
        raise DriftctlError(
            f"{directory}: no *.tf files",
            hint="point --from at a Terraform configuration directory",
        )
    return [(p.name, parse(read_text(p, p.name), p.name)) for p in paths], skipped


@dataclasses.dataclass
class _ResourceDecl:
    type: str
    name: str
    file: str
    block: Node
    meta: dict[str, Node]  # count / for_each / provider expressions

    @property
    def address(self) -> str:
        return f"{self.type}.{self.name}"

    @property
    def where(self) -> str:
        return f"{self.file}:{self.block.meta.line}"


class _Module:
    """One Terraform module's declarations; the Scope its expressions are evaluated in."""

    def __init__(self, files: list[tuple[str, Node]]) -> None:
        self.warnings: list[str] = []
        self.variable_decls: dict[str, VariableDecl] = {}
        self.variables: dict[str, VariableValue] = {}
        self.local_decls: dict[str, Origin] = {}
        self.resources: dict[tuple[str, str], _ResourceDecl] = {}
        self.providers: list[tuple[str, Node]] = []
        self.imports: list[tuple[str, Node]] = []
        self._locals: dict[str, Any] = {}
        self._local_stack: list[str] = []
        self._expansions: dict[tuple[str, str], tuple[Expansion, Any]] = {}
        self._expanding: set[tuple[str, str]] = set()
        self._bodies: dict[Instance, BodyValue] = {}
        self._evaluating: set[Instance] = set()
        for file, tree in files:
            for block in body_items(trees(tree)[0]):
                if block.data == "block":
                    self._collect(file, block)

    # ------------------------------------------------------------------------ declarations

    def _collect(self, file: str, block: Node) -> None:
        kind, labels, body = block_parts(block)
        where = f"{file}:{block.meta.line}"
        if kind == "variable" and labels:
            attrs = _attributes(body)
            _unique(self.variable_decls, labels[0], f"variable {labels[0]!r}", where)
            decl = VariableDecl(
                labels[0], file, block.meta.line, attrs.get("default"), attrs.get("type")
            )
            self.variable_decls[labels[0]] = decl
        elif kind == "locals":
            for name, node in _attributes(body).items():
                _unique(self.local_decls, name, f"local.{name}", f"{file}:{node.meta.line}")
                self.local_decls[name] = Origin(file, node)
        elif kind == "resource" and len(labels) == 2:
            key = (labels[0], labels[1])
            _unique(self.resources, key, f"resource {'.'.join(key)}", where)
            meta = {k: v for k, v in _attributes(body).items() if k in META_ARGUMENTS}
            self.resources[key] = _ResourceDecl(*key, file, block, meta)
        elif kind == "module":
            name = labels[0] if labels else "?"
            self.warn(
                f'{where}: module "{name}" is not evaluated yet; its resources are not declared'
            )
        elif kind == "provider":
            self.providers.append((file, block))
        elif kind == "import":
            self.imports.append((file, block))

    # ------------------------------------------------------------------------ Scope

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def variable(self, name: str) -> Any:
        if name not in self.variables:
            raise EvalFailure(f"reference to undeclared variable var.{name}")
        return self.variables[name].value

    def local(self, name: str) -> Any:
        if name in self._locals:
            return self._locals[name]
        if name not in self.local_decls:
            raise EvalFailure(f"reference to undeclared local value local.{name}")
        if name in self._local_stack:
            cycle = [*self._local_stack[self._local_stack.index(name) :], name]
            origin = self.local_decls[name]
            raise DriftctlError(
                f"{origin.file}:{origin.node.meta.line}: local values refer to each other in a "
                f"cycle: {' -> '.join(f'local.{n}' for n in cycle)}",
                hint="break the cycle",
            )
        self._local_stack.append(name)
        try:
            origin = self.local_decls[name]
            value = Evaluator(self, Frame(origin.file)).evaluate(origin.node)
        finally:
            self._local_stack.pop()
        self._locals[name] = value
        return value

    def resource(self, type_: str, name: str) -> ResourceBlock | None:
        decl = self.resources.get((type_, name))
        if decl is None:
            return None
        return ResourceBlock(type_, name, self._expansion(decl)[0])

    def resource_attr(self, instance: Instance, name: str) -> Any:
        if instance in self._evaluating:
            return MISSING
        return self._body(instance).attrs.get(name, MISSING)

    def origin(self, kind: str, name: str) -> Origin | None:
        if kind == "var":
            value = self.variables.get(name)
            return value.origin if value else None
        return self.local_decls.get(name)

    # ------------------------------------------------------------------------ resources

    def _expansion(self, decl: _ResourceDecl) -> tuple[Expansion, Any]:
        """(count, for_each keys, Unknown or None; the for_each value)."""
        key = (decl.type, decl.name)
        if key in self._expansions:
            return self._expansions[key]
        if key in self._expanding:
            raise DriftctlError(f"{decl.where}: count/for_each of {decl.address} depends on itself")
        self._expanding.add(key)
        try:
            result = self._evaluate_expansion(decl)
        finally:
            self._expanding.discard(key)
        self._expansions[key] = result
        return result

    def _evaluate_expansion(self, decl: _ResourceDecl) -> tuple[Expansion, Any]:
        if "count" in decl.meta and "for_each" in decl.meta:
            raise DriftctlError(f"{decl.where}: {decl.address} sets both count and for_each")
        meta = "count" if "count" in decl.meta else "for_each" if "for_each" in decl.meta else ""
        if not meta:
            return None, None
        node = decl.meta[meta]
        value = Evaluator(self, Frame(decl.file)).evaluate(node)
        pending = find_pending(value) if meta == "count" or isinstance(value, list) else None
        if is_pending(value) or pending is not None:
            return as_unknown(pending or value), None
        try:
            return (_count(value), None) if meta == "count" else (_for_each_keys(value), value)
        except EvalFailure as exc:
            raise HclEvalError(f"{decl.file}:{node.meta.line}: {meta}: {exc}") from None

    def _frame(self, decl: _ResourceDecl, instance: Instance) -> Frame:
        if isinstance(instance.key, int):
            return Frame(decl.file, count_index=instance.key)
        if isinstance(instance.key, str):
            each_value = self._expansion(decl)[1]
            value = each_value[instance.key] if isinstance(each_value, dict) else instance.key
            return Frame(decl.file, each=(instance.key, value))
        return Frame(decl.file)

    def _body(self, instance: Instance) -> BodyValue:
        if instance in self._bodies:
            return self._bodies[instance]
        decl = self.resources[(instance.type, instance.name)]
        self._evaluating.add(instance)
        try:
            evaluator = Evaluator(self, self._frame(decl, instance))
            body = BodyEvaluator(evaluator).eval_body(block_parts(decl.block)[2], META_ARGUMENTS)
        finally:
            self._evaluating.discard(instance)
        self._bodies[instance] = body
        return body

    def _provider_alias(self, decl: _ResourceDecl) -> str:
        node = decl.meta.get("provider")
        if node is None:
            return ""
        parts = static_traversal(node)
        if parts is None or len(parts) > 2:
            self.warn(f"{decl.file}:{node.meta.line}: provider must be written like aws.alias")
            return ""
        return parts[1] if len(parts) == 2 else ""

    def _instances(
        self, decl: _ResourceDecl, unknown: list[dict[str, str]]
    ) -> Iterator[RawResource]:
        expansion = self._expansion(decl)[0]
        if isinstance(expansion, Unknown):
            meta = "count" if "count" in decl.meta else "for_each"
            self.warn(
                f"{decl.where}: {meta} of {decl.address} is unknown ({expansion.reason}); "
                "its instances are not declared"
            )
            unknown.append({"address": decl.address, "path": meta, "reason": expansion.reason})
            return
        source = SourceRef(decl.file, decl.block.meta.line, decl.block.meta.end_line)
        for instance in ResourceBlock(decl.type, decl.name, expansion).instances():
            body = self._body(instance)
            attrs = finalize(body.attrs)
            unknown.extend(_unknown_entries(instance.address, attrs, ""))
            yield RawResource(
                type=decl.type,
                address=instance.address,
                attrs=attrs,
                source=source,
                provider=self._provider_alias(decl),
                provenance=dict(sorted(body.provenance.items())),
            )

    # ------------------------------------------------------------------------ the result

    def declared(self) -> RawDeclared:
        for name in sorted(self.local_decls):
            self.local(name)
        unknown: list[dict[str, str]] = []
        resources = [
            raw
            for key in sorted(self.resources)
            for raw in self._instances(self.resources[key], unknown)
        ]
        self._apply_imports(resources)
        declared = RawDeclared(resources=resources, unknown=unknown, warnings=self.warnings)
        self._apply_providers(declared)
        declared.unknown.sort(key=lambda e: (e["address"], e["path"]))
        return declared

    def _apply_imports(self, resources: list[RawResource]) -> None:
        by_address = {r.address: r for r in resources}
        for file, block in self.imports:
            attrs = _attributes(block_parts(block)[2])
            where = f"{file}:{block.meta.line}"
            if "for_each" in attrs or "to" not in attrs or "id" not in attrs:
                self.warn(
                    f"{where}: import block without to/id or with for_each is not supported yet"
                )
                continue
            address = self._import_address(file, attrs["to"])
            import_id = Evaluator(self, Frame(file)).evaluate(attrs["id"])
            if address is None or not isinstance(import_id, str):
                self.warn(f"{where}: import block needs a literal resource address and a known id")
            elif address not in by_address:
                self.warn(f"{where}: import block for {address} matches no declared resource")
            else:
                by_address[address].import_id = import_id

    def _import_address(self, file: str, node: Node) -> str | None:
        node = unwrap(node)
        key: Any = None
        if node.data == "index_expr_term":
            inner, index = trees(node)
            key = Evaluator(self, Frame(file)).evaluate(trees(index)[0])
            if is_pending(key) or not isinstance(key, (str, int)):
                return None
            node = unwrap(inner)
        parts = static_traversal(node)
        if parts is None or len(parts) != 2:
            return None
        return instance_address(parts[0], parts[1], key)

    def _apply_providers(self, declared: RawDeclared) -> None:
        for file, block in self.providers:
            _, labels, body = block_parts(block)
            if labels != ["aws"]:
                continue
            evaluator = Evaluator(self, Frame(file))
            value = BodyEvaluator(evaluator).eval_body(
                body, ("assume_role", "assume_role_with_web_identity")
            )
            alias = value.attrs.get("alias", "")
            if not isinstance(alias, str):
                raise DriftctlError(f"{file}:{block.meta.line}: provider alias must be a string")
            if "region" in value.attrs:
                declared.regions[alias] = finalize(value.attrs["region"])
            self._default_tags(declared, alias, value.attrs.get("default_tags"))

    def _default_tags(self, declared: RawDeclared, alias: str, blocks: Any) -> None:
        if blocks is None:
            return
        tags = (
            finalize(blocks[-1].get("tags", {})) if isinstance(blocks, list) and blocks else blocks
        )
        if isinstance(tags, dict):
            declared.default_tags[alias] = tags
            return
        address = f"provider.aws{'.' + alias if alias else ''}"
        reason = as_unknown(tags).reason if is_pending(tags) else "default_tags.tags is not a map"
        declared.unknown.append({"address": address, "path": "default_tags.tags", "reason": reason})


def _attributes(body: Node) -> dict[str, Node]:
    return {
        attribute_name(a): attribute_value(a) for a in body_items(body) if a.data == "attribute"
    }


def _unique(existing: Mapping[Any, Any], key: Any, what: str, where: str) -> None:
    if key in existing:
        raise DriftctlError(f"{where}: {what} is declared more than once")


def _count(value: Any) -> int:
    count = to_number(value)
    if not isinstance(count, int) or count < 0:
        raise EvalFailure(f"must be a whole number >= 0, got {value!r}")
    return count


def _for_each_keys(value: Any) -> tuple[str, ...]:
    if isinstance(value, dict):
        return tuple(sorted(value))
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(sorted(set(value)))
    raise EvalFailure("must be a map, or a set of strings (use toset())")


def _unknown_entries(address: str, value: Any, path: str) -> Iterator[dict[str, str]]:
    if isinstance(value, Ref):
        yield {
            "address": address,
            "path": path,
            "reason": f"{ref_text(value)} is known after apply",
        }
    elif isinstance(value, Unknown):
        yield {"address": address, "path": path, "reason": value.reason}
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _unknown_entries(address, item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _unknown_entries(address, item, f"{path}[{index}]")
