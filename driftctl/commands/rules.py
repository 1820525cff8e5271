"""driftctl rules validate: check rule files before a scan uses them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from driftctl.commands import options
from driftctl.errors import ExitStatus
from driftctl.rules import policy as rules

app = typer.Typer(
    help="Rule files: what each drift deserves (docs/rules.md).",
    no_args_is_help=True,
    rich_markup_mode=None,  # plain help, as every driftctl command has (driftctl/cli.py)
)


@app.callback()
def _rules() -> None:
    """Rule files: what each drift deserves (docs/rules.md)."""


@app.command("validate")
def validate(
    paths: Annotated[
        list[Path], typer.Argument(help="Rule files, or directories of *.yaml rule files")
    ],
    no_default_rules: options.NoDefaultRules = False,
) -> None:
    """Check rule files against the schema (exit 0 valid, 2 with one line per problem)."""
    from driftctl import api

    found, errors = api.check_rules(paths, no_default_rules=no_default_rules)
    if errors:
        err = Console(stderr=True, highlight=False, soft_wrap=True)
        for error in errors:
            err.print(f"[bold red]error:[/] {escape(error)}")
        raise typer.Exit(int(ExitStatus.ERROR))
    shipped = sum(r.origin.startswith(rules.DEFAULTS_NAME) for r in found)
    extra = f" (and {shipped} shipped default rules)" if shipped else ""
    mine = {r.name for r in found if not r.origin.startswith(rules.DEFAULTS_NAME)}
    replaced = sorted(mine & rules.shipped_names()) if not no_default_rules else []
    if replaced:
        extra += f"; yours replace the shipped defaults {', '.join(replaced)}"
    Console(highlight=False, soft_wrap=True).print(
        f"valid: {len(found) - shipped} rules{extra}", markup=False
    )
