"""What all module instances of one load share: parsed configurations by directory,
the instances by address, provider configurations, warnings, and the session context."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftctl.base.raw import Gap
from driftctl.declared.binding import Binding
from driftctl.declared.hcl.body import BodyValue
from driftctl.declared.hcl.config import ModuleConfig
from driftctl.declared.hcl.lang.functions.base import CallContext
from driftctl.declared.hcl.lang.nodes import Block, Body
from driftctl.declared.hcl.modcalls import read_manifest

if TYPE_CHECKING:
    from driftctl.declared.hcl.module import ModuleInstance


class Loader:
    def __init__(
        self,
        root: Path,
        parser: Callable[[str, str], Body],
        context: Mapping[str, Any],
        workspace: str,
        provenance: bool = True,
        binding: Binding | None = None,
    ) -> None:
        self.root = root
        self.parser = parser
        self.context = dict(context)
        self.workspace = workspace
        self.provenance = provenance  # whether resources record where each value is written
        # live values of matched resources that references to computed attributes take
        self.binding = binding or Binding()
        self.warnings: list[str] = []
        # the declared addresses an unknown count/for_each waits on (RawDeclared.waiting)
        self.waiting: set[str] = set()
        self.gaps: list[Gap] = []  # what could not be read whole (RawDeclared.gaps)
        self.nondeterministic: list[str] = []
        self.instances: dict[str, ModuleInstance] = {}
        self.manifest = read_manifest(root)
        self.provider_blocks: dict[str, tuple[ModuleInstance, str, Block]] = {}
        self.provider_values: dict[str, BodyValue | None] = {}
        self.call_context = CallContext(root, self._nondeterministic)
        self._configs: dict[Path, ModuleConfig] = {}

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def gap(self, gap: Gap) -> None:
        if gap not in self.gaps:
            self.gaps.append(gap)

    def _nondeterministic(self, where: str, name: str) -> None:
        entry = f"{where}: {name}()"
        if entry not in self.nondeterministic:
            self.nondeterministic.append(entry)

    def config(self, directory: Path) -> ModuleConfig:
        """The configuration of a module directory, parsed once."""
        key = Path(os.path.normpath(directory))
        if key not in self._configs:
            relative = Path(os.path.relpath(key, self.root)).as_posix()
            prefix = "" if relative == "." else f"{relative}/"
            config = ModuleConfig(key, prefix, self.parser)
            for warning in config.warnings:
                self.warn(warning)
            self._configs[key] = config
        return self._configs[key]

    def inputs(self) -> list[Path]:
        """Every file the load read so far: the modules' .tf files and what file functions
        read (tfvars are added by the caller, which knows them)."""
        found = {f for config in self._configs.values() for f in config.files}
        return sorted(found | self.call_context.read)

    def release(self) -> None:
        """Break the reference cycles between module instances, evaluators and the loader,
        so the parsed trees are freed at once by reference counting (the cyclic collector
        is off while loading, and would take seconds to find them)."""
        for instance in self.instances.values():
            instance.__dict__.clear()
        self.__dict__.clear()
