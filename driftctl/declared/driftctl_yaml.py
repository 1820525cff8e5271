"""driftctl's own declared-state format (docs/declared-yaml.md), validated against
driftctl/schemas/declared.schema.json with errors that name the file and line.

    driftctl: 1
    resources:
      - type: aws_vpc
        name: main
        attrs: {cidr_block: 10.0.0.0/16, tags: {Name: main}}
      - type: aws_subnet
        attrs: {vpc_id: {$ref: main.id}, cidr_block: 10.0.1.0/24}
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from importlib import resources
from typing import Any

import jsonschema
import yaml

from driftctl.base.raw import RawDeclared, RawResource
from driftctl.base.spec import CFN_KEY
from driftctl.core.model import Ref, SourceRef, Unknown
from driftctl.errors import DriftctlError
from driftctl.resources.registry import CONVERTERS, FOLDS, TYPES
from driftctl.util import safeyaml
from driftctl.util.safeyaml import yaml_error

Pointer = tuple[str, ...]


def is_driftctl_yaml(data: Any) -> bool:
    return isinstance(data, dict) and "driftctl" in data and "resources" in data


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    text = resources.files("driftctl").joinpath("schemas/declared.schema.json").read_text()
    return jsonschema.Draft202012Validator(json.loads(text))


def parse(name: str, text: str) -> tuple[Any, dict[Pointer, int]]:
    try:
        root, data = safeyaml.single(text)
    except yaml.YAMLError as exc:
        raise yaml_error(name, text, exc) from exc
    lines: dict[Pointer, int] = {(): root.start_mark.line + 1 if root else 1}
    _walk(root, (), lines)
    return data, lines


def _walk(node: yaml.Node | None, path: Pointer, lines: dict[Pointer, int]) -> None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = (*path, str(key.value))
            lines.setdefault(child, key.start_mark.line + 1)
            _walk(value, child, lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            child = (*path, str(i))
            lines[child] = item.start_mark.line + 1
            _walk(item, child, lines)


def _line(lines: dict[Pointer, int], path: Pointer) -> int:
    while path not in lines:
        path = path[:-1]
    return lines[path]


def _where(path: Pointer) -> str:
    return "".join(f"[{p}]" if p.isdigit() else f".{p}" for p in path).lstrip(".")


def load_driftctl_yaml(name: str, text: str) -> RawDeclared:
    data, lines = parse(name, text)
    errors = sorted(set(_schema_errors(data, lines)))
    if errors:
        line, message = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise DriftctlError(f"{name}:{line}: {message}{more}", "see docs/declared-yaml.md")
    entries: list[dict[str, Any]] = data["resources"]
    addresses = [e.get("name") or f"resources[{i}]" for i, e in enumerate(entries)]
    for i, address in enumerate(addresses):
        if addresses.index(address) != i:
            raise DriftctlError(f"{name}:{_line(lines, ('resources', str(i)))}: {address} twice")
    out: list[RawResource] = []
    unsupported: dict[str, int] = {}
    for i, entry in enumerate(entries):
        path: Pointer = ("resources", str(i))
        rtype = entry["type"]
        if rtype not in CONVERTERS and rtype not in FOLDS:
            unsupported[rtype] = unsupported.get(rtype, 0) + 1
            continue
        attrs = _values(entry.get("attrs") or {}, (*path, "attrs"), set(addresses), name, lines)
        if "id" not in entry:
            _check_identity(rtype, attrs, f"{name}:{_line(lines, path)}: {addresses[i]}")
        out.append(
            RawResource(
                rtype,
                addresses[i],
                attrs,
                SourceRef(name, _line(lines, path)),
                import_id=entry.get("id"),
                region=entry.get("region"),
                observe_only=bool(entry.get("observe_only")),
            )
        )
    warnings = [
        f"{n} {t} not compared (a type driftctl does not read yet)"
        for t, n in sorted(unsupported.items())
    ]
    return RawDeclared(out, warnings=warnings, unsupported=unsupported)


def _schema_errors(data: Any, lines: dict[Pointer, int]) -> Iterator[tuple[int, str]]:
    for error in _validator().iter_errors(data):
        path = tuple(str(p) for p in error.absolute_path)
        where = _where(path)
        yield _line(lines, path), f"{where}: {error.message}" if where else error.message


def _values(
    value: Any, path: Pointer, names: set[str], name: str, lines: dict[Pointer, int]
) -> Any:
    if isinstance(value, dict):
        if "$ref" in value:
            target, _, attr = str(value["$ref"]).partition(".")
            if target not in names:
                raise DriftctlError(
                    f"{name}:{_line(lines, path)}: {_where(path)}: $ref to {target}, "
                    "which no resource here is named"
                )
            return Ref(target, tuple(attr.split(".")) if attr else ("id",))
        if "$unknown" in value:
            return Unknown(str(value["$unknown"]))
        return {k: _values(v, (*path, str(k)), names, name, lines) for k, v in value.items()}
    if isinstance(value, list):
        return [_values(v, (*path, str(i)), names, name, lines) for i, v in enumerate(value)]
    return value


def _check_identity(rtype: str, attrs: dict[str, Any], where: str) -> None:
    """A resource without an id needs the attributes of one of its type's natural keys."""
    if rtype in FOLDS:
        parent = FOLDS[rtype][1].parent_attr
        if parent not in attrs:
            raise DriftctlError(f"{where}: {rtype} needs {parent}")
        return
    canonical = TYPES[CONVERTERS[rtype][0].name]
    keys = [[k.split(".")[0] for k in key] for key in canonical.natural_keys]
    if keys and not any(all(k in attrs for k in key) for key in keys):
        shown = [key for key in keys if key != list(CFN_KEY)]  # CloudFormation's: rarely here
        wanted = " or ".join(", ".join(key) for key in shown)
        raise DriftctlError(f"{where}: give an id, or the attributes {wanted} to match it by")
