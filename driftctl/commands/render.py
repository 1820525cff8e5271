"""driftctl render: the canonical declared state as JSON (docs/architecture.md §8).

Secrets are masked as in every output: a sensitive value (driftctl.core.sensitive) is
{"$sensitive": true}, a value under a secret-looking name *** (driftctl.core.mask).
"""

from __future__ import annotations

import hashlib
import sys
from typing import Annotated, Any

import typer

from driftctl import settings
from driftctl.aws.canonical import Declared
from driftctl.commands import options, surface
from driftctl.engine.rendered import Rendered, shown_attrs

__all__ = ["render", "render_text", "rendered", "shown_attrs"]


def rendered(declared: Declared, masked: bool = True) -> dict[str, Any]:
    """The rendering; masked=False keeps secrets (only for comparing two declared states in
    memory, never for output)."""
    return Rendered.of(declared).to_json(masked)


def render_text(declared: Declared) -> str:
    return Rendered.of(declared).text()


def render(
    from_: options.From = None,
    var_file: options.VarFile = None,
    var: options.Var = None,
    hash_: Annotated[
        bool, typer.Option("--hash", help="Print only sha256:<hex> of the rendering")
    ] = False,
    no_cache: options.NoCache = False,
    max_eval_items: options.MaxEvalItems = None,
    eval_timeout: options.EvalTimeout = None,
    kustomize_bin: options.KustomizeBin = None,
    allow_remote_bases: options.AllowRemoteBases = False,
    parameter: options.Parameter = None,
    parameters_file: options.ParametersFile = None,
    stack_name: options.StackName = None,
    region: options.Region = None,
) -> None:
    """Print the declared state, evaluated and normalized, exactly as the diff compares it."""
    from driftctl import api

    conf = api.render_settings(
        settings.Options(
            sources=from_ or [],
            regions=region or [],
            var_files=var_file or [],
            variables=var or [],
            var_order=surface.var_order(),
            no_cache=no_cache,
            max_eval_items=max_eval_items,
            eval_timeout=eval_timeout,
            kustomize_bin=kustomize_bin,
            parameters=parameter or [],
            parameters_file=parameters_file,
            stack_name=stack_name,
            allow_remote_bases=allow_remote_bases,
        )
    )
    text = api.render_with(conf).text()
    if hash_:
        sys.stdout.write(f"sha256:{hashlib.sha256(text.encode()).hexdigest()}\n")
    else:
        sys.stdout.write(text)
