"""The command line's own surface: lazy commands, --help, --version, what importing it costs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from driftctl import __version__, cli

# what `import driftctl.cli` (and so every `driftctl --help`) must never load: each costs
# a tenth of a second or more, and a command that needs one imports it when it runs
HEAVY = ("boto3", "botocore", "moto", "git", "lark", "hcl2", "driftctl.declared.hcl", "jsonschema")


def modules_after(code: str) -> list[str]:
    """The modules a fresh interpreter has loaded after running `code`."""
    probe = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return list(json.loads(out.splitlines()[-1]))


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_importing_the_cli_loads_no_aws_git_or_evaluator_stack() -> None:
    assert heavy(modules_after("import driftctl.cli")) == []


def test_help_imports_no_command_module() -> None:
    modules = modules_after(
        "from driftctl.cli import main\n"
        "import contextlib, io\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--help'])"
    )
    assert heavy(modules) == []
    commands = {m for m in modules if m.startswith("driftctl.commands.")}
    assert commands == {"driftctl.commands.surface"}  # the help's own look, no command
    assert "rich" not in modules  # plain help: rich is loaded only to print an error


def test_help_lists_every_command_with_its_own_first_help_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())  # as printed, wrapped at the width
    for name, (_, line) in cli.COMMANDS.items():
        assert f"{name} {line}" in text
        command = cli.load_command(name)
        assert command.name == name
        assert (command.help or "").strip().splitlines()[0] == line, name


def test_version_flag_and_command_print_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == __version__ + "\n"
    assert cli.main(["version"]) == 0
    assert capsys.readouterr().out == __version__ + "\n"


def test_a_command_runs_and_an_unknown_one_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["rules", "validate", "--help"]) == 0
    assert "Check rule files against the schema" in capsys.readouterr().out
    assert cli.main(["nope"]) == 2
    assert "No such command 'nope'" in capsys.readouterr().err


@pytest.mark.parametrize("command", [[], ["scan"], ["rules"], ["rules", "validate"]])
def test_help_command_prints_what_dash_dash_help_prints(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    assert cli.main([*command, "--help"]) == 0
    expected = capsys.readouterr().out
    assert cli.main(["help", *command]) == 0
    out = capsys.readouterr()
    assert out.out == expected and out.err == ""


def test_bare_driftctl_prints_the_help_as_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """No command: the help, on stderr with exit 2, as every group without its command
    (`driftctl rules`): typer's no_args_is_help. `driftctl help` is the exit-0 way."""
    assert cli.main(["--help"]) == 0
    expected = capsys.readouterr().out
    assert cli.main([]) == 2
    assert capsys.readouterr().err == expected
    assert cli.main(["rules"]) == 2


def test_a_mistyped_command_gets_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["scna"]) == 2
    assert "No such command 'scna'. Did you mean 'scan'?" in capsys.readouterr().err
    assert cli.main(["rules", "valdate"]) == 2  # typer's own, for the subcommands
    assert "Did you mean 'validate'?" in capsys.readouterr().err
    assert cli.main(["xyzzy"]) == 2
    assert "Did you mean" not in capsys.readouterr().err
    assert cli.main(["help", "scna"]) == 2
    err = capsys.readouterr().err
    assert "help scna: no command 'scna'; did you mean 'scan'?" in err and "Traceback" not in err
