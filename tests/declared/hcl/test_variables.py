"""Input variables beyond tfvars: TF_VAR_* environment variables, validation blocks and
nullable, per https://developer.hashicorp.com/terraform/language/values/variables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from driftctl import settings
from driftctl.declared.hcl.load import load_hcl
from driftctl.errors import DriftctlError
from tests.declared.hcl.hcltest import evaluate, load, write

VARS = 'variable "v" {\n  default = "default"\n}\n'


@pytest.mark.parametrize(
    ("files", "env", "cli", "expected"),
    [
        ({}, {}, {}, "default"),
        ({}, {"TF_VAR_v": "env"}, {}, "env"),
        ({"terraform.tfvars": 'v = "tfvars"\n'}, {"TF_VAR_v": "env"}, {}, "tfvars"),
        (
            {"terraform.tfvars": 'v = "tfvars"\n', "a.auto.tfvars": 'v = "auto"\n'},
            {"TF_VAR_v": "env"},
            {},
            "auto",
        ),
        ({"a.auto.tfvars": 'v = "auto"\n'}, {"TF_VAR_v": "env"}, {"v": "cli"}, "cli"),
    ],
    ids=["default", "env-over-default", "tfvars-over-env", "auto-over-tfvars", "var-over-all"],
)
def test_definition_precedence(
    tmp_path: Path, files: dict[str, str], env: dict[str, str], cli: dict[str, str], expected: str
) -> None:
    # values/variables#variable-definition-precedence: environment variables, then
    # terraform.tfvars, then *.auto.tfvars, then -var/-var-file options; later wins
    write(tmp_path, files)
    assert evaluate(tmp_path, "var.v", VARS, env=env, variables=cli) == expected


@pytest.mark.parametrize(
    ("declaration", "text", "expected"),
    [
        ('variable "v" {}', "plain", "plain"),
        ('variable "v" { type = number }', "5", "5"),
        ('variable "v" { type = list(string) }', '["a", "b"]', ["a", "b"]),
        ('variable "v" { type = map(number) }', "{ a = 1 }", {"a": 1}),
    ],
)
def test_environment_values_are_strings_unless_the_type_is_complex(
    tmp_path: Path, declaration: str, text: str, expected: Any
) -> None:
    # values/variables#environment-variables: complex types are parsed as HCL
    value = evaluate(tmp_path, "var.v", declaration, env={"TF_VAR_v": text})
    assert value == (5 if expected == "5" else expected)


def test_environment_variable_for_an_undeclared_variable_is_ignored(tmp_path: Path) -> None:
    assert evaluate(tmp_path, "1", VARS, env={"TF_VAR_other": "x"}) == 1


def test_tf_workspace_sets_terraform_workspace(tmp_path: Path) -> None:
    assert evaluate(tmp_path, "terraform.workspace") == "default"
    assert evaluate(tmp_path, "terraform.workspace", env={"TF_WORKSPACE": "prod"}) == "prod"


def test_settings_read_tf_variables_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "main.tf").write_text(VARS)
    monkeypatch.setenv("TF_VAR_v", "from-env")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    conf = settings.build(settings.Options(sources=[str(tmp_path)]))
    assert ("TF_VAR_v", "from-env") in conf.tf_env_vars
    assert conf.hcl_cache_dir == tmp_path / "cache" / "driftctl" / "hcl"
    assert (
        settings.build(settings.Options(sources=[str(tmp_path)], no_cache=True)).hcl_cache_dir
        is None
    )


# ---------------------------------------------------------------------------- validation

VALIDATED = """
variable "env" {
  type = string
  validation {
    condition     = contains(["dev", "prod"], var.env)
    error_message = "Environment must be dev or prod, not ${var.env}."
  }
}
variable "size" {
  default = 3
  validation {
    condition     = var.size > 0
    error_message = "Size must be positive."
  }
  validation {
    condition     = var.size < 10
    error_message = "Size must be below 10."
  }
}
resource "x_y" "z" { env = var.env }
"""


def test_passing_validations_are_silent(tmp_path: Path) -> None:
    declared = load(tmp_path, {"main.tf": VALIDATED}, variables={"env": "prod"})
    assert declared.resources[0].attrs == {"env": "prod"}


def test_failed_validations_are_errors_naming_the_variable_and_message(tmp_path: Path) -> None:
    # values/variables#custom-validation-rules
    write(tmp_path, {"main.tf": VALIDATED, "terraform.tfvars": 'env  = "qa"\nsize = 12\n'})
    with pytest.raises(DriftctlError) as caught:
        load_hcl(tmp_path)
    assert caught.value.message == (
        "main.tf:4:21: invalid value for var.env (value from terraform.tfvars:1:8): "
        "Environment must be dev or prod, not qa.\n"
        "main.tf:15:21: invalid value for var.size (value from terraform.tfvars:2:8): "
        "Size must be below 10."
    )


def test_validation_of_an_unknown_value_is_deferred(tmp_path: Path) -> None:
    # a module input known only after apply: its validation waits for the value
    files = {
        "modules/v/main.tf": VALIDATED,
        "main.tf": 'data "aws_vpc" "d" {}\nmodule "v" {\n  source = "./modules/v"\n'
        "  env    = data.aws_vpc.d.id\n}\n",
    }
    declared = load(tmp_path, files)
    assert "data.aws_vpc.d.id" in str(declared.resources[0].attrs["env"])


def test_non_nullable_variable_uses_its_default_for_null(tmp_path: Path) -> None:
    # values/variables#disallowing-null-input-values
    preamble = 'variable "v" {\n  default = "d"\n  nullable = false\n}'
    (tmp_path / "terraform.tfvars").write_text("v = null\n")
    assert evaluate(tmp_path, "var.v", preamble) == "d"
    preamble = 'variable "v" {\n  default = "d"\n}'
    assert evaluate(tmp_path, "var.v", preamble) is None


def test_optional_object_attributes_get_their_defaults(tmp_path: Path) -> None:
    # types#optional-object-type-attributes
    preamble = """
    variable "roles" {
      type = map(object({
        name        = string
        path        = optional(string, "/")
        max_session = optional(number, 3600)
        tags        = optional(map(string))
      }))
    }
    """
    (tmp_path / "terraform.tfvars").write_text('roles = { a = { name = "a", path = "/x/" } }\n')
    assert evaluate(tmp_path, "var.roles", preamble) == {
        "a": {"name": "a", "path": "/x/", "max_session": 3600, "tags": None}
    }
