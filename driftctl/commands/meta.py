"""driftctl version and driftctl completion: about the program itself."""

from __future__ import annotations

from typing import Annotated

import typer

from driftctl import __version__
from driftctl.errors import DriftctlError

SHELLS = ("bash", "zsh", "fish", "powershell")


def version() -> None:
    """Print driftctl's version."""
    typer.echo(__version__)


def completion(
    ctx: typer.Context,
    shell: Annotated[str, typer.Argument(help="bash, zsh, fish or powershell")],
) -> None:
    """Print the shell completion script for SHELL.

    Examples:
      driftctl completion bash > /etc/bash_completion.d/driftctl
      driftctl completion zsh > "${fpath[1]}/_driftctl"
      driftctl completion fish > ~/.config/fish/completions/driftctl.fish
    """
    if shell not in SHELLS:
        raise DriftctlError(f"completion {shell}: unknown shell", f"use one of {', '.join(SHELLS)}")
    # typer's own completion scripts and classes (what its --show-completion prints)
    from typer._completion_classes import completion_init
    from typer._completion_shared import get_completion_script

    completion_init()
    prog = ctx.find_root().info_name or "driftctl"
    var = "_{}_COMPLETE".format(prog.replace("-", "_").upper())
    typer.echo(get_completion_script(prog_name=prog, complete_var=var, shell=shell))
