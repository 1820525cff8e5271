"""driftctl eval: one expression evaluated in a Terraform configuration's root module, as
`terraform console` would, without AWS or a state.

    driftctl eval 'local.subnets' --from infra/ --var env=prod
    driftctl eval 'cidrsubnets(var.cidr, 4, 4)' --from infra/ --console

The value prints as JSON (a value known only after apply as {"$unknown": reason}, as
`driftctl render` writes it) or, with --console, in terraform console's notation
(tolist([...]), tomap({...}), (known after apply)). An expression Terraform would reject
is one error line naming the expression's position and exit code 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from driftctl import settings
from driftctl.commands import options, surface
from driftctl.errors import DriftctlError


def eval_command(
    expression: Annotated[str, typer.Argument(help="The expression, e.g. 'local.tags'")],
    from_: Annotated[
        str,
        typer.Option(
            "--from", help="Terraform configuration: hcl://DIR or a directory. Default: ."
        ),
    ] = ".",
    var_file: options.VarFile = None,
    var: options.Var = None,
    console: Annotated[
        bool,
        typer.Option("--console", help="Print as terraform console does instead of JSON"),
    ] = False,
    no_cache: options.NoCache = False,
    max_eval_items: options.MaxEvalItems = None,
    eval_timeout: options.EvalTimeout = None,
) -> None:
    """Evaluate an expression in a Terraform configuration's root module, as terraform console."""
    from driftctl.core.model import to_plain
    from driftctl.declared.hcl.console import format_value
    from driftctl.declared.hcl.lang.values import finalize
    from driftctl.declared.hcl.load import Console

    directory = _directory(from_)
    conf = settings.build(
        settings.Options(
            sources=[f"hcl://{directory}"],
            var_files=var_file or [],
            variables=var or [],
            var_order=surface.var_order(),
            no_cache=no_cache,
            max_eval_items=max_eval_items,
            eval_timeout=eval_timeout,
        )
    )
    with Console(
        directory,
        env=dict(conf.tf_env_vars),
        cache_dir=conf.hcl_cache_dir,
        inputs=conf.var_inputs,
        limits=conf.eval_limits,
    ) as session:
        try:
            value = session.evaluate(expression)
        except DriftctlError as exc:  # one line: the hints are about configuration files
            raise DriftctlError(exc.message) from None
        for warning in session.warnings:
            sys.stderr.write(f"warning: {warning}\n")
        if console:
            sys.stdout.write(format_value(value) + "\n")
        else:
            plain = to_plain(_shown(finalize(value)))
            sys.stdout.write(json.dumps(plain, sort_keys=True, indent=2, ensure_ascii=False) + "\n")


def _directory(text: str) -> Path:
    scheme, sep, rest = text.partition("://")
    if sep and scheme != "hcl":
        raise DriftctlError(
            f"--from {text}: eval reads Terraform configurations only",
            hint="name a directory of *.tf files, e.g. --from hcl://infra",
        )
    path = Path(rest if sep else text)
    if not path.is_dir():
        raise DriftctlError(
            f"--from {text}: not a directory", hint="point --from at a Terraform directory"
        )
    return path


def _shown(value: Any) -> Any:
    """value with each sensitive part as {"$sensitive": true}, as render shows it."""
    from driftctl.declared.hcl.lang.values import Sensitive

    if isinstance(value, Sensitive):
        return {"$sensitive": True}
    if isinstance(value, dict):
        return {k: _shown(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shown(v) for v in value]
    return value
