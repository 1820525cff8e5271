"""The command line: one Typer app, one error handler, exit codes 0 / 1 / 2.

Commands load lazily: `COMMANDS` names each one's function (or sub-app) as
"module:attribute" with the line `driftctl --help` shows for it, and the module is
imported only when that command runs (or its own --help is asked for). So
`driftctl --help` and `--version` import no command, and `driftctl scan` imports
neither git nor the emulator. Adding a command is one line in `COMMANDS`; keep this
module's own imports to the standard library, typer, driftctl.errors, driftctl.util.interrupt
and driftctl.commands.surface (tests/test_cli.py checks it).
"""

from __future__ import annotations

import difflib
import importlib
import os
import sys
import traceback
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperGroup

from driftctl.commands import surface
from driftctl.errors import DriftctlError, ExitStatus
from driftctl.util import interrupt
from driftctl.util.version import __version__

if TYPE_CHECKING:
    from rich.console import Console

# name -> ("module:function" or "module:typer_app", the first line of its help, which
# `driftctl --help` shows without importing it; tests/test_cli.py checks they agree)
# fmt: off
COMMANDS: dict[str, tuple[str, str]] = {
    "scan": ("driftctl.commands.scan:scan", "Compare the declared state with live AWS; report drift (exit 0 in sync, 1 drift, 2 error)."),  # noqa: E501
    "render": ("driftctl.commands.render:render", "Print the declared state, evaluated and normalized, exactly as the diff compares it."),  # noqa: E501
    "eval": ("driftctl.commands.eval:eval_command", "Evaluate an expression in a Terraform configuration's root module, as terraform console."),  # noqa: E501
    "demo": ("driftctl.commands.demo:demo", "Apply a sample stack to an embedded AWS emulator, drift it by hand, and scan it."),  # noqa: E501
    "determinism": ("driftctl.commands.determinism:determinism_command", "Render N times in fresh processes and compare; lint for non-deterministic constructs."),  # noqa: E501
    "merge": ("driftctl.commands.merge:merge", "Combine shard reports (driftctl scan --shard I/N -o json://...) into one report."),  # noqa: E501
    "gen-driftignore": ("driftctl.commands.gen_driftignore:gen_driftignore", "Ignore every drifted resource of a report: one sorted `type.id` line per resource."),  # noqa: E501
    "pr": ("driftctl.commands.pr:pr", "Write live values back into the code for drifts whose rule says pr; open a pull request."),  # noqa: E501
    "revert": ("driftctl.commands.revert:revert", "Revert the drifts rules mark `revert` (0 done or nothing to do, 1 not converged, 2 error)."),  # noqa: E501
    "watch": ("driftctl.commands.watch:watch", "Report drift as CloudTrail events arrive: one JSON line per drift found or resolved."),  # noqa: E501
    "rules": ("driftctl.commands.rules:app", "Rule files: what each drift deserves (docs/rules.md)."),  # noqa: E501
    "fmt": ("driftctl.commands.fmt:fmt", "Print a JSON report in another format, as snyk driftctl's fmt does."),  # noqa: E501
    "version": ("driftctl.commands.meta:version", "Print driftctl's version."),
    "completion": ("driftctl.commands.meta:completion", "Print the shell completion script for SHELL."),  # noqa: E501
    "help": ("driftctl.commands.meta:help_command", "Print driftctl's help, or a command's (driftctl help scan)."),  # noqa: E501
}
# fmt: on


def load_command(name: str) -> Any:
    """The click command behind COMMANDS[name], its module imported now."""
    module, attribute = COMMANDS[name][0].split(":")
    target = getattr(importlib.import_module(module), attribute)
    command: Any
    if isinstance(target, typer.Typer):  # a group of subcommands (driftctl rules ...)
        command = typer.main.get_group(target)
    else:
        single = typer.Typer(rich_markup_mode=None, add_completion=False)
        single.command(name)(target)
        command = typer.main.get_command(single)
    command.name = name
    surface.polish_command(name, command)
    return command


class LazyGroup(TyperGroup):
    """A group whose commands are imported when resolved, and listed from COMMANDS."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        return load_command(cmd_name) if cmd_name in COMMANDS else None

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """A mistyped command gets a suggestion, worded as typer words it for the
        subcommands (`driftctl rules valdate`): typer looks only at loaded commands."""
        name = args[0] if args else ""
        if name and name not in COMMANDS and not name.startswith("-"):
            close = difflib.get_close_matches(name, list(COMMANDS))
            if close:
                ctx.fail(f"No such command {name!r}. Did you mean {', '.join(map(repr, close))}?")
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands section of --help, from COMMANDS: nothing is imported for it."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, line) for name, (_, line) in COMMANDS.items()])


app = typer.Typer(
    name="driftctl",
    cls=LazyGroup,
    help="Keep live AWS infrastructure equal to what a git repository declares.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,  # locals can hold credentials
    add_completion=False,
    context_settings={"help_option_names": surface.HELP_NAMES},
    rich_markup_mode=None,  # plain help: rich's formatter costs more than the rest of --help
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(__version__)
        raise typer.Exit()


@app.callback()
def _root(
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks for errors"),
    version: bool = typer.Option(
        False,
        "--version",
        help="Print the version and exit",
        callback=_print_version,
        is_eager=True,
    ),
    no_version_check: bool = typer.Option(
        False, "--no-version-check", help="Accepted for snyk driftctl; driftctl never checks"
    ),
    disable_telemetry: bool = typer.Option(
        False, "--disable-telemetry", help="Accepted for snyk driftctl; driftctl sends none"
    ),
    send_crash_report: bool = typer.Option(
        False, "--send-crash-report", help="Accepted for snyk driftctl; driftctl sends none"
    ),
) -> None:
    """driftctl: detect, report and fix drift between git and AWS."""
    if debug:
        for name, given in (
            ("--no-version-check", no_version_check),
            ("--disable-telemetry", disable_telemetry),
            ("--send-crash-report", send_crash_report),
        ):
            if given:
                _stderr()[0].print(
                    f"[dim]debug: {name} has no effect: driftctl never calls home[/dim]"
                )


def command() -> Any:
    """The click command tree, with the surface of commands/surface.py (each command gets
    it when it loads)."""
    return surface.polish(typer.main.get_command(app))


def main(argv: Sequence[str] | None = None) -> int:
    """Run driftctl; the exit status: 0 ok, 1 drift (or not converged), 2 error, 130 Ctrl-C
    (SIGINT), 143 SIGTERM.

    The single handler: a DriftctlError is one red line (and its hint); anything else is
    one red `internal error` line, never a traceback unless --debug, and never exit 1."""
    try:
        with interrupt.handling():
            try:
                code = _run(argv)
            except KeyboardInterrupt:  # a second signal while the first one's cleanup ran
                code = interrupt.status()
    except KeyboardInterrupt:  # one as the handlers were being put in place or back
        code = interrupt.status()
    if argv is None:  # the process ends now: spare its exit the walk over every object
        interrupt.exiting()
    return code


def _run(argv: Sequence[str] | None) -> int:
    args = surface.hoist_global_flags(list(sys.argv[1:] if argv is None else argv))
    debug = "--debug" in args or _env_flag("DCTL_DEBUG")
    level = _log_level()
    if level is not None and level[1] in LOG_LEVELS_DEBUG and not debug:
        debug = True
        args = ["--debug", *args]
        if not _quiet(args):
            _stderr()[0].print(f"[dim]debug: {level[0]}={level[1]} read as --debug[/dim]")
    elif level is not None and level[1] not in LOG_LEVELS_DEFAULT and not _quiet(args):
        _stderr()[0].print(
            f"[yellow]warning[/] {level[0]}={level[1]} is not read: driftctl prints notes, "
            "warnings and errors on stderr; --quiet for errors only, --debug for tracebacks"
        )
    try:
        if "_DRIFTCTL_COMPLETE" in os.environ:  # a shell asking for completions
            from typer._completion_classes import completion_init

            completion_init()
        command()(args=args, prog_name="driftctl")
    except DriftctlError as exc:
        if debug:
            _traceback()
        err, escape = _stderr()
        err.print(f"[bold red]error:[/] {escape(_redact(exc.message))}")
        if exc.hint:
            err.print(f"  hint: {escape(_redact(exc.hint))}")
        return int(ExitStatus.ERROR)
    except SystemExit as exc:  # typer's standalone mode ends every run this way
        if exc.code == ExitStatus.INTERRUPTED:  # typer turns Ctrl-C inside a command into Exit(130)
            return _interrupted()
        return exc.code if isinstance(exc.code, int) else int(ExitStatus.ERROR)
    except KeyboardInterrupt:
        return _interrupted()
    except Exception as exc:  # a bug: one line, not a traceback (locals can hold secrets)
        if debug:
            _traceback()
        err, escape = _stderr()
        if isinstance(exc, OSError) and exc.filename is not None:
            # a file that could not be opened, read or listed (permissions, a file removed
            # while driftctl ran, ...) wherever it was met: the user can act on that
            what = f"cannot access {exc.filename}: {exc.strerror or exc}"
            err.print(f"[bold red]error:[/] {escape(_redact(what))}")
            err.print("  hint: check that it exists and that you may read it")
            return int(ExitStatus.ERROR)
        what = " ".join(f"{type(exc).__name__}: {exc}".split())
        tail = "" if debug else " (run with --debug for the traceback)"
        err.print(f"[bold red]internal error:[/] {escape(_redact(what))}{tail}")
        return int(ExitStatus.ERROR)
    return int(ExitStatus.OK)


# snyk driftctl's log level variables (logrus levels): debug and trace are driftctl's
# --debug, info and warn its default output; any other value is said to be unread
LOG_LEVEL_VARS = ("DCTL_LOG_LEVEL", "LOG_LEVEL")
LOG_LEVELS_DEBUG = ("trace", "debug")
LOG_LEVELS_DEFAULT = ("info", "warn", "warning")


def _log_level() -> tuple[str, str] | None:
    """(variable, lowercased value) of the first log level variable set, or None."""
    if "_DRIFTCTL_COMPLETE" in os.environ:  # a shell asking for completions: say nothing
        return None
    for name in LOG_LEVEL_VARS:
        value = os.environ.get(name, "").strip().lower()
        if value:
            return name, value
    return None


def _quiet(args: Sequence[str]) -> bool:
    return "--quiet" in args or _env_flag("DCTL_QUIET")


def _redact(text: str) -> str:
    """text with every URL's user info and query left out (driftctl.util.redact)."""
    from driftctl.util import redact

    return redact.text(text)


def _traceback() -> None:
    """--debug: the traceback, its URLs without their secrets."""
    sys.stderr.write(_redact(traceback.format_exc()))


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def _stderr() -> tuple[Console, Any]:
    """rich's stderr console and markup escape, imported only when there is something to say."""
    from rich.console import Console
    from rich.markup import escape

    return Console(stderr=True, highlight=False, soft_wrap=True), escape


def _interrupted() -> int:
    code = interrupt.status()
    what = "Ctrl-C" if code == ExitStatus.INTERRUPTED else "SIGTERM"
    err, _ = _stderr()
    err.print(f"[bold red]interrupted:[/] stopped before finishing ({what})")
    return code
