"""Module calls: where a module's source is, its count/for_each instances, and
references to their outputs (`module.a["k"].bucket_arn`).

Local sources (`./x`, `../x`) are read relative to the calling module's directory.
Other sources (registry, git, ...) are read where `terraform init` installed them, as
recorded in .terraform/modules/modules.json; a module that is not installed is a
warning naming the call, and its resources are not declared.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftctl.base.raw import Gap, RawResource
from driftctl.core.model import Unknown
from driftctl.declared.hcl.config import CallDecl
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.eval import Evaluator, Frame, HclEvalError
from driftctl.declared.hcl.lang.reads import record_file
from driftctl.declared.hcl.lang.traverse import Attr, Index, Step, apply_steps
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    as_unknown,
    is_pending,
    key_suffix,
    to_number,
    to_str,
)
from driftctl.declared.hcl.resources import ExpansionResult, evaluate_expansion, instance_frame
from driftctl.errors import DriftctlError
from driftctl.util import redact, safejson

if TYPE_CHECKING:
    from driftctl.declared.hcl.module import ModuleInstance

MANIFEST = Path(".terraform") / "modules" / "modules.json"


def read_manifest(root: Path) -> dict[str, Path]:
    """modules.json: module key ("a.b") -> installed directory."""
    path = root / MANIFEST
    if not path.is_file():
        record_file(path, None)
        return {}
    try:
        raw = path.read_bytes()
        record_file(path, raw)
        data = safejson.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DriftctlError(
            f"{MANIFEST.as_posix()}: cannot read: {exc}", hint="run `terraform init` again"
        ) from None
    modules = data.get("Modules") if isinstance(data, dict) else None
    out: dict[str, Path] = {}
    for entry in modules if isinstance(modules, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("Key"), str):
            directory = entry.get("Dir")
            if isinstance(directory, str) and entry["Key"]:
                out[entry["Key"]] = root / directory
    return out


def is_local(source: str) -> bool:
    return source in (".", "..") or source.startswith(("./", "../", ".\\", "..\\"))


class CallSet:
    """The module calls of one module instance."""

    def __init__(self, module: ModuleInstance) -> None:
        self.module = module
        self._targets: dict[str, Path | Unknown] = {}
        self._expansions: dict[str, ExpansionResult] = {}
        self._expanding: set[str] = set()
        self._children: dict[tuple[str, int | str | None], ModuleInstance] = {}

    def _call(self, name: str) -> CallDecl:
        call = self.module.config.calls.get(name)
        if call is None:
            raise EvalFailure(f"reference to undeclared module module.{name}")
        return call

    def _key(self, call: CallDecl) -> str:
        parent = self.module.manifest_key
        return f"{parent}.{call.name}" if parent else call.name

    def _address(self, name: str) -> str:
        return f"{self.module.path + '.' if self.module.path else ''}module.{name}"

    def target(self, call: CallDecl) -> Path | Unknown:
        """The directory the module is read from, or Unknown when it is not installed."""
        if call.name in self._targets:
            return self._targets[call.name]
        if call.source is None:
            raise DriftctlError(f'{call.where}: module "{call.name}" needs a literal source')
        found: Path | Unknown
        if is_local(call.source):
            found = Path(os.path.normpath(self.module.config.directory / call.source))
            if not found.is_dir():
                raise DriftctlError(
                    f'{call.where}: module "{call.name}": source {call.source!r} is not a '
                    "directory",
                    hint="fix the source path",
                )
        else:
            found = self.module.loader.manifest.get(self._key(call)) or Unknown("")
            if isinstance(found, Path) and not found.is_dir():
                found = Unknown("")
            if isinstance(found, Unknown):
                shown = redact.credentials(call.source)  # a git source's token stays hidden
                self.module.warn(
                    f'{call.where}: module "{call.name}" (source "{shown}") is not '
                    "installed; run `terraform init` to install it. Its resources are not "
                    "declared"
                )
                found = Unknown(f"module.{call.name} is not installed (source {shown!r})")
                self.module.loader.gap(
                    Gap(
                        self._address(call.name),
                        f'module "{call.name}" (source "{shown}", {call.where}) is not '
                        "installed: run `terraform init` (or `terraform get`)",
                        whole=True,
                    )
                )
        if isinstance(found, Path):
            self._refuse_cycle(call, found)
        self._targets[call.name] = found
        return found

    def _refuse_cycle(self, call: CallDecl, directory: Path) -> None:
        """A module whose source is itself or a module that (indirectly) calls it would
        be expanded forever: an error naming the chain, as Terraform refuses it too."""
        chain: list[str] = []
        instance: Any = self.module
        while instance is not None:
            chain.append(instance.path or "the root module")
            if Path(os.path.realpath(instance.config.directory)) == Path(
                os.path.realpath(directory)
            ):
                what = (
                    "its own directory"
                    if len(chain) == 1
                    else f"the directory of {chain[-1]}, which calls it"
                )
                raise DriftctlError(
                    f'{call.where}: module "{call.name}" has source {call.source!r}, '
                    f"{what}: modules calling each other in a cycle never end",
                    hint="point the source at another directory",
                )
            instance = instance.parent

    def expansion(self, call: CallDecl) -> ExpansionResult:
        if call.name in self._expansions:
            return self._expansions[call.name]
        if call.name in self._expanding:
            raise DriftctlError(
                f"{call.where}: count/for_each of module.{call.name} depends on itself"
            )
        self._expanding.add(call.name)
        try:
            evaluator = Evaluator(self.module, Frame(call.file))
            meta = {k: v for k, v in call.attrs.items() if k in ("count", "for_each")}
            result = evaluate_expansion(evaluator, meta, f"module.{call.name}", call.where)
        finally:
            self._expanding.discard(call.name)
        self._expansions[call.name] = result
        return result

    def keys(self, call: CallDecl) -> list[int | str | None] | Unknown:
        expansion = self.expansion(call)[0]
        if isinstance(expansion, Unknown):
            return expansion
        if expansion is None:
            return [None]
        if isinstance(expansion, int):
            return list(range(expansion))
        return list(expansion)

    def child(self, call: CallDecl, key: int | str | None) -> ModuleInstance:
        from driftctl.declared.hcl.module import ModuleInstance

        found = self._children.get((call.name, key))
        if found is not None:
            return found
        directory = self.target(call)
        assert isinstance(directory, Path)
        if self.module.loader.config(directory).released:
            raise DriftctlError(
                f'{call.where}: module "{call.name}" calls the root module\'s own directory',
                hint="a module cannot call the configuration that calls it",
            )
        prefix = f"{self.module.path}." if self.module.path else ""
        frame = instance_frame(call.file, key, self.expansion(call))
        child = ModuleInstance(
            self.module.loader,
            self.module.loader.config(directory),
            f"{prefix}module.{call.name}{key_suffix(key)}",
            self._key(call),
            self.module,
            call,
            frame,
        )
        self._children[(call.name, key)] = child
        return child

    # ------------------------------------------------------------------------ references

    def ref(self, steps: list[Step]) -> Any:
        """module.NAME[...]... as a value."""
        first = steps[0]
        assert isinstance(first, Attr)
        call = self._call(first.name)
        target = self.target(call)
        if isinstance(target, Unknown):
            return target
        keys = self.keys(call)
        if isinstance(keys, Unknown):
            return keys
        rest = steps[1:]
        if keys == [None]:
            return self._instance_ref(call, None, rest)
        if rest and isinstance(rest[0], Index):
            key = self._select(call, keys, rest[0].key)
            return key if isinstance(key, Unknown) else self._instance_ref(call, key, rest[1:])
        if rest and isinstance(rest[0], Attr):
            raise EvalFailure(
                f"module.{call.name} has count or for_each set: refer to one "
                f"instance, e.g. module.{call.name}[...].{rest[0].name}"
            )
        whole: Any = (
            {k: self.child(call, k).outputs() for k in keys}
            if all(isinstance(k, str) for k in keys)
            else [self.child(call, k).outputs() for k in keys]
        )
        return apply_steps(whole, rest, self.module)

    def _select(self, call: CallDecl, keys: list[Any], raw: Any) -> int | str | Unknown:
        if is_pending(raw):
            return as_unknown(raw)
        if isinstance(keys[0], str):
            key: Any = to_str(raw)
        else:
            key = number.to_int(to_number(raw))
        if key is None or key not in keys:
            raise EvalFailure(f"module.{call.name}[{raw!r}] is not declared")
        return key  # type: ignore[no-any-return]

    def _instance_ref(self, call: CallDecl, key: int | str | None, rest: list[Step]) -> Any:
        child = self.child(call, key)
        if rest and isinstance(rest[0], Attr):
            return apply_steps(child.output(rest[0].name), rest[1:], self.module)
        return apply_steps(child.outputs(), rest, self.module)

    def instance_of(self, name: str, key: int | str | None) -> ModuleInstance | None:
        """The child instance module.name[key] when it exists (for provenance)."""
        call = self.module.config.calls.get(name)
        if call is None or isinstance(self.target(call), Unknown):
            return None
        keys = self.keys(call)
        return None if isinstance(keys, Unknown) or key not in keys else self.child(call, key)

    # ------------------------------------------------------------------------ collecting

    def collect(self, out: list[RawResource], unknown: list[dict[str, str]]) -> None:
        for name in sorted(self.module.config.calls):
            call = self.module.config.calls[name]
            if isinstance(self.target(call), Unknown):
                continue
            keys = self.keys(call)
            if isinstance(keys, Unknown):
                meta = "count" if "count" in call.attrs else "for_each"
                address = self._address(name)
                # the types its resources have are not known without expanding it
                why = f"its {meta} ({call.where}) is unknown: {keys.reason}"
                self.module.loader.gap(Gap(address, why))
                self.module.warn(
                    f"{call.where}: {meta} of {address} is unknown ({keys.reason}); "
                    "its resources are not declared"
                )
                unknown.append({"address": address, "path": meta, "reason": keys.reason})
                if keys.depends_on:
                    self.module.loader.waiting.add(keys.depends_on)
                continue
            for key in keys:
                self.child(call, key).collect(out, unknown)


__all__ = ["HclEvalError", "read_manifest"]
