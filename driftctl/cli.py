"""The command line: one Typer app, one error handler, exit codes 0 / 1 / 2."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Sequence

import typer
from rich.console import Console
from rich.markup import escape

from driftctl import settings
from driftctl.commands import demo, gen_driftignore, merge, render, scan
from driftctl.commands import eval as eval_cmd
from driftctl.commands import pr as pr_cmd
from driftctl.commands import revert as revert_cmd
from driftctl.commands import rules as rules_cmd
from driftctl.commands.determinism import determinism_command
from driftctl.errors import DriftctlError, ExitStatus

app = typer.Typer(
    name="driftctl",
    help="Keep live AWS infrastructure equal to what a git repository declares.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,  # locals can hold credentials
    add_completion=False,
)
app.command("scan")(scan.scan)
app.command("render")(render.render)
app.command("eval")(eval_cmd.eval_command)
app.command("demo")(demo.demo)
app.command("determinism")(determinism_command)
app.command("merge")(merge.merge)
app.command("gen-driftignore")(gen_driftignore.gen_driftignore)
app.command("pr")(pr_cmd.pr)
app.command("revert")(revert_cmd.revert)
app.add_typer(rules_cmd.app, name="rules")


@app.callback()
def _root(
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks for errors"),
) -> None:
    """driftctl: detect, report and fix drift between git and AWS."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run driftctl; the exit status: 0 ok, 1 drift (or not converged), 2 error, 130 Ctrl-C.

    The single handler: a DriftctlError is one red line (and its hint); anything else is
    one red `internal error` line, never a traceback unless --debug, and never exit 1."""
    args = list(sys.argv[1:] if argv is None else argv)
    settings.RAW_ARGS.set(tuple(args))  # the order of --var and --var-file (typer keeps none)
    debug = "--debug" in args
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        app(args=args, prog_name="driftctl")
    except DriftctlError as exc:
        if debug:
            traceback.print_exc(file=sys.stderr)
        err.print(f"[bold red]error:[/] {escape(exc.message)}")
        if exc.hint:
            err.print(f"  hint: {escape(exc.hint)}")
        return int(ExitStatus.ERROR)
    except SystemExit as exc:  # typer's standalone mode ends every run this way
        if exc.code == ExitStatus.INTERRUPTED:  # typer turns Ctrl-C inside a command into Exit(130)
            return _interrupted(err)
        return exc.code if isinstance(exc.code, int) else int(ExitStatus.ERROR)
    except KeyboardInterrupt:
        return _interrupted(err)
    except Exception as exc:  # a bug: one line, not a traceback (locals can hold secrets)
        if debug:
            traceback.print_exc(file=sys.stderr)
        what = " ".join(f"{type(exc).__name__}: {exc}".split())
        tail = "" if debug else " (run with --debug for the traceback)"
        err.print(f"[bold red]internal error:[/] {escape(what)}{tail}")
        return int(ExitStatus.ERROR)
    return int(ExitStatus.OK)


def _interrupted(err: Console) -> int:
    err.print("[bold red]interrupted:[/] stopped before finishing (Ctrl-C)")
    return int(ExitStatus.INTERRUPTED)
