"""Reading one rule file: YAML with line numbers, the shipped JSON Schema, and errors a
person can act on (`FILE:LINE: rules[0].match.kind: 'chnaged' is not one of ...`).

The YAML is read once through driftctl.util.safeyaml (bounded aliases and depth): the node
tree gives each node's line, from which a map from JSON-pointer paths to lines is built;
the data is what the schema validates. Each schema error's path is looked up in that map
(walking up to the nearest parent that has a line), so every message names the line of
the offending key.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterator
from importlib import resources
from typing import Any

import jsonschema
import yaml

from driftctl.util import globs, safeyaml

Pointer = tuple[str, ...]  # path components as strings: ("rules", "0", "match", "kind")
GLOB_KEYS = ("type", "address", "path", "actor")
_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "number": "a number",
    "integer": "an integer",
    "boolean": "true or false",
    "null": "nothing",
}


@dataclasses.dataclass(frozen=True)
class ParsedRule:
    """One rule as data (schema-valid when its file has no errors), and where it is."""

    data: dict[str, Any]
    file: str
    index: int  # its position in the file's `rules` list
    lines: dict[Pointer, int] = dataclasses.field(compare=False)  # below rules[index]

    @property
    def line(self) -> int:
        return self.lines[()]

    @property
    def origin(self) -> str:
        return f"{self.file}:{self.line}"

    def line_of(self, *keys: str) -> int:
        return _line(self.lines, keys)

    def where(self, *keys: str) -> str:
        return _where(("rules", str(self.index), *keys))


@dataclasses.dataclass(frozen=True)
class Allowance:
    """One `determinism.allow` pattern: findings of `driftctl determinism` it accepts."""

    pattern: str
    file: str
    line: int

    @property
    def origin(self) -> str:
        return f"{self.file}:{self.line}"


@dataclasses.dataclass
class Parsed:
    rules: list[ParsedRule]  # every mapping of the list; schema-valid only without errors
    errors: list[str]
    # the `determinism: {allow: [...]}` section's patterns (docs/determinism.md)
    determinism_allow: list[Allowance] = dataclasses.field(default_factory=list)
    # the file's `iac_principals`: globs on principal ARNs (docs/attribution.md)
    iac_principals: list[str] = dataclasses.field(default_factory=list)


@functools.cache
def schema() -> dict[str, Any]:
    text = resources.files("driftctl").joinpath("schemas/rules.schema.json").read_text()
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def parse(name: str, text: str) -> Parsed:
    """The rules of one file and every error in it (each one line: `name:line: what`).

    The rules are returned even when there are errors, so that what is checked across
    files (duplicate names) is reported too; use them only when there are none."""
    try:
        # duplicate keys are reported below, with the rest of the file's errors
        root, data = safeyaml.single(text, duplicates=False)
    except yaml.YAMLError as exc:
        return Parsed([], [safeyaml.yaml_error(name, text, exc).message])
    lines: dict[Pointer, int] = {(): root.start_mark.line + 1 if root else 1}
    problems = [*_walk(root, (), lines), *_schema_errors(data, lines)]
    items = data.get("rules") if isinstance(data, dict) else None
    rules = [
        ParsedRule(rule, name, i, _below(lines, ("rules", str(i))))
        for i, rule in enumerate(items if isinstance(items, list) else [])
        if isinstance(rule, dict)
    ]
    problems += [p for r in rules for p in _semantic_errors(r)]
    errors = [f"{name}:{line}: {msg}" for line, msg in sorted(set(problems))]
    principals = data.get("iac_principals") if isinstance(data, dict) else None
    iac = [p for p in principals if isinstance(p, str)] if isinstance(principals, list) else []
    return Parsed(rules, errors, _allowances(name, data, lines), iac)


def _allowances(name: str, data: Any, lines: dict[Pointer, int]) -> list[Allowance]:
    section = data.get("determinism") if isinstance(data, dict) else None
    patterns = section.get("allow") if isinstance(section, dict) else None
    return [
        Allowance(pattern, name, _line(lines, ("determinism", "allow", str(i))))
        for i, pattern in enumerate(patterns if isinstance(patterns, list) else [])
        if isinstance(pattern, str) and pattern
    ]


def _walk(
    node: yaml.Node | None, path: Pointer, lines: dict[Pointer, int]
) -> Iterator[tuple[int, str]]:
    """Record each key's (or list item's) line; yield (line, message) for duplicate keys."""
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            name = str(key.value)
            child = (*path, name)
            if name in seen:
                yield (
                    key.start_mark.line + 1,
                    (f"{_where(path)}duplicate key '{name}' (YAML would keep only the last one)"),
                )
            seen.add(name)
            lines.setdefault(child, key.start_mark.line + 1)
            yield from _walk(value, child, lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            child = (*path, str(i))
            lines[child] = item.start_mark.line + 1
            yield from _walk(item, child, lines)


def _below(lines: dict[Pointer, int], prefix: Pointer) -> dict[Pointer, int]:
    return {k[len(prefix) :]: v for k, v in lines.items() if k[: len(prefix)] == prefix}


def _line(lines: dict[Pointer, int], path: Pointer) -> int:
    while path not in lines:
        path = path[:-1]
    return lines[path]


def _where(path: Pointer) -> str:
    text = "".join(f"[{p}]" if p.isdigit() else f".{p}" for p in path).lstrip(".")
    return f"{text}: " if text else ""


def _schema_errors(data: Any, lines: dict[Pointer, int]) -> Iterator[tuple[int, str]]:
    for error in _validator().iter_errors(data):
        path = tuple(str(p) for p in error.absolute_path)
        if error.validator == "additionalProperties":
            known = error.schema.get("properties", {})
            for key in sorted(set(error.instance) - set(known), key=str):
                message = f"unknown key '{key}' (allowed: {', '.join(known)})"
                yield _line(lines, (*path, str(key))), _where(path) + message
            continue
        yield _line(lines, path), _where(path) + _message(error, path)


def _message(error: jsonschema.ValidationError, path: Pointer) -> str:
    value, kind = error.instance, error.validator
    if kind == "required":
        missing = [k for k in error.validator_value if k not in value]
        return f"missing required key '{missing[0]}'"
    if kind == "enum":
        field = next((p for p in reversed(path) if not p.isdigit()), "value")
        choices = " | ".join(str(c) for c in error.validator_value)
        return f"{_show(value)} is not a valid {field} (use one of {choices})"
    if kind == "type":
        wanted = error.validator_value
        names = [_TYPE_NAMES[t] for t in ([wanted] if isinstance(wanted, str) else wanted)]
        hint = " with a 'rules' list" if not path else ""
        return f"expected {' or '.join(names)}{hint}, got {_type_of(value)}"
    if kind == "pattern":
        return (
            f"{_show(value)} is not a valid rule name (letters, digits, '-', '_', '.', ':'; "
            "starting with a letter or digit)"
        )
    if kind in ("minLength", "minItems"):
        return "must not be empty"
    if kind == "uniqueItems":
        return "lists the same value twice"
    if kind == "maxLength":
        return f"is longer than {error.validator_value} characters"
    return str(error.message)


def _show(value: Any) -> str:
    return f"'{value}'" if isinstance(value, str) else json.dumps(value)


def _type_of(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "a mapping"


def _semantic_errors(rule: ParsedRule) -> Iterator[tuple[int, str]]:
    """What the schema cannot say: malformed globs, and a rule that could never match."""
    match = rule.data.get("match")
    match = match if isinstance(match, dict) else {}
    for key in GLOB_KEYS:
        values = match.get(key)
        for i, glob in enumerate([values] if isinstance(values, str) else _list(values)):
            sub = ("match", key) if isinstance(values, str) else ("match", key, str(i))
            yield from _glob_error(rule, sub, glob)
    tags = match.get("tags")
    for tag, glob in tags.items() if isinstance(tags, dict) else ():
        yield from _glob_error(rule, ("match", "tags", str(tag)), glob)
    kind = match.get("kind")
    kinds = [kind] if isinstance(kind, str) else [k for k in _list(kind) if isinstance(k, str)]
    known = set(kinds) <= {"changed", "missing", "unmanaged"}  # else the schema says so
    if "path" in match and kinds and known and "changed" not in kinds:
        yield (
            rule.line_of("match", "path"),
            (
                f"{rule.where('match', 'path')}a path only matches changed drifts, "
                f"but kind is {' and '.join(kinds)}: this rule could never match"
            ),
        )


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _glob_error(rule: ParsedRule, sub: Pointer, glob: Any) -> Iterator[tuple[int, str]]:
    problem = globs.problem(glob) if isinstance(glob, str) else None
    if problem:
        yield rule.line_of(*sub), f"{rule.where(*sub)}{problem}"
