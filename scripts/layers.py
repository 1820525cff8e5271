"""The package's layers, measured: rooms, floors, arrows, arrows running back up, cycles.

    python scripts/layers.py

A room is a directory of the package; a module at the root counts as its own room
(`driftctl/settings`). An arrow is a distinct (room -> room) pair of imports found with
`ast` in all code, function-level (lazy) and `TYPE_CHECKING` imports included: a lazy
import is still a dependency. Floors are declared below (FLOORS), bottom to top, as in
docs/architecture.md §9. An arrow running back up goes from a room on a lower floor to a
room on a higher one. A cycle is a strongly connected component of the module graph
(file -> file); one whose files lie in two folders or more is reported.

tests/test_layers.py asserts the figures this prints.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "driftctl"

# Floors, bottom (0) to top (7), keyed by room. `X/*` is every room directly under X,
# `X/**` is X and every room under it; an exact key wins over `/*`, which wins over the
# nearest `/**`. Today's root modules are listed by today's path, mapped to the floor of
# the package they move to (issue #23), so the table works on both trees.
FLOORS: dict[str, int] = {
    # 0: small utilities
    "driftctl/errors": 0,
    "driftctl/util/**": 0,
    "driftctl/safejson": 0,
    "driftctl/safeyaml": 0,
    "driftctl/globs": 0,
    "driftctl/gcpause": 0,
    "driftctl/deepstack": 0,
    "driftctl/interrupt": 0,
    "driftctl/redact": 0,
    # 1: the data model
    "driftctl/core/**": 1,
    "driftctl/model": 1,
    "driftctl/sensitive": 1,
    # 2: the records and helpers a type module is written with
    "driftctl/base/**": 2,
    # 3: the type modules, one room per service
    "driftctl/resources/*": 3,
    # 4: the registry and what reads all types
    "driftctl/resources": 4,
    # 5: the engine
    "driftctl/aws/**": 5,
    "driftctl/declared/**": 5,
    "driftctl/engine/**": 5,
    "driftctl/attribution/**": 5,
    "driftctl/rules/**": 5,
    "driftctl/settings": 5,
    "driftctl/bind": 5,
    "driftctl/diff": 5,
    "driftctl/match": 5,
    "driftctl/partial": 5,
    "driftctl/pipeline": 5,
    "driftctl/scopes": 5,
    "driftctl/selection": 5,
    "driftctl/needs": 5,
    "driftctl/rendered": 5,
    "driftctl/snapshot": 5,
    "driftctl/snapshot_check": 5,
    "driftctl/driftignore": 5,
    "driftctl/rulefile": 5,
    # 6: whole stages
    "driftctl/report/**": 6,
    "driftctl/revert/**": 6,
    "driftctl/watch/**": 6,
    "driftctl/codify/**": 6,
    "driftctl/pullrequest/**": 6,
    "driftctl/determinism/**": 6,
    "driftctl/demo/**": 6,
    "driftctl/determinism_lint": 6,
    "driftctl/render_diff": 6,
    "driftctl/demo_stack": 6,
    "driftctl/emulator": 6,
    # 7: entry points
    "driftctl/commands/**": 7,
    "driftctl/cli": 7,
    "driftctl/api": 7,
    "driftctl/pytest_plugin": 7,
    "driftctl/compat": 7,
    "driftctl/__main__": 7,
    "driftctl/__init__": 7,
}

# Rooms kept apart from others on their own floor: a room matching the key imports only
# rooms matching one of its patterns (`X/**` is X and every room under it). The HCL
# language (syntax, evaluator, values, functions) knows nothing of Terraform's modules,
# variables or resources (driftctl/declared/hcl, which builds on it): it asks its Scope.
ONLY: dict[str, tuple[str, ...]] = {
    "driftctl/declared/hcl/lang/**": (
        "driftctl/declared/hcl/lang/**",
        "driftctl/core/**",
        "driftctl/errors",
        "driftctl/util/**",
    ),
}

NAMES = {
    0: "utilities",
    1: "core",
    2: "base",
    3: "type modules",
    4: "resources",
    5: "engine",
    6: "stages",
    7: "entry points",
}


def matches(room: str, pattern: str) -> bool:
    """Whether a room is the pattern's (`X/**`: X or a room under it)."""
    if pattern.endswith("/**"):
        base = pattern[:-3]
        return room == base or room.startswith(base + "/")
    return room == pattern


def floor_of(room: str) -> int:
    """The declared floor of a room; KeyError if the table does not place it."""
    if room in FLOORS:
        return FLOORS[room]
    parent = room.rpartition("/")[0]
    if parent and f"{parent}/*" in FLOORS:
        return FLOORS[f"{parent}/*"]
    at = room
    while at:
        if f"{at}/**" in FLOORS:
            return FLOORS[f"{at}/**"]
        at = at.rpartition("/")[0]
    raise KeyError(room)


@dataclass(frozen=True)
class Import:
    source: str  # module, dotted
    target: str  # module, dotted
    where: str  # file:line


def _module_name(path: Path) -> str:
    parts = list(path.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Dotted module name -> file (relative to the package's parent), every .py file."""
    files = (p.relative_to(package.parent) for p in sorted(package.rglob("*.py")))
    return {_module_name(p): p for p in files}


def room_of(module: str, files: dict[str, Path]) -> str:
    """The room of a module: its directory, or itself for a root module."""
    path = files[module]
    if path.name == "__init__.py":
        if path.parent == Path("driftctl"):
            return "driftctl/__init__"
        return path.parent.as_posix()
    if path.parent == Path("driftctl"):
        return path.with_suffix("").as_posix()
    return path.parent.as_posix()


def folder_of(module: str, files: dict[str, Path]) -> str:
    return files[module].parent.as_posix()


def _resolve(name: str, files: dict[str, Path]) -> str | None:
    """The longest prefix of a dotted name that is a module of the package."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in files:
            return candidate
        parts.pop()
    return None


def imports(files: dict[str, Path], root: Path) -> list[Import]:
    """Every import of a package module by a package module, lazy ones included."""
    found: list[Import] = []
    for module, path in files.items():
        tree = ast.parse((root / path).read_text(encoding="utf-8"), str(path))
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                # `from a import b` names module a.b when b is one, else a
                names = [f"{base}.{alias.name}" for alias in node.names]
            for name in names:
                target = _resolve(name, files)
                if target is not None and target != module:
                    where = f"{path.as_posix()}:{node.lineno}"
                    found.append(Import(module, target, where))
    return found


@dataclass(frozen=True)
class Layers:
    rooms: dict[str, int]  # room -> floor
    arrows: dict[tuple[str, str], str]  # (room, room) -> one example file:line
    cycles: list[list[str]]  # cycles of modules spanning two folders or more
    folders: list[list[str]]  # the folders each of those cycles spans

    @property
    def back_up(self) -> dict[tuple[str, str], str]:
        return {
            (a, b): where for (a, b), where in self.arrows.items() if self.rooms[a] < self.rooms[b]
        }

    @property
    def outside(self) -> dict[tuple[str, str], str]:
        """Arrows from a room ONLY restricts to a room it does not allow."""
        return {
            (a, b): where
            for (a, b), where in self.arrows.items()
            for key, allowed in ONLY.items()
            if matches(a, key) and not any(matches(b, p) for p in allowed)
        }


def _components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (iterative Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def measure(package: Path = PACKAGE) -> Layers:
    files = modules(package)
    rooms = {room_of(m, files): 0 for m in files}
    rooms = {room: floor_of(room) for room in sorted(rooms)}
    arrows: dict[tuple[str, str], str] = {}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for imp in sorted(imports(files, package.parent), key=lambda i: (i.where, i.target)):
        graph[imp.source].add(imp.target)
        pair = (room_of(imp.source, files), room_of(imp.target, files))
        if pair[0] != pair[1]:
            arrows.setdefault(pair, imp.where)
    cycles = [c for c in _components(graph) if len({folder_of(m, files) for m in c}) > 1]
    folders = [sorted({folder_of(m, files) for m in c}) for c in cycles]
    return Layers(rooms, dict(sorted(arrows.items())), cycles, folders)


def main() -> int:
    layers = measure()
    floors = sorted(set(layers.rooms.values()))
    print(f"rooms: {len(layers.rooms)}")
    print(f"floors: {len(floors)}")
    for floor in floors:
        rooms = [r for r, f in layers.rooms.items() if f == floor]
        print(f"  {floor} {NAMES[floor]}: {len(rooms)} rooms")
    print(f"arrows: {len(layers.arrows)}")
    print(f"back-up arrows: {len(layers.back_up)}")
    for (a, b), where in layers.back_up.items():
        print(f"  {a} ({layers.rooms[a]}) -> {b} ({layers.rooms[b]})  e.g. {where}")
    print(f"arrows outside what ONLY allows: {len(layers.outside)}")
    for (a, b), where in layers.outside.items():
        print(f"  {a} -> {b}  e.g. {where}")
    print(f"cross-folder cycles: {len(layers.cycles)}")
    for cycle, folders in zip(layers.cycles, layers.folders, strict=True):
        print(f"  {len(cycle)} modules in {len(folders)} folders: {', '.join(cycle)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
