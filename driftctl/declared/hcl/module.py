"""A module instance: one module's configuration evaluated with its own input values.

The root module is an instance with the variables of tfvars/--var/TF_VAR_*; each call
of a child module (and each count/for_each instance of a call) is another, whose
variables are the call's arguments evaluated in the calling module. A module instance
is the `Scope` its expressions are evaluated in: var., local., resources, data sources,
module outputs, path.* and terraform.*.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from driftctl.base.raw import RawResource
from driftctl.core.model import Ref, Unknown
from driftctl.declared.binding import NOT_BOUND
from driftctl.declared.hcl import refs
from driftctl.declared.hcl.config import CallDecl, ModuleConfig
from driftctl.declared.hcl.lang.eval import Evaluator, Frame, HclEvalError, Origin, where
from driftctl.declared.hcl.lang.functions.base import CallContext
from driftctl.declared.hcl.lang.traverse import Step
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    Instance,
    ResourceBlock,
    finalize,
    from_plain,
    is_pending,
    mark_if,
    to_bool,
    unmark_deep,
)
from driftctl.declared.hcl.modcalls import CallSet
from driftctl.declared.hcl.providers import provider_keys
from driftctl.declared.hcl.resources import ResourceSet
from driftctl.declared.hcl.vars import VariableValue, default_value, finish
from driftctl.errors import DriftctlError

if TYPE_CHECKING:
    from driftctl.declared.hcl.loader import Loader


class ModuleInstance:
    def __init__(
        self,
        loader: Loader,
        config: ModuleConfig,
        path: str = "",
        manifest_key: str = "",
        parent: ModuleInstance | None = None,
        call: CallDecl | None = None,
        call_frame: Frame | None = None,
        values: Mapping[str, VariableValue] | None = None,
    ) -> None:
        self.loader = loader
        self.config = config
        self.path = path  # "" for the root, module.a["k"].module.b for a child
        self.manifest_key = manifest_key  # "a.b": the key in .terraform/modules/modules.json
        self.parent = parent
        self.call = call
        self.call_frame = call_frame  # the calling module's frame for this instance
        self._values: dict[str, VariableValue] = dict(values or {})
        self._locals: dict[str, Any] = {}
        self._local_stack: list[str] = []
        self._outputs: dict[str, Any] = {}
        self._output_stack: list[str] = []
        self.resources = ResourceSet(self)
        self.calls = CallSet(self)
        loader.instances[path] = self
        self._check_inputs()
        self.provider_keys = provider_keys(self)

    @property
    def name(self) -> str:
        return self.path or "the root module"

    def _check_inputs(self) -> None:
        if self.call is None:
            return
        for name, node in self.call.inputs.items():
            if name not in self.config.variables:
                raise HclEvalError(
                    f'{where(self.call.file, node)}: module "{self.call.name}" has no '
                    f"variable {name!r} (declared variables: "
                    f"{', '.join(sorted(self.config.variables)) or 'none'})"
                )

    # ------------------------------------------------------------------------ Scope

    def warn(self, message: str) -> None:
        self.loader.warn(message)

    def call_context(self) -> CallContext:
        return self.loader.call_context

    def variable(self, name: str) -> Any:
        return self.variable_value(name).value

    def variable_value(self, name: str) -> VariableValue:
        key = ("var", self.path, name)
        if name not in self._values:
            if name not in self.config.variables:
                raise EvalFailure(f"reference to undeclared variable var.{name}")
            with self.loader.binding.recording(key):
                self._values[name] = self._input(name)
        else:
            self.loader.binding.replay(key)
        return self._values[name]

    def _input(self, name: str) -> VariableValue:
        """A child module's variable: the call's argument, or the default."""
        decl = self.config.variables[name]
        assert self.call is not None and self.parent is not None and self.call_frame
        node = self.call.inputs.get(name)
        if node is None:
            assigned = default_value(decl, self.warn)
        else:
            evaluator = Evaluator(self.parent, self.call_frame)
            value = evaluator.evaluate(node)
            assigned = VariableValue(value, Origin(self.call.file, node, evaluator))
        required = (
            f'{self.call.where}: module "{self.call.name}" needs a value for {name!r} '
            f"(variable at {decl.where} has no default)"
        )
        return finish(decl, assigned, self.warn, required)

    def local(self, name: str) -> Any:
        key = ("local", self.path, name)
        if name in self._locals:
            self.loader.binding.replay(key)
            return self._locals[name]
        if name not in self.config.locals:
            raise EvalFailure(f"reference to undeclared local value local.{name}")
        if name in self._local_stack:
            cycle = [*self._local_stack[self._local_stack.index(name) :], name]
            origin = self.config.locals[name]
            raise DriftctlError(
                f"{origin.file}:{origin.node.line}: local values refer to each other in a "
                f"cycle: {' -> '.join(f'local.{n}' for n in cycle)}",
                hint="break the cycle",
            )
        self._local_stack.append(name)
        try:
            origin = self.config.locals[name]
            with self.loader.binding.recording(key):
                value = Evaluator(self, Frame(origin.file)).evaluate(origin.node)
        finally:
            self._local_stack.pop()
        self._locals[name] = value
        return value

    def resource(self, type_: str, name: str, mode: str = "managed") -> ResourceBlock | None:
        return self.resources.block(type_, name, mode)

    def resource_attr(self, instance: Instance, name: str) -> Any:
        return self.loader.instances[instance.module].resources.attr(instance, name)

    def traverse(self, value: Any, steps: Sequence[Step], at: int) -> tuple[Any, int]:
        return refs.traverse(value, steps, at, self)

    def bound_value(self, ref: Ref, sensitive: bool = False) -> Any:
        found = self.loader.binding.lookup(ref, sensitive)
        return ref if found is NOT_BOUND else from_plain(found)

    def module_ref(self, steps: list[Step]) -> Any:
        return self.calls.ref(steps)

    def meta_value(self, root: str, name: str) -> Any:
        if root == "path" and name == "module":
            return self.config.prefix.rstrip("/") or "."
        if root == "path" and name == "root":
            return "."
        if root == "path" and name == "cwd":
            return Unknown("path.cwd depends on where terraform runs")
        if root == "terraform" and name == "workspace":
            return self.loader.workspace
        raise EvalFailure(f"{root}.{name} is not a known attribute of {root}")

    def origin(self, kind: str, name: str) -> Origin | None:
        if kind == "var":
            if name not in self.config.variables:
                return None
            return self.variable_value(name).origin
        local = self.config.locals.get(name)
        if local is None:
            return None
        return Origin(local.file, local.node, Evaluator(self, Frame(local.file)))

    # ------------------------------------------------------------------------ outputs

    def output(self, name: str) -> Any:
        key = ("output", self.path, name)
        if name in self._outputs:
            self.loader.binding.replay(key)
            return self._outputs[name]
        decl = self.config.outputs.get(name)
        if decl is None:
            raise EvalFailure(f"{self.path} has no output {name!r}")
        if name in self._output_stack:
            raise DriftctlError(
                f"{where(decl.file, decl.block)}: output {name!r} depends on itself"
            )
        self._output_stack.append(name)
        try:
            evaluator = Evaluator(self, Frame(decl.file))
            with self.loader.binding.recording(key):
                value = evaluator.evaluate(decl.value) if decl.value is not None else None
        finally:
            self._output_stack.pop()
        value = mark_if(decl.sensitive, value)  # the caller gets it marked
        self._outputs[name] = value
        return value

    def output_origin(self, call: str, key: int | str | None, output: str) -> Origin | None:
        child = self.calls.instance_of(call, key)
        return child.own_output_origin(output) if child is not None else None

    def own_output_origin(self, name: str) -> Origin | None:
        decl = self.config.outputs.get(name)
        if decl is None or decl.value is None:
            return None
        return Origin(decl.file, decl.value, Evaluator(self, Frame(decl.file)))

    def outputs(self) -> dict[str, Any]:
        return {name: self.output(name) for name in sorted(self.config.outputs)}

    def rendered_outputs(self) -> dict[str, Any]:
        """The output values as plain data; a sensitive output's value is not shown."""
        out: dict[str, Any] = {}
        for name in sorted(self.config.outputs):
            decl = self.config.outputs[name]
            value, marked = unmark_deep(finalize(self.output(name)))
            if decl.sensitive or marked:
                value = Unknown(f"output {name!r} is sensitive")
            out[name] = value
        return out

    # ------------------------------------------------------------------------ validation

    def validate(self) -> list[str]:
        """The failed validation rules of this instance's variables, as messages."""
        failures: list[str] = []
        for name, decl in sorted(self.config.variables.items()):
            if not decl.validations:
                continue
            value = self.variable_value(name)
            if is_pending(value.value):
                continue
            evaluator = Evaluator(self, Frame(decl.file))
            for condition, message in decl.validations:
                ok = unmark_deep(evaluator.evaluate(condition))[0]
                if is_pending(ok) or _true(ok, decl.file, condition):
                    continue
                text, hidden = unmark_deep(evaluator.evaluate(message))
                text = text if isinstance(text, str) else f"{text!r}"
                if hidden:  # as Terraform: never print a sensitive value
                    text = "the error message includes a sensitive value, so it is not shown"
                origin = value.origin
                came = f" (value from {where(origin.file, origin.node)})" if origin else ""
                failures.append(
                    f"{where(decl.file, condition)}: invalid value for "
                    f"{self._var_name(name)}{came}: {text}"
                )
        return failures

    def collect(self, out: list[RawResource], unknown: list[dict[str, str]]) -> None:
        collect(self, out, unknown)

    def _var_name(self, name: str) -> str:
        return f"{self.path}.var.{name}" if self.path else f"var.{name}"


def _true(value: Any, file: str, node: Any) -> bool:
    try:
        return to_bool(value)
    except EvalFailure:
        raise HclEvalError(
            f"{where(file, node)}: a validation condition must be true or false"
        ) from None


def collect(module: ModuleInstance, out: list[RawResource], unknown: list[dict[str, str]]) -> None:
    """The RawResources of module and its children, after its variables are validated."""
    failures = module.validate()
    if failures:
        raise DriftctlError(
            "\n".join(failures),
            hint="fix the value (tfvars, --var, TF_VAR_*, or the module call)",
        )
    for name in sorted(module.config.locals):
        module.local(name)
    out.extend(module.resources.collect(unknown))
    module.calls.collect(out, unknown)
