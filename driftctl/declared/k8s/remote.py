"""Remote bases: what `kustomize build` would fetch from the network, found beforehand.

kustomize fetches a `resources:` (or `bases:`, `components:`) entry that is a git URL
(`github.com/org/repo//path?ref=v1`, `https://...`, `git@...`) by cloning it, and a
patch, CRD, configuration or replacement file given as an http(s) URL by downloading
it — without a word, during a command that otherwise only reads the repository. What
it fetches is code driftctl would take for the declared state (and compare, write back
into, or revert AWS to). So before a build, the kustomization and every local base it
includes are read, and a remote reference is refused unless the user allowed it
(`--allow-remote-bases`), naming the file and line of the first one.

A remote reference is one with a URL scheme other than file://, a `git@`/`git::` address,
or a path that does not exist here and starts with a host name (`github.com/...`), which
is what kustomize then tries to fetch.
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import yaml

from driftctl.errors import DriftctlError
from driftctl.util import safeyaml

KUSTOMIZATIONS = ("kustomization.yaml", "kustomization.yml", "Kustomization")
# keys whose list entries are paths (or, for the first three, kustomizations) kustomize
# reads: a string entry, or a mapping with a `path`
BASES = ("resources", "bases", "components")
FILES = (
    "crds",
    "configurations",
    "generators",
    "transformers",
    "validators",
    "patchesStrategicMerge",
    "patches",
    "patchesJson6902",
    "replacements",
)
_HOST = re.compile(r"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d+)?/")
HINT = "vendor the base into the repository, or pass --allow-remote-bases to let kustomize fetch it"


@dataclasses.dataclass(frozen=True)
class Remote:
    file: str  # the kustomization, relative to the directory built
    line: int
    key: str
    entry: str


def is_remote(entry: str, directory: Path) -> bool:
    scheme, sep, _ = entry.partition("://")
    if sep and re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*", scheme):
        return scheme.lower() != "file"
    if entry.startswith(("git@", "git::")):
        return True
    if "\n" in entry or (directory / entry).exists():
        return False  # an inline patch, or a local path
    return bool(_HOST.match(entry))


def find(directory: Path) -> list[Remote]:
    """Every remote reference of the kustomization in directory and of the local bases it
    includes (each kustomization read once; one that cannot be read is left to kustomize,
    which reports it)."""
    found: list[Remote] = []
    seen: set[str] = set()
    pending = [directory]
    while pending:
        here = pending.pop(0)  # breadth first: the kustomization's own entries first
        real = os.path.realpath(here)
        if real in seen:
            continue
        seen.add(real)
        name = next((n for n in KUSTOMIZATIONS if (here / n).is_file()), None)
        if name is None:
            continue
        shown = Path(os.path.relpath(here / name, directory)).as_posix()
        for key, line, entry in sorted(_entries(here / name), key=lambda e: e[1]):
            if is_remote(entry, here):
                found.append(Remote(shown, line, key, entry))
            elif key in BASES and (here / entry).is_dir():
                pending.append(Path(os.path.normpath(here / entry)))
    return found


def _entries(path: Path) -> list[tuple[str, int, str]]:
    """(key, line, entry) of each path-like entry of one kustomization file."""
    try:
        root, _ = safeyaml.single(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return []
    if not isinstance(root, yaml.MappingNode):
        return []
    out = []
    for key_node, value in root.value:
        key = str(key_node.value)
        if key == "openapi" and isinstance(value, yaml.MappingNode):
            out += [("openapi", v.start_mark.line + 1, str(v.value)) for v in _paths([value])]
        if key not in BASES + FILES or not isinstance(value, yaml.SequenceNode):
            continue
        items = [v for v in value.value if isinstance(v, yaml.ScalarNode)]
        out += [(key, v.start_mark.line + 1, str(v.value)) for v in items]
        maps = [v for v in value.value if isinstance(v, yaml.MappingNode)]
        out += [(key, v.start_mark.line + 1, str(v.value)) for v in _paths(maps)]
    return out


def _paths(mappings: list[yaml.MappingNode]) -> list[yaml.ScalarNode]:
    """The `path:` scalar of each mapping that has one."""
    return [
        v
        for m in mappings
        for k, v in m.value
        if isinstance(k, yaml.ScalarNode) and k.value == "path" and isinstance(v, yaml.ScalarNode)
    ]


def refuse(directory: Path, allow: bool) -> None:
    """Raise naming the first remote reference under directory, unless allowed."""
    if allow:
        return
    remotes = find(directory)
    if not remotes:
        return
    first = remotes[0]
    more = f" (and {len(remotes) - 1} more)" if len(remotes) > 1 else ""
    raise DriftctlError(
        f"{Path(os.path.normpath(directory / first.file)).as_posix()}:{first.line}: "
        f"{first.key} entry {first.entry!r} is remote: "
        f"kustomize would fetch it from the network{more}",
        HINT,
    )
