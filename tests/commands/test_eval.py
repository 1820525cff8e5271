"""driftctl eval on the real CLI: the value as JSON (or in terraform console's notation),
exit 2 with one line for an expression Terraform would reject; --var and --var-file
applied in command-line order; render lists the root module's outputs."""

from __future__ import annotations

import json
import textwrap
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from driftctl.cli import main

RENDER_SCHEMA = jsonschema.Draft202012Validator(
    json.loads(
        resources.files("driftctl").joinpath("schemas", "render.schema.json").read_text("utf-8")
    )
)

CONFIG = """
variable "env" {
  type    = string
  default = "dev"
}
variable "sizes" {
  type    = map(number)
  default = {}
}
locals {
  name = "app-${var.env}"
  tags = { Env = var.env, Name = local.name }
}
resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
  tags       = local.tags
}
output "vpc_cidr" {
  value = aws_vpc.main.cidr_block
}
output "vpc_id" {
  value = aws_vpc.main.id
}
"""


@pytest.fixture
def config(tmp_path: Path) -> Path:
    (tmp_path / "main.tf").write_text(textwrap.dedent(CONFIG))
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["eval", *args, "--no-cache"])
    out, err = capsys.readouterr()
    return code, out, err


def test_eval_prints_the_value_as_json(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "local.tags", "--from", str(config))
    assert code == 0
    assert json.loads(out) == {"Env": "dev", "Name": "app-dev"}


def test_a_value_known_after_apply_prints_as_unknown(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys, "[aws_vpc.main.id, aws_vpc.main.cidr_block]", "--from", f"hcl://{config}"
    )
    assert code == 0
    assert json.loads(out) == [
        {"$unknown": "${aws_vpc.main.id} is known after apply"},
        "10.0.0.0/16",
    ]


def test_console_notation(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, 'toset(["b", "a"])', "--from", str(config), "--console")
    assert code == 0
    assert out == 'toset([\n  "a",\n  "b",\n])\n'


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("local.nope", "reference to undeclared local value local.nope"),
        ('upper("a", "b")', r"upper\(\) takes 1 arguments, got 2"),
        ("1 +", "syntax error"),
    ],
)
def test_an_error_is_one_line_and_exit_2(
    config: Path, capsys: pytest.CaptureFixture[str], expression: str, message: str
) -> None:
    code, out, err = run(capsys, expression, "--from", str(config))
    assert code == 2
    assert out == ""
    assert err.startswith("error: <expression>:1:")
    assert err.count("\n") == 1
    assert __import__("re").search(message, err)
    assert "Traceback" not in err


def test_var_and_var_file_apply_in_command_line_order(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (config / "a.tfvars").write_text('env = "from-file"\n')
    _, out, _ = run(
        capsys,
        "var.env",
        "--from",
        str(config),
        "--var",
        "env=cli",
        "--var-file",
        str(config / "a.tfvars"),
    )
    assert json.loads(out) == "from-file"
    _, out, _ = run(
        capsys,
        "var.env",
        "--from",
        str(config),
        "--var-file",
        str(config / "a.tfvars"),
        "--var",
        "env=cli",
    )
    assert json.loads(out) == "cli"


def test_a_typed_var_is_parsed_as_hcl(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "var.sizes", "--from", str(config), "--var", 'sizes={ a = "2" }')
    assert json.loads(out) == {"a": 2}


def test_eval_reads_terraform_configurations_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "1", "--from", f"yaml://{tmp_path}/x.yaml")
    assert code == 2
    assert "eval reads Terraform configurations only" in err


def test_render_lists_the_root_module_outputs(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["render", "--from", str(config), "--no-cache"])
    rendered = json.loads(capsys.readouterr().out)
    assert code == 0
    assert rendered["outputs"] == {
        "vpc_cidr": "10.0.0.0/16",
        "vpc_id": {"$unknown": "${aws_vpc.main.id} is known after apply"},
    }
    RENDER_SCHEMA.validate(rendered)


def test_with_several_sources_outputs_are_named_by_their_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "main.tf").write_text(f'output "who" {{\n  value = "{name}"\n}}\n')
    code = main(
        ["render", "--from", str(tmp_path / "a"), "--from", str(tmp_path / "b"), "--no-cache"]
    )
    rendered = json.loads(capsys.readouterr().out)
    assert code == 0
    assert rendered["outputs"] == {f"{tmp_path}/a:who": "a", f"{tmp_path}/b:who": "b"}


def test_a_sensitive_value_is_never_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "main.tf").write_text(
        'variable "pw" {\n  default   = "hunter2-PLANTED"\n  sensitive = true\n}\n'
        'locals {\n  l = { a = var.pw, b = "x" }\n}\n'
        'output "pw" {\n  value     = var.pw\n  sensitive = true\n}\n'
    )
    code, out, _ = run(capsys, "local.l", "--from", str(tmp_path))
    assert (code, json.loads(out)) == (0, {"a": {"$sensitive": True}, "b": "x"})
    code, out, _ = run(capsys, "local.l", "--from", str(tmp_path), "--console")
    assert code == 0 and "(sensitive value)" in out and "PLANTED" not in out
    main(["render", "--from", str(tmp_path), "--no-cache"])
    rendered = capsys.readouterr().out
    assert "PLANTED" not in rendered
    assert json.loads(rendered)["outputs"] == {"pw": {"$unknown": "output 'pw' is sensitive"}}
