"""driftctl version, help and completion: about the program itself."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from driftctl.errors import DriftctlError
from driftctl.util.version import __version__

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


def help_command(
    ctx: typer.Context,
    command: Annotated[
        list[str] | None,
        typer.Argument(metavar="COMMAND", help="a command (and subcommand): scan, rules validate"),
    ] = None,
) -> None:
    """Print driftctl's help, or a command's (driftctl help scan).

    The same text as -h/--help, on standard output, exit 0.

    Examples:
      driftctl help
      driftctl help scan
      driftctl help rules validate
    """
    root = ctx.find_root()
    group: Any = root.command
    target = typer.Context(group, info_name=root.info_name)
    for name in command or ():
        commands = group.list_commands(target) if hasattr(group, "list_commands") else []
        found = group.get_command(target, name) if name in commands else None
        if found is None:
            known = ", ".join(commands) or "none"
            raise DriftctlError(
                f"help {' '.join(command or ())}: no command '{name}'"
                + (suggestion(name, commands) or ""),
                f"commands: {known}",
            )
        group, target = found, typer.Context(found, info_name=name, parent=target)
    typer.echo(group.get_help(target))


def suggestion(name: str, known: list[str]) -> str | None:
    """ "; did you mean 'scan'?" for a name close to some of known, or None."""
    import difflib

    close = difflib.get_close_matches(name, known)
    return f"; did you mean {', '.join(map(repr, close))}?" if close else None
