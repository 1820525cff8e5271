"""The command line's surface, set in one place for every command.

- Help shows a plain placeholder (`SRC`, `PATH`, `N`) instead of Python type labels, and
  nothing after a flag that takes no value.
- Every option of `scan` and of the top level reads `DCTL_<OPTION>` from the environment
  when not given on the command line, as snyk's driftctl does (`DCTL_FROM`,
  `DCTL_OUTPUT`, `DCTL_QUIET`, ...); a flag wins over its variable, and a repeatable
  option's variable takes comma-separated values. Other commands read none: their `-o`
  means something else, and one `DCTL_OUTPUT` set for scan must not redirect them.
- snyk's global flags (`--no-version-check`, `--disable-telemetry`, `--send-crash-report`)
  and `--debug` are accepted after the command name too (`driftctl scan --debug`).
- A command's arguments, as typed, are in `RAW_ARGS` while it runs: click keeps each
  option's values apart, and the order of `--var` and `--var-file` among each other
  decides which one wins: a command passes `var_order()` in settings.Options.var_order.
"""

from __future__ import annotations

import contextvars
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperOption

HELP_NAMES = ["-h", "--help"]
ENV_PREFIX = "DCTL_"
ENV_COMMANDS = ("scan",)  # and the top level
NO_ENV = ("version",)  # an option no environment variable may set
GLOBAL_FLAGS = ("--debug", "--no-version-check", "--disable-telemetry", "--send-crash-report")
_METAVARS = (("path", "PATH"), ("int", "N"), ("float", "NUMBER"))
_RAW_ARGS_KEY = "driftctl.raw_args"
# the arguments of the command running now, as typed (None outside a command)
RAW_ARGS: contextvars.ContextVar[tuple[str, ...] | None] = contextvars.ContextVar(
    "driftctl_raw_args", default=None
)


def polish(root: Any) -> Any:
    """Placeholders, environment variables and a plain -h/--help for root and its commands
    (those loaded already; driftctl/cli.py polishes the others as they load)."""
    _polish_one(root, env=True)
    commands = getattr(root, "commands", {})
    for name, command in commands.items():
        polish_command(name, command)
    return root


def polish_command(name: str, command: Any) -> None:
    """The surface for one command (and its subcommands) of the root."""
    _polish_one(command, env=name in ENV_COMMANDS)
    for sub in getattr(command, "commands", {}).values():
        _polish_one(sub, env=False)


def _polish_one(command: Any, env: bool) -> None:
    _keep_raw_args(command)
    context = typer.Context(command, help_option_names=HELP_NAMES)
    for param in command.params:
        if not isinstance(param, TyperOption):
            continue
        if param.is_flag and not param.count:
            param.metavar = ""  # a flag takes no value: show nothing, not <bool>
        elif param.metavar is None:
            param.metavar = _metavar(param.display_type(context))
        if env and param.envvar is None and param.name not in NO_ENV:
            longest = max(param.opts, key=len).lstrip("-")
            param.envvar = ENV_PREFIX + longest.upper().replace("-", "_")
            param.show_envvar = True
            # DCTL_FROM=a,b: split as snyk splits it, on commas, not on whitespace
            param.envvar_list_splitter = ","  # type: ignore[misc]  # per option, not per class
    # the help option is made (and cached) once: make it with both names
    help_option = command.get_help_option(context)
    if help_option is not None:
        help_option.metavar = ""


def _keep_raw_args(command: Any) -> None:
    """command keeps the arguments it parses, and sets RAW_ARGS to them while it runs."""
    parse_args, invoke = command.parse_args, command.invoke

    def recording(ctx: Any, args: list[str]) -> Any:
        ctx.meta[_RAW_ARGS_KEY] = tuple(args)  # ctx.meta: shared with nested contexts
        return parse_args(ctx, args)

    def invoking(ctx: Any) -> Any:
        token = RAW_ARGS.set(ctx.meta.get(_RAW_ARGS_KEY))
        try:
            return invoke(ctx)
        finally:
            RAW_ARGS.reset(token)

    command.parse_args, command.invoke = recording, invoking


def _metavar(label: str) -> str:
    """A placeholder for typer's type label (`<list[Path]>` -> PATH, `<int>` -> N)."""
    lowered = label.lower()
    return next((name for word, name in _METAVARS if word in lowered), "TEXT")


def hoist_global_flags(args: Sequence[str]) -> list[str]:
    """args with the global flags moved before the command name, wherever they were given
    (up to a `--`, after which everything is an argument)."""
    end = list(args).index("--") if "--" in args else len(args)
    flags = [a for a in args[:end] if a in GLOBAL_FLAGS]
    rest = [a for a in args[:end] if a not in GLOBAL_FLAGS]
    return [*dict.fromkeys(flags), *rest, *args[end:]]


def var_order(args: Sequence[str] | None = None) -> list[str] | None:
    """The order of --var ("var") and --var-file ("file") among the running command's
    arguments as typed (args: those, else RAW_ARGS); None outside a command."""
    if args is None:
        args = RAW_ARGS.get()
    if args is None:
        return None
    order: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg == "--":
            break
        if arg in ("--var", "--var-file"):
            order.append("var" if arg == "--var" else "file")
            skip = True  # its value, whatever it looks like
        elif arg.startswith("--var="):
            order.append("var")
        elif arg.startswith("--var-file="):
            order.append("file")
    return order
