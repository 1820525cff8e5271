"""--var and --var-file keep their command-line order (click gives each option's values on
their own, so commands/surface.py keeps the arguments as typed and gives their order,
var_order, to settings): settings.var_inputs interleaves them as they were typed, as
Terraform applies them, and render, scan and eval see the result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftctl import settings
from driftctl.cli import main
from driftctl.commands import surface
from driftctl.commands.surface import RAW_ARGS


@pytest.mark.parametrize(
    ("argv", "files", "pairs", "expected"),
    [
        (
            ["render", "--var", "a=1", "--var-file", "x.tfvars", "--var", "b=2"],
            ["x.tfvars"],
            ["a=1", "b=2"],
            [("var", ("a", "1")), ("file", Path("x.tfvars")), ("var", ("b", "2"))],
        ),
        (
            ["render", "--var-file=x.tfvars", "--var=a=1"],
            ["x.tfvars"],
            ["a=1"],
            [("file", Path("x.tfvars")), ("var", ("a", "1"))],
        ),
        (  # a value that looks like an option is the option's value
            ["render", "--var", "--var-file=odd", "--var-file", "x.tfvars"],
            ["x.tfvars"],
            ["--var-file=odd"],
            [("var", ("--var-file", "odd")), ("file", Path("x.tfvars"))],
        ),
    ],
)
def test_var_inputs_follow_the_command_line(
    argv: list[str], files: list[str], pairs: list[str], expected: list[object]
) -> None:
    token = RAW_ARGS.set(tuple(argv))
    try:
        order = surface.var_order()
        assert list(settings.var_inputs([Path(f) for f in files], pairs, order)) == expected
    finally:
        RAW_ARGS.reset(token)


def test_without_a_command_line_files_come_first() -> None:
    inputs = settings.var_inputs([Path("x.tfvars")], ["a=1"])
    assert list(inputs) == [("file", Path("x.tfvars")), ("var", ("a", "1"))]


def test_render_applies_them_in_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "main.tf").write_text(
        'variable "env" {}\nresource "aws_s3_bucket" "q" {\n  bucket = "q-${var.env}"\n}\n'
    )
    (tmp_path / "a.tfvars").write_text('env = "file"\n')
    names = []
    for order in (
        ["--var", "env=cli", "--var-file", "a.tfvars"],
        ["--var-file", "a.tfvars", "--var", "env=cli"],
    ):
        argv = ["render", "--from", str(tmp_path), "--no-cache", *order]
        argv = [str(tmp_path / a) if a == "a.tfvars" else a for a in argv]
        assert main(argv) == 0
        rendered = json.loads(capsys.readouterr().out)
        names.append(rendered["resources"][0]["attrs"]["bucket"])
    assert names == ["q-file", "q-cli"]
    assert RAW_ARGS.get() is None  # only while a command runs
