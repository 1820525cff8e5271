"""The resources and data sources of a module instance: count/for_each expansion,
evaluated bodies, and the RawResources they become."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from driftctl.base.raw import Gap, RawResource
from driftctl.core.model import Ref, SourceRef, Unknown
from driftctl.declared.hcl.body import BodyEvaluator, BodyValue
from driftctl.declared.hcl.config import META_ARGUMENTS, BlockDecl
from driftctl.declared.hcl.data import data_attr
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.eval import Evaluator, Frame, HclEvalError, Origin, where
from driftctl.declared.hcl.lang.limits import EvalLimitError, LimitExceeded, check_size
from driftctl.declared.hcl.lang.nodes import Body, Expr, static_traversal
from driftctl.declared.hcl.lang.types import DYNAMIC, STRING, CSet, is_null, type_of
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    Expansion,
    Instance,
    ResourceBlock,
    Sensitive,
    as_unknown,
    find_pending,
    is_pending,
    ref_text,
    sensitive_paths,
    to_number,
    type_name,
    unmark_deep,
)
from driftctl.declared.hcl.refs import MISSING
from driftctl.errors import DriftctlError

if TYPE_CHECKING:
    from driftctl.declared.hcl.module import ModuleInstance

ExpansionResult = tuple[Expansion, Any, Origin | None]  # keys, for_each value, its origin
RELEASED = Body([], 0, 0)  # the body of a resource whose tree was dropped once collected


def evaluate_expansion(
    evaluator: Evaluator, meta: dict[str, Expr], address: str, place: str
) -> ExpansionResult:
    """count / for_each of a resource or module call: (count or keys or Unknown or None,
    the for_each value, where the for_each value is written)."""
    if "count" in meta and "for_each" in meta:
        raise DriftctlError(f"{place}: {address} sets both count and for_each")
    kind = "count" if "count" in meta else "for_each" if "for_each" in meta else ""
    if not kind:
        return None, None, None
    node = meta[kind]
    value = evaluator.evaluate(node)
    if kind == "for_each" and isinstance(value, Sensitive):  # as Terraform
        raise HclEvalError(
            f"{where(evaluator.frame.file, node)}: for_each: sensitive values, or values "
            "derived from them, cannot be used as for_each arguments (they would become "
            "instance keys)"
        )
    if kind == "count":
        value = unmark_deep(value)[0]
    pending = find_pending(value) if kind == "count" or isinstance(value, list) else None
    if is_pending(value) or pending is not None:
        return as_unknown(pending or value), None, None
    try:
        if kind == "count":
            return _count(value), None, None
        origin = Origin(evaluator.frame.file, node, evaluator)
        return _for_each_keys(value), value, origin
    except EvalFailure as exc:
        raise HclEvalError(f"{where(evaluator.frame.file, node)}: {kind}: {exc}") from None
    except LimitExceeded as exc:
        raise EvalLimitError(f"{where(evaluator.frame.file, node)}: {kind}: {exc}") from None


def instance_frame(file: str, key: int | str | None, result: ExpansionResult) -> Frame:
    """The frame of one instance: count.index, or each.key/each.value (and their origin)."""
    if isinstance(key, int):
        return Frame(file, count_index=key)
    if isinstance(key, str):
        each_value, origin = result[1], result[2]
        value = each_value[key] if isinstance(each_value, dict) else key
        origins = {"each": (origin, key)} if origin is not None else {}
        return Frame(file, each=(key, value), origins=origins)
    return Frame(file)


def _count(value: Any) -> int:
    if is_null(value):
        raise EvalFailure("the given count argument value is null; an integer is required")
    count = number.to_int(to_number(value))
    if count is None or count < 0:
        raise EvalFailure(f"must be a whole number >= 0, got {type_name(value)} {value!r}")
    check_size(count, "instances")
    return count


def _for_each_keys(value: Any) -> tuple[str, ...]:
    """The instance keys of for_each, as Terraform allows it: a map, an object or a set
    of strings; a list or tuple is refused (toset() makes a set of one)."""
    if is_null(value):
        raise EvalFailure("the given for_each argument value is null")
    if isinstance(value, dict):
        return tuple(sorted(value))
    if type(value) is CSet and value.etype in (STRING, DYNAMIC):
        if any(is_null(v) for v in value):
            raise EvalFailure("a set used in for_each must not contain null")
        return tuple(sorted(value))
    if type(value) is CSet:
        raise EvalFailure(
            f"the for_each set must be a set of strings, not a set of {value.etype.friendly()}"
        )
    raise EvalFailure(
        "the for_each argument must be a map, or set of strings, and you have provided a "
        f"value of type {type_of(value).friendly()}: use toset() to make a set of a list"
    )


class ResourceSet:
    def __init__(self, module: ModuleInstance) -> None:
        self.module = module
        self._expansions: dict[str, ExpansionResult] = {}
        self._expanding: set[str] = set()
        self._bodies: dict[Instance, BodyValue] = {}
        self._evaluating: set[Instance] = set()

    def _decl(self, instance: Instance) -> BlockDecl:
        return self.module.config.resources[(instance.mode, instance.type, instance.name)]

    def block(self, type_: str, name: str, mode: str) -> ResourceBlock | None:
        decl = self.module.config.resources.get((mode, type_, name))
        if decl is None:
            return None
        return ResourceBlock(type_, name, self._expansion(decl)[0], self.module.path, mode)

    def _expansion(self, decl: BlockDecl) -> ExpansionResult:
        if decl.address in self._expansions:
            return self._expansions[decl.address]
        if decl.address in self._expanding:
            raise DriftctlError(f"{decl.where}: count/for_each of {decl.address} depends on itself")
        self._expanding.add(decl.address)
        try:
            evaluator = Evaluator(self.module, Frame(decl.file))
            result = evaluate_expansion(evaluator, decl.meta, decl.address, decl.where)
        finally:
            self._expanding.discard(decl.address)
        self._expansions[decl.address] = result
        return result

    def body(self, instance: Instance) -> BodyValue:
        binding = self.module.loader.binding
        if instance in self._bodies:
            binding.replay(("body", instance))
            return self._bodies[instance]
        decl = self._decl(instance)
        self._evaluating.add(instance)
        try:
            frame = instance_frame(decl.file, instance.key, self._expansion(decl))
            evaluator = Evaluator(self.module, frame)
            provenance = self.module.loader.provenance
            with binding.recording(("body", instance)):
                body = BodyEvaluator(evaluator, provenance, binding).eval_body(
                    decl.block.body, META_ARGUMENTS
                )
        finally:
            self._evaluating.discard(instance)
        self._bodies[instance] = body
        return body

    def attr(self, instance: Instance, name: str) -> Any:
        """instance.name: the configured value, a data source's computed value, or MISSING."""
        if instance in self._evaluating:
            return MISSING
        attrs = self.body(instance).attrs
        if instance.mode == "data":
            provider = self.provider_key(self._decl(instance))
            return data_attr(self.module.loader, instance, attrs, name, provider)
        return attrs.get(name, MISSING)

    def provider_key(self, decl: BlockDecl) -> str:
        """The global key of the provider configuration the resource uses."""
        node = decl.meta.get("provider")
        local = decl.type.split("_", 1)[0]
        if node is not None:
            parts = static_traversal(node)
            if parts is None or len(parts) > 2:
                self.module.warn(f"{decl.where}: provider must be written like aws.alias")
            else:
                local = ".".join(parts)
        key = self.module.provider_keys.get(local)
        if key is None:
            if "." not in local:
                return ""
            self.module.warn(
                f"{decl.where}: provider {local} is not configured in {self.module.name}"
                " (declare it, or pass it with providers = { ... })"
            )
            # in the root module a configuration's key is its alias
            return local.split(".", 1)[1] if self.module.parent is None else ""
        return key

    # ------------------------------------------------------------------------ RawResources

    def collect(self, unknown: list[dict[str, str]]) -> Iterator[RawResource]:
        config = self.module.config
        for key in sorted(config.resources):
            decl = config.resources[key]
            if decl.mode == "managed":
                yield from self._instances(decl, unknown)

    def _instances(self, decl: BlockDecl, unknown: list[dict[str, str]]) -> Iterator[RawResource]:
        expansion = self._expansion(decl)[0]
        block = ResourceBlock(decl.type, decl.name, expansion, self.module.path)
        if isinstance(expansion, Unknown):
            meta = "count" if "count" in decl.meta else "for_each"
            self.module.warn(
                f"{decl.where}: {meta} of {block.address} is unknown ({expansion.reason}); "
                "its instances are not declared"
            )
            unknown.append({"address": block.address, "path": meta, "reason": expansion.reason})
            why = f"its {meta} ({decl.where}) is unknown: {expansion.reason}"
            self.module.loader.gap(Gap(block.address, why, frozenset({decl.type})))
            if expansion.depends_on:
                self.module.loader.waiting.add(expansion.depends_on)
            return
        source = SourceRef(decl.file, decl.block.line, decl.block.end_line)
        provider = self.provider_key(decl) if decl.type.startswith("aws_") else ""
        for instance in block.instances():
            body = self.body(instance)
            attrs, marked = sensitive_paths(body.attrs)  # finalized, marks as paths
            unknown.extend(unknown_entries(instance.address, attrs, ""))
            yield RawResource(
                type=decl.type,
                address=instance.address,
                attrs=attrs,
                source=source,
                provider=provider,
                provenance=dict(sorted(body.provenance.items())),
                sensitive=frozenset(marked),
                bound={k: dict(sorted(v.items())) for k, v in sorted(body.bound.items()) if v},
            )
        self._release(decl)

    def _release(self, decl: BlockDecl) -> None:
        """Drop the syntax tree of a collected resource's body: its values are kept, and
        a configuration of 50 MB does not hold its whole tree until the end. Only the root
        module's (a child module's directory may serve several instances) and only when
        provenance, which reads the tree again, is not wanted."""
        module = self.module
        if module.parent is None and not module.loader.provenance:
            decl.block.body = RELEASED
            module.config.released = True


def unknown_entries(address: str, value: Any, path: str) -> list[dict[str, str]]:
    """The unknown values inside value (a resource's attrs), with their paths."""
    out: list[dict[str, str]] = []
    _unknown_into(address, value, path, out)
    return out


_KNOWN_LEAVES = frozenset({str, int, float, bool, type(None)})  # nothing unknown inside


def _unknown_into(address: str, value: Any, path: str, out: list[dict[str, str]]) -> None:
    if isinstance(value, Ref):
        out.append(
            {"address": address, "path": path, "reason": f"{ref_text(value)} is known after apply"}
        )
    elif isinstance(value, Unknown):
        out.append({"address": address, "path": path, "reason": value.reason})
    elif isinstance(value, dict):
        for key, item in value.items():
            if type(item) not in _KNOWN_LEAVES:  # no path built for a plain value
                _unknown_into(address, item, f"{path}.{key}" if path else str(key), out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if type(item) not in _KNOWN_LEAVES:
                _unknown_into(address, item, f"{path}[{index}]", out)
