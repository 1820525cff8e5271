"""Sensitive marks in the HCL evaluator: where Terraform marks a value, driftctl does too
(terraform console is the oracle, tests/data/sensitive_console.json), and the marks reach
the declared resources as paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftctl.aws.canonical import canonicalize
from driftctl.core.sensitive import covers
from driftctl.declared.hcl.lang.eval import HclEvalError
from driftctl.errors import DriftctlError
from tests.declared.hcl.hcltest import evaluate, load, resource
from tests.paths import DATA

CONSOLE = json.loads((DATA / "sensitive_console.json").read_text())

# Where driftctl marks a whole collection that Terraform marks element by element (a
# conversion function: driftctl gives it unmarked values and marks its result). More is
# hidden, nothing is shown: never the other way round.
MARKS_MORE = frozenset({"tolist(local.l)"})


@pytest.mark.parametrize("expression", sorted(CONSOLE["issensitive"]))
def test_issensitive_agrees_with_terraform_console(tmp_path: Path, expression: str) -> None:
    terraform = CONSOLE["issensitive"][expression]
    ours = evaluate(tmp_path, f"issensitive({expression})", CONSOLE["preamble"])
    if expression in MARKS_MORE:
        assert (terraform, ours) == (False, True)
    else:
        assert ours is terraform


def test_marks_more_lists_only_real_differences() -> None:
    assert set(CONSOLE["issensitive"]) >= MARKS_MORE


SECRET = "s3cr3t-PLANTED-value"
VARIABLE = f"""\
variable "pw" {{
  type      = string
  default   = "{SECRET}"
  sensitive = true
}}
"""


def test_a_sensitive_variable_marks_the_paths_it_reaches(tmp_path: Path) -> None:
    main = (
        VARIABLE
        + """
locals {
  common = { Team = "core" }
}

resource "aws_s3_bucket" "b" {
  bucket = "acme-b"
  tags   = merge(local.common, { Build = var.pw, Note = "ref-${var.pw}" })
}

resource "aws_iam_role" "r" {
  name               = "r"
  assume_role_policy = jsonencode({ Statement = [{ Sid = var.pw }] })
  description        = var.pw == "" ? "empty" : "set"
}
"""
    )
    declared = load(tmp_path, {"main.tf": main})
    bucket = resource(declared, "aws_s3_bucket.b")
    assert bucket.attrs["tags"]["Build"] == SECRET  # compared as any value
    assert bucket.sensitive == {"tags.Build", "tags.Note"}
    role = resource(declared, "aws_iam_role.r")
    assert role.sensitive == {"assume_role_policy", "description"}


def test_sensitive_outputs_and_inputs_cross_modules(tmp_path: Path) -> None:
    files = {
        "main.tf": VARIABLE
        + """
module "m" {
  source = "./m"
  value  = var.pw
}

resource "aws_s3_bucket" "b" {
  bucket = "acme-b"
  tags   = { Out = module.m.out, Plain = module.m.plain, Marked = module.m.marked }
}
""",
        "m/main.tf": """\
variable "value" {
  type = string
}

output "out" {
  value     = var.value
  sensitive = true
}

output "plain" {
  value = "x"
}

output "marked" {
  value     = "y"
  sensitive = true
}

resource "aws_iam_user" "u" {
  name = "u"
  tags = { Given = var.value }
}
""",
    }
    declared = load(tmp_path, files)
    assert resource(declared, "aws_s3_bucket.b").sensitive == {"tags.Out", "tags.Marked"}
    # the input carries the caller's mark into the module
    assert resource(declared, "module.m.aws_iam_user.u").sensitive == {"tags.Given"}


def test_nonsensitive_takes_the_mark_off(tmp_path: Path) -> None:
    main = VARIABLE + (
        'resource "aws_s3_bucket" "b" {\n'
        '  bucket = "acme-b"\n'
        '  tags = { A = nonsensitive(var.pw), B = sensitive("x") }\n'
        "}\n"
    )
    bucket = resource(load(tmp_path, {"main.tf": main}), "aws_s3_bucket.b")
    assert bucket.sensitive == {"tags.B"}


def test_a_sensitive_for_each_is_an_error_as_in_terraform(tmp_path: Path) -> None:
    main = VARIABLE + (
        'resource "aws_s3_bucket" "b" {\n  for_each = toset([var.pw])\n  bucket = each.key\n}\n'
    )
    with pytest.raises(HclEvalError) as error:
        load(tmp_path, {"main.tf": main})
    assert error.value.message.startswith("main.tf:7:")
    assert "sensitive values" in error.value.message and SECRET not in error.value.message


def test_a_map_with_sensitive_values_can_be_a_for_each(tmp_path: Path) -> None:
    main = VARIABLE + (
        'resource "aws_s3_bucket" "b" {\n'
        "  for_each = { x = var.pw }\n"
        '  bucket   = "acme-${each.key}"\n'
        "  tags     = { Value = each.value }\n"
        "}\n"
    )
    bucket = resource(load(tmp_path, {"main.tf": main}), 'aws_s3_bucket.b["x"]')
    assert bucket.sensitive == {"tags.Value"}


def test_errors_about_a_sensitive_value_do_not_show_it(tmp_path: Path) -> None:
    with pytest.raises(DriftctlError) as error:
        evaluate(tmp_path, "tonumber(var.pw) + 1", VARIABLE)
    assert SECRET not in error.value.message
    assert "(sensitive value)" in error.value.message


def test_a_failed_validation_does_not_print_a_sensitive_message(tmp_path: Path) -> None:
    main = f"""\
variable "pw" {{
  type      = string
  default   = "{SECRET}"
  sensitive = true
  validation {{
    condition     = length(var.pw) < 5
    error_message = "too long: ${{var.pw}}"
  }}
}}
"""
    with pytest.raises(DriftctlError) as error:
        load(tmp_path, {"main.tf": main})
    assert SECRET not in error.value.message
    assert "sensitive value, so it is not shown" in error.value.message


def test_sensitive_must_be_a_literal_bool(tmp_path: Path) -> None:
    main = 'variable "pw" {\n  sensitive = "yes"\n}\n'
    with pytest.raises(DriftctlError, match=r"^main\.tf:2:\d+: sensitive must be true or false"):
        load(tmp_path, {"main.tf": main})


def test_a_reference_to_a_provider_sensitive_attribute_is_sensitive(tmp_path: Path) -> None:
    main = """\
resource "aws_db_instance" "db" {
  identifier = "db"
  password   = "from-the-config"
}

resource "aws_s3_bucket" "b" {
  bucket = "acme-b"
  tags   = { Pw = aws_db_instance.db.password, Id = aws_db_instance.db.identifier }
}
"""
    bucket = resource(load(tmp_path, {"main.tf": main}), "aws_s3_bucket.b")
    assert bucket.sensitive == {"tags.Pw"}


def test_templates_dynamic_blocks_and_default_tags_carry_marks(tmp_path: Path) -> None:
    files = {
        "main.tf": VARIABLE
        + """
variable "rules" {
  type      = list(number)
  default   = [22]
  sensitive = true
}

provider "aws" {
  region = "us-east-1"
  default_tags {
    tags = { Owner = "ops", Key = var.pw }
  }
}

resource "aws_security_group" "g" {
  name        = "g"
  description = templatefile("t.tpl", { pw = var.pw })
  dynamic "ingress" {
    for_each = var.rules
    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = ["10.0.0.0/8"]
    }
  }
}
""",
        "t.tpl": "pw is ${pw}",
    }
    raw = load(tmp_path, files)
    group = resource(raw, "aws_security_group.g")
    assert group.sensitive == {"description", "ingress[0]"}
    assert raw.sensitive_default_tags == {"": frozenset({"Key"})}
    canonical = next(r for r in canonicalize(raw).resources if r.type == "aws_security_group")
    assert canonical.sensitive >= {"description", "tags.Key"}
    assert "tags.Owner" not in canonical.sensitive
    assert covers(canonical.sensitive, "ingress[3].from_port")  # every rule: sets are sorted
