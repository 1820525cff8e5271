"""driftctl render: the canonical declared state as JSON (ARCHITECTURE.md §8b)."""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Annotated, Any

import typer

from driftctl import pipeline, settings
from driftctl.aws.canonical import Declared
from driftctl.commands import options
from driftctl.model import to_plain


def rendered(declared: Declared) -> dict[str, Any]:
    resources = sorted(declared.resources, key=lambda r: (r.type, r.address or "", r.id or ""))
    return {
        "schema_version": 1,
        "resources": [
            {
                "type": r.type,
                "address": r.address,
                "id": r.id,
                "attrs": to_plain(r.attrs),
                "source": r.source.to_json() if r.source else None,
            }
            for r in resources
        ],
        "outputs": to_plain(dict(sorted(declared.outputs.items()))),
        "unknown": sorted(declared.unknown, key=lambda u: (u["address"], u["path"])),
        "warnings": sorted(declared.warnings),
    }


def render_text(declared: Declared) -> str:
    return json.dumps(rendered(declared), sort_keys=True, indent=2) + "\n"


def render(
    from_: options.From = None,
    var_file: options.VarFile = None,
    var: options.Var = None,
    hash_: Annotated[
        bool, typer.Option("--hash", help="Print only sha256:<hex> of the rendering")
    ] = False,
    no_cache: options.NoCache = False,
    kustomize_bin: options.KustomizeBin = None,
    parameter: options.Parameter = None,
    parameters_file: options.ParametersFile = None,
    stack_name: options.StackName = None,
    region: options.Region = None,
) -> None:
    """Print the declared state, evaluated and normalized, exactly as the diff compares it."""
    conf = settings.build(
        from_ or [],
        [],
        None,
        region or [],
        None,
        var_files=var_file,
        variables=var,
        no_cache=no_cache,
        formats=settings.parse_formats(kustomize_bin, parameter, parameters_file, stack_name),
        state=settings.StateAccess(detect_backend=False),  # offline: a backend's state is not read
    )
    text = render_text(pipeline.load_declared(conf))
    if hash_:
        sys.stdout.write(f"sha256:{hashlib.sha256(text.encode()).hexdigest()}\n")
    else:
        sys.stdout.write(text)
