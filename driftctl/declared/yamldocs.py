"""Multi-document YAML with the line each document starts on, and errors naming file and line.

Shared by the Kustomize, CloudFormation and driftctl-YAML loaders. The text is read with
driftctl.util.safeyaml (alias, depth and duplicate-key checks), which gives each document's
node (its first line) and its data (CloudFormation passes a loader that knows the
short-form `!Ref` tags).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import yaml

from driftctl.util import safeyaml
from driftctl.util.safeyaml import yaml_error


@dataclasses.dataclass(frozen=True)
class Document:
    line: int  # 1-based line of the document's first node
    data: Any


def load_documents(name: str, text: str, loader: type[Any] = yaml.SafeLoader) -> list[Document]:
    """Every non-empty document of text; a parse error is a DriftctlError naming name:line."""
    try:
        pairs = safeyaml.documents(text, loader)
    except yaml.YAMLError as exc:
        raise yaml_error(name, text, exc) from exc
    return [
        Document(node.start_mark.line + 1, data)
        for node, data in pairs
        if node is not None and data is not None
    ]


def mapping_lines(text: str, loader: type[Any] = yaml.SafeLoader) -> dict[str, int]:
    """Line of each top-level key of each top-level key's mapping: {"Resources.Bucket": 12}.

    Used to say where a CloudFormation resource or a driftctl-YAML entry is declared.
    """
    out: dict[str, int] = {}
    try:
        root, _ = safeyaml.single(text, loader)
    except yaml.YAMLError:
        return out
    if not isinstance(root, yaml.MappingNode):
        return out
    for key, value in root.value:
        out[str(key.value)] = key.start_mark.line + 1
        if isinstance(value, yaml.MappingNode):
            for sub, _ in value.value:
                out[f"{key.value}.{sub.value}"] = sub.start_mark.line + 1
        elif isinstance(value, yaml.SequenceNode):
            for i, item in enumerate(value.value):
                out[f"{key.value}.{i}"] = item.start_mark.line + 1
    return out
