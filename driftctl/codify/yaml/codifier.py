"""Codify drifts declared in a `yaml://` source: a CloudFormation template (YAML or JSON)
or a file of driftctl's own format, told apart by content as the loader does.

Why not a round-trip YAML library (ruamel.yaml): driftctl only ever changes a few values
of a file and must leave every other byte alone. PyYAML (already a dependency) gives the
exact span of every node; replacing those spans keeps comments, key order, quoting and
indentation everywhere else by construction, where a round-trip dump re-emits the whole
file and may re-flow what it does not model (line width, indentation of sequences,
comment spacing). A span edit is a few hundred lines; a new dependency is not needed.
"""

from __future__ import annotations

import functools
import json

import yaml

from driftctl.codify.base import Context, Outcome, human
from driftctl.codify.yaml import cfn, dyaml
from driftctl.codify.yaml.spans import Doc, parse
from driftctl.core.model import Drift
from driftctl.declared.cfn.load import is_template
from driftctl.declared.cfn.parse import TemplateLoader
from driftctl.declared.driftctl_yaml import is_driftctl_yaml
from driftctl.util import safeyaml


class YamlCodifier:
    def handles(self, file: str) -> bool:
        return True  # the one file of a yaml:// source, whatever its name

    def codify(self, drift: Drift, ctx: Context) -> Outcome:
        if drift.kind == "unmanaged":
            file = ctx.import_file.get(drift.fingerprint) or ctx.source or ""
            if file != ctx.source:
                return human(
                    drift,
                    f"the rule puts it in {file}, but a yaml:// source is one file: new "
                    f"declarations go into {ctx.source} (name it in the rule, or no file)",
                )
        elif drift.kind == "missing":
            return human(drift, "deleted live: removing its declaration is a decision for a person")
        elif drift.source is None:
            return human(drift, "its declaration was not found")
        else:
            file = drift.source.file
        text = ctx.text(file)
        kind = _kind(text)
        doc = load(file, text, kind)
        if kind == "driftctl":
            return dyaml.codify(drift, ctx, doc)
        if kind == "cfn":
            return cfn.codify(drift, ctx, doc)
        return human(drift, f"{file} is neither a CloudFormation template nor driftctl YAML")


@functools.lru_cache(maxsize=8)
def _kind(text: str) -> str:
    try:
        if text.strip().startswith("{"):  # JSON, as spans.parse reads it (tabs are not YAML)
            data = json.loads(text)
        else:
            data = safeyaml.load(text, TemplateLoader)  # a SafeLoader that knows !Ref
    except (yaml.YAMLError, ValueError):
        return "unknown"
    if is_driftctl_yaml(data):
        return "driftctl"
    return "cfn" if is_template(data) else "unknown"


@functools.lru_cache(maxsize=8)
def load(name: str, text: str, kind: str) -> Doc:
    return parse(name, text, TemplateLoader if kind == "cfn" else yaml.SafeLoader)
