"""Reading a CloudFormation template: YAML with the short-form tags, or JSON.

Each short form is constructed as its long form (`!Ref X` -> `{"Ref": "X"}`,
`!GetAtt A.B` -> `{"Fn::GetAtt": ["A", "B"]}`, `!Sub` in both forms), so the evaluator
sees one shape whatever the template's style. The Rules section's functions (`!Contains`,
`!EachMemberIn`, `!ValueOf`, ...) load the same way; driftctl does not evaluate Rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from driftctl.declared.yamldocs import load_documents, mapping_lines
from driftctl.errors import DriftctlError
from driftctl.util import safejson

# short-form tag -> long-form function name
FUNCTIONS = {
    "Ref": "Ref",
    "Condition": "Condition",
    **{
        name: f"Fn::{name}"
        for name in (
            "Sub",
            "GetAtt",
            "Join",
            "If",
            "Select",
            "Split",
            "FindInMap",
            "Equals",
            "And",
            "Or",
            "Not",
            "Base64",
            "GetAZs",
            "ImportValue",
            "Cidr",
            "Length",
            "ToJsonString",
            "Transform",
            # the Rules section's own functions (Rules are read, never evaluated)
            "Contains",
            "EachMemberEquals",
            "EachMemberIn",
            "RefAll",
            "ValueOf",
            "ValueOfAll",
        )
    },
}


class TemplateLoader(yaml.SafeLoader):
    """A safe loader that also knows CloudFormation's short-form intrinsic functions."""


def _construct(function: str) -> Any:
    def construct(loader: yaml.SafeLoader, node: yaml.Node) -> dict[str, Any]:
        value: Any
        if isinstance(node, yaml.ScalarNode):
            value = loader.construct_scalar(node)
            if function == "Fn::GetAtt" and isinstance(value, str):
                value = value.split(".", 1)  # !GetAtt Resource.Attribute
        elif isinstance(node, yaml.SequenceNode):
            value = loader.construct_sequence(node, deep=True)
        else:
            value = loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]
        return {function: value}

    return construct


for _tag, _function in FUNCTIONS.items():
    TemplateLoader.add_constructor(f"!{_tag}", _construct(_function))


def _no_dates(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    """CloudFormation reads `2012-10-17` as a string, never a date."""
    return loader.construct_scalar(node)  # type: ignore[arg-type]


TemplateLoader.add_constructor("tag:yaml.org,2002:timestamp", _no_dates)


def read_template(path: Path) -> tuple[str, Any, dict[str, int]]:
    """(text, data, line of each `Section.Key`) of a template file; errors name file:line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{path}: not a UTF-8 text file") from exc
    data, lines = parse_template(path.name, text)
    return text, data, lines


def parse_template(name: str, text: str) -> tuple[Any, dict[str, int]]:
    if text.lstrip().startswith("{"):
        try:
            data = safejson.loads(text, duplicates=True)
        except json.JSONDecodeError as exc:
            raise DriftctlError(f"{name}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
        return data, _json_lines(text, data)
    docs = load_documents(name, text, TemplateLoader)
    if len(docs) > 1:
        raise DriftctlError(f"{name}:{docs[1].line}: a template is one YAML document, not several")
    return (docs[0].data if docs else None), mapping_lines(text, TemplateLoader)


def _json_lines(text: str, data: Any) -> dict[str, int]:
    """Best effort: the line of each `"Key":` under the top-level sections of a JSON template."""
    out: dict[str, int] = {}
    if not isinstance(data, dict):
        return out
    for section, body in data.items():
        start = text.find(json.dumps(section) + ":")
        if start < 0:
            start = text.find(json.dumps(section))
        if start < 0:
            continue
        out[section] = text.count("\n", 0, start) + 1
        for key in body if isinstance(body, dict) else ():
            at = text.find(json.dumps(key), start)
            if at >= 0:
                out[f"{section}.{key}"] = text.count("\n", 0, at) + 1
    return out
