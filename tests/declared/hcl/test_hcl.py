"""The Terraform HCL loader: evaluated attributes, addresses, variables, provenance, errors."""

from __future__ import annotations

import json
import tempfile
import textwrap
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from driftctl.base.raw import RawDeclared, RawResource
from driftctl.core.model import Ref, SourceRef, Unknown
from driftctl.declared.hcl.load import load_hcl
from driftctl.errors import DriftctlError


def write(directory: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (directory / name).write_text(textwrap.dedent(text).lstrip("\n"))


def load(tmp_path: Path, files: dict[str, str], **kwargs: Any) -> RawDeclared:
    write(tmp_path, files)
    return load_hcl(tmp_path, **kwargs)


def resource(declared: RawDeclared, address: str) -> RawResource:
    matches = [r for r in declared.resources if r.address == address]
    assert len(matches) == 1, [r.address for r in declared.resources]
    return matches[0]


def evaluate(tmp_path: Path, expression: str, preamble: str = "") -> Any:
    """The value of expression as the attribute `v` of a resource."""
    text = f'{preamble}\nresource "null_thing" "t" {{\n  v = {expression}\n}}\n'
    (tmp_path / "main.tf").write_text(text)
    return resource(load_hcl(tmp_path), "null_thing.t").attrs["v"]


# ---------------------------------------------------------------------------- literals


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ('"plain"', "plain"),
        (r'"a\nb\t\"q\" \\ \u00e9"', 'a\nb\t"q" \\ \u00e9'),
        ('"cost: $${var.not_interpolated}"', "cost: ${var.not_interpolated}"),
        ('"100%"', "100%"),
        ("42", 42),
        ("-3", -3),
        ("2.5", 2.5),
        ("1e3", 1000),
        ("true", True),
        ("false", False),
        ("null", None),
        ('[1, "two", [3]]', [1, "two", [3]]),
        ("[]", []),
        ('{ a = 1, "b c" = 2, (local.k) = 3 }', {"a": 1, "b c": 2, "dyn": 3}),
        ("{ a: 1 }", {"a": 1}),
    ],
)
def test_literals(tmp_path: Path, expression: str, expected: Any) -> None:
    assert evaluate(tmp_path, expression, 'locals { k = "dyn" }') == expected


def hcl_quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = escaped.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return f'"{escaped}"'


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(exclude_characters="{", exclude_categories=["Cs"])))
def test_quoted_string_round_trips(text: str) -> None:
    """Any text, quoted, evaluates to itself in Unicode's NFC form, as in Terraform (whose
    console says `"\uf900" == "\u8c48"`: HCL normalizes string literals)."""
    with tempfile.TemporaryDirectory() as directory:
        assert evaluate(Path(directory), hcl_quote(text)) == unicodedata.normalize("NFC", text)


def test_template_interpolates_a_variable(tmp_path: Path) -> None:
    preamble = 'variable "env" { default = "prod" }\nvariable "n" { default = 3 }'
    assert evaluate(tmp_path, '"app-${var.env}-${var.n}"', preamble) == "app-prod-3"


def test_template_of_only_one_interpolation_keeps_the_value(tmp_path: Path) -> None:
    assert evaluate(tmp_path, '"${var.l}"', 'variable "l" { default = [1, 2] }') == [1, 2]


def test_template_directives(tmp_path: Path) -> None:
    preamble = 'variable "xs" { default = ["a", "b"] }'
    expression = '"%{ for x in var.xs }<${x}>%{ endfor }%{ if length(var.xs) > 1 }many%{ endif }"'
    assert evaluate(tmp_path, expression, preamble) == "<a><b>many"


def test_heredoc_keeps_indentation(tmp_path: Path) -> None:
    text = 'resource "null_thing" "t" {\n  v = <<EOT\n  a ${1 + 1}\n    b\nEOT\n}\n'
    assert load(tmp_path, {"main.tf": text}).resources[0].attrs["v"] == "  a 2\n    b\n"


def test_heredoc_trim_removes_the_common_indentation(tmp_path: Path) -> None:
    text = (
        'variable "name" { default = "web" }\n'
        'resource "null_thing" "t" {\n'
        "  v = <<-EOT\n"
        "    {\n"
        '      "name": "${var.name}"\n'
        "\n"
        "    }\n"
        "    EOT\n"
        "}\n"
    )
    value = load(tmp_path, {"main.tf": text}).resources[0].attrs["v"]
    assert value == '{\n  "name": "web"\n\n}\n'


# ---------------------------------------------------------------------------- operators


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("5 / 2", 2.5),
        ("4 / 2", 2),
        ("-7 % 3", -1),
        ('"5" + 1', 6),
        ("3 > 2 && 2 >= 2", True),
        ("1 < 0 || !true", False),
        ('1 == "1"', False),
        ("[1, 2] == [1, 2]", True),
        ("{ a = 1 } != { a = 1 }", False),
        ('true ? "yes" : "no"', "yes"),
        ("var.n > 2 ? var.n : 0", 3),
        ("-var.n", -3),
        ("0.1 + 0.2", 0.3),
        ("10 / 4 * 2", 5),
    ],
)
def test_operators(tmp_path: Path, expression: str, expected: Any) -> None:
    assert evaluate(tmp_path, expression, 'variable "n" { default = 3 }') == expected


def test_logical_operator_with_an_unknown_side_is_decided_by_the_known_side(
    tmp_path: Path,
) -> None:
    preamble = 'resource "aws_vpc" "v" {}'
    assert evaluate(tmp_path, "false && aws_vpc.v.enable_dns_support", preamble) is False
    value = evaluate(tmp_path, "true && aws_vpc.v.enable_dns_support", preamble)
    assert value == Unknown("aws_vpc.v.enable_dns_support is known after apply")


# ---------------------------------------------------------------------------- for expressions


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("[for x in [1, 2, 3] : x * 2]", [2, 4, 6]),
        ('[for i, x in ["a", "b"] : "${i}${x}"]', ["0a", "1b"]),
        ('[for k, v in { b = 2, a = 1 } : "${k}=${v}" if v > 1]', ["b=2"]),
        ("{ for k, v in { a = 1, b = 2 } : upper(k) => v }", {"A": 1, "B": 2}),
        (
            '{ for s in ["ab", "ac", "b"] : substr(s, 0, 1) => s... }',
            {"a": ["ab", "ac"], "b": ["b"]},
        ),
    ],
)
def test_for_expressions(tmp_path: Path, expression: str, expected: Any) -> None:
    assert evaluate(tmp_path, expression) == expected


# ---------------------------------------------------------------------------- functions


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("merge({ a = 1, b = 1 }, { b = 2 }, null)", {"a": 1, "b": 2}),
        ("concat([1], [2, 3], [])", [1, 2, 3]),
        ('lookup({ a = 1 }, "a", 0)', 1),
        ('lookup({ a = 1 }, "z", 0)', 0),
        ('format("%s-%03d-%.1f-%v", "x", 7, 2.25, true)', "x-007-2.2-true"),
        ('join(",", ["a", "b"], ["c"])', "a,b,c"),
        ('split(",", "a,b,,c")', ["a", "b", "", "c"]),
        ('lower("ABC")', "abc"),
        ('upper("abc")', "ABC"),
        ('replace("a-b-c", "-", "_")', "a_b_c"),
        ('replace("v1.2", "/v(\\\\d+)\\\\.(\\\\d+)/", "$2.$1")', "2.1"),
        ("tostring(12)", "12"),
        ("tostring(true)", "true"),
        ('tonumber("12.5")', 12.5),
        ('tolist(["a"])', ["a"]),
        ('toset(["b", "a", "b"])', ["a", "b"]),
        ("tomap({ a = 1 })", {"a": 1}),
        ('length("héllo")', 5),
        ("length([1, 2])", 2),
        ("length({ a = 1 })", 1),
        ("keys({ b = 1, a = 2 })", ["a", "b"]),
        ("values({ b = 1, a = 2 })", [2, 1]),
        ('coalesce(null, "", "x", "y")', "x"),
        ('jsondecode("{\\"a\\": [1, 2.0, null]}")', {"a": [1, 2, None]}),
        ('try(local.m["missing"], "fallback")', "fallback"),
        ('try(local.m["k"], "fallback")', "v"),
        ('can(local.m["missing"])', False),
        ('element(["a", "b"], 3)', "b"),
        ("flatten([[1, [2]], [], 3])", [1, 2, 3]),
        ("distinct([1, 2, 1, 3])", [1, 2, 3]),
        ('contains(["a", "b"], "b")', True),
        ('contains([1], "1")', False),
        ('trimspace("  x \\n")', "x"),
        ('cidrsubnet("10.1.2.0/24", 4, 15)', "10.1.2.240/28"),
        ('cidrsubnet("10.0.0.0/16", 8, 2)', "10.0.2.0/24"),
        ('cidrsubnet("fd00::/56", 8, 1)', "fd00:0:0:1::/64"),
    ],
)
def test_functions(tmp_path: Path, expression: str, expected: Any) -> None:
    assert evaluate(tmp_path, expression, 'locals { m = { k = "v" } }') == expected


def test_jsonencode_sorts_keys_and_is_compact_like_terraform(tmp_path: Path) -> None:
    expression = 'jsonencode({ b = [1, "<x>"], a = { y = true, x = null } })'
    expected = '{"a":{"x":null,"y":true},"b":[1,"\\u003cx\\u003e"]}'
    assert evaluate(tmp_path, expression) == expected


def test_merge_of_locals_and_literals(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": """
            locals {
              common = { Team = "data", Env = "prod" }
              extra  = merge(local.common, { Env = "dev" })
            }
            resource "aws_s3_bucket" "b" {
              tags = merge(local.extra, { Name = "logs" })
            }
            """
        },
    )
    tags = resource(declared, "aws_s3_bucket.b").attrs["tags"]
    assert tags == {"Team": "data", "Env": "dev", "Name": "logs"}


def test_unknown_function_is_an_error_naming_file_line_and_column(tmp_path: Path) -> None:
    # https://developer.hashicorp.com/terraform/language/functions: there are no
    # user-defined functions; calling an unknown name is an error.
    with pytest.raises(DriftctlError, match=r"^main\.tf:2:7: call to unknown function md6\(\)"):
        load(tmp_path, {"main.tf": 'resource "x_y" "z" {\n  v = md6("a")\n}\n'})


def test_provider_function_not_evaluated_offline_is_unknown_with_a_warning(
    tmp_path: Path,
) -> None:
    text = 'resource "x_y" "z" {\n  v = provider::time::rfc3339_parse("x")\n}\n'
    declared = load(tmp_path, {"main.tf": text})
    reason = "provider function provider::time::rfc3339_parse is not evaluated offline"
    assert declared.resources[0].attrs["v"] == Unknown(reason)
    assert declared.warnings == [f"main.tf:2:7: {reason}; its value is unknown"]
    assert declared.unknown == [{"address": "x_y.z", "path": "v", "reason": reason}]


def test_try_returns_the_first_argument_without_error_even_if_unknown(tmp_path: Path) -> None:
    # Terraform's try() returns an unknown first argument as unknown: using the fallback
    # instead would declare a value Terraform never would.
    value = evaluate(tmp_path, 'try(data.aws_vpc.d.id, "fallback")', 'data "aws_vpc" "d" {}')
    assert value == Unknown("data.aws_vpc.d.id is read from AWS when terraform plans")


@pytest.mark.parametrize("function", ["timestamp()", "uuid()", 'bcrypt("pw")'])
def test_non_deterministic_functions_are_unknown(tmp_path: Path, function: str) -> None:
    value = evaluate(tmp_path, function)
    assert isinstance(value, Unknown)
    assert "non-deterministic" in value.reason


# ---------------------------------------------------------------------------- references

REFS = """
resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}
resource "aws_subnet" "a" {
  count      = 2
  vpc_id     = aws_vpc.main.id
  cidr_block = cidrsubnet(aws_vpc.main.cidr_block, 8, count.index)
}
resource "aws_s3_bucket" "b" {
  for_each = toset(["k", "l"])
  bucket   = "bucket-${each.key}"
}
data "aws_caller_identity" "me" {}
"""


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("aws_vpc.main.id", Ref("aws_vpc.main", ("id",))),
        ("aws_vpc.main.tags.Name", Ref("aws_vpc.main", ("tags", "Name"))),
        ("aws_vpc.main.cidr_block", "10.0.0.0/16"),
        ('aws_s3_bucket.b["k"].arn', Ref('aws_s3_bucket.b["k"]', ("arn",))),
        ('aws_s3_bucket.b["l"].bucket', "bucket-l"),
        ("aws_subnet.a[1].cidr_block", "10.0.1.0/24"),
        ("aws_subnet.a[0].vpc_id", Ref("aws_vpc.main", ("id",))),
        (
            "aws_subnet.a[*].id",
            [Ref("aws_subnet.a[0]", ("id",)), Ref("aws_subnet.a[1]", ("id",))],
        ),
        ("aws_subnet.a.*.cidr_block", ["10.0.0.0/24", "10.0.1.0/24"]),
        ("length(aws_subnet.a)", 2),
        ("[for b in values(aws_s3_bucket.b) : b.bucket]", ["bucket-k", "bucket-l"]),
        (
            '"arn:aws:ec2:::vpc/${aws_vpc.main.id}/x"',
            Ref("aws_vpc.main", ("id",), prefix="arn:aws:ec2:::vpc/", suffix="/x"),
        ),
        ('["a", aws_vpc.main.id]', ["a", Ref("aws_vpc.main", ("id",))]),
        (
            '"${aws_vpc.main.id}-${aws_vpc.main.arn}"',
            Unknown("aws_vpc.main.id is known after apply"),
        ),
        ("upper(aws_vpc.main.id)", Unknown("aws_vpc.main.id is known after apply")),
        (
            "jsonencode({ vpc = aws_vpc.main.id })",
            Unknown("aws_vpc.main.id is known after apply"),
        ),
        (
            "data.aws_caller_identity.me.account_id",
            Unknown(
                "data.aws_caller_identity.me.account_id is read from the AWS session "
                "(known when scanning)"
            ),
        ),
    ],
)
def test_references(tmp_path: Path, expression: str, expected: Any) -> None:
    assert evaluate(tmp_path, expression, REFS) == expected


def test_reference_into_a_nested_block(tmp_path: Path) -> None:
    preamble = 'resource "aws_s3_bucket" "b" {\n  versioning {\n    enabled = true\n  }\n}'
    assert evaluate(tmp_path, "aws_s3_bucket.b.versioning[0].enabled", preamble) is True
    value = evaluate(tmp_path, "aws_s3_bucket.b.versioning[0].mfa_delete", preamble)
    assert value == Ref("aws_s3_bucket.b", ("versioning", 0, "mfa_delete"))


def test_unindexed_reference_to_a_counted_resource_is_an_error(tmp_path: Path) -> None:
    message = r"^main\.tf:\d+:\d+: aws_subnet\.a has count set"
    with pytest.raises(DriftctlError, match=message):
        evaluate(tmp_path, "aws_subnet.a.id", REFS)


def test_ref_is_reported_as_unknown_with_its_path(tmp_path: Path) -> None:
    declared = load(tmp_path, {"main.tf": REFS})
    assert [e for e in declared.unknown if e["address"] == "aws_subnet.a[0]"] == [
        {
            "address": "aws_subnet.a[0]",
            "path": "vpc_id",
            "reason": "aws_vpc.main.id is known after apply",
        }
    ]


def test_reference_to_undeclared_variable_is_an_error_naming_the_line(tmp_path: Path) -> None:
    with pytest.raises(
        DriftctlError, match=r"^main\.tf:3:7: reference to undeclared variable var\.nope"
    ):
        load(tmp_path, {"main.tf": 'resource "x_y" "z" {\n  a = 1\n  b = var.nope\n}\n'})


# ---------------------------------------------------------------------------- resources


def test_count_and_for_each_addresses(tmp_path: Path) -> None:
    declared = load(tmp_path, {"main.tf": REFS})
    assert [r.address for r in declared.resources] == [
        'aws_s3_bucket.b["k"]',
        'aws_s3_bucket.b["l"]',
        "aws_subnet.a[0]",
        "aws_subnet.a[1]",
        "aws_vpc.main",
    ]
    assert resource(declared, "aws_subnet.a[1]").attrs["cidr_block"] == "10.0.1.0/24"


def test_each_value_on_a_map_of_objects(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": """
            variable "buckets" {
              default = {
                raw  = { zone = "Raw zone", versioned = false }
                gold = { zone = "Gold zone", versioned = true }
              }
            }
            resource "aws_s3_bucket" "data" {
              for_each = var.buckets
              bucket   = "acme-${each.key}"
              tags     = { Zone = each.value.zone }
              versioning {
                enabled = each.value.versioned
              }
            }
            """
        },
    )
    assert [r.address for r in declared.resources] == [
        'aws_s3_bucket.data["gold"]',
        'aws_s3_bucket.data["raw"]',
    ]
    assert resource(declared, 'aws_s3_bucket.data["raw"]').attrs == {
        "bucket": "acme-raw",
        "tags": {"Zone": "Raw zone"},
        "versioning": [{"enabled": False}],
    }


def test_blocks_become_lists_of_dicts_and_meta_arguments_are_dropped(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": """
            resource "aws_security_group" "web" {
              count       = 1
              provider    = aws.west
              depends_on  = [aws_vpc.v]
              name        = "web"
              ingress {
                from_port = 443
              }
              ingress {
                from_port = 80
              }
              dynamic "egress" {
                for_each = { a = 1, b = 2 }
                content {
                  to_port = egress.value
                  key     = egress.key
                }
              }
              lifecycle {
                ignore_changes = [tags]
              }
              provisioner "local-exec" {
                command = "echo"
              }
            }
            resource "aws_vpc" "v" {}
            """
        },
    )
    web = resource(declared, "aws_security_group.web[0]")
    assert web.attrs == {
        "name": "web",
        "ingress": [{"from_port": 443}, {"from_port": 80}],
        "egress": [{"to_port": 1, "key": "a"}, {"to_port": 2, "key": "b"}],
    }
    assert web.provider == "west"
    assert resource(declared, "aws_vpc.v").provider == ""


def test_dynamic_block_over_an_unknown_collection_is_unknown(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": """
            data "aws_vpc" "rules" {}
            resource "aws_security_group" "web" {
              dynamic "ingress" {
                for_each = data.aws_vpc.rules.cidr_block_associations
                content {
                  from_port = ingress.value
                }
              }
            }
            """
        },
    )
    reason = "data.aws_vpc.rules.cidr_block_associations is read from AWS when terraform plans"
    assert declared.resources[0].attrs == {"ingress": Unknown(reason)}
    assert declared.unknown == [
        {"address": "aws_security_group.web", "path": "ingress", "reason": reason}
    ]


def test_unknown_count_skips_the_resource_with_a_warning(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": """
            data "aws_vpc" "n" {}
            resource "aws_instance" "i" {
              count = data.aws_vpc.n.id
            }
            """
        },
    )
    assert declared.resources == []
    reason = "data.aws_vpc.n.id is read from AWS when terraform plans"
    assert declared.unknown == [{"address": "aws_instance.i", "path": "count", "reason": reason}]
    assert declared.warnings == [
        f"main.tf:2: count of aws_instance.i is unknown ({reason}); its instances are not declared",
    ]


def test_source_lines_of_resources(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "a.tf": """
            # comment
            resource "aws_vpc" "v" {
              cidr_block = "10.0.0.0/16"
            }

            resource "aws_s3_bucket" "b" { bucket = "x" }
            """,
            "b.tf": 'resource "aws_sqs_queue" "q" {\n  name = "q"\n}\n',
        },
    )
    assert resource(declared, "aws_vpc.v").source == SourceRef("a.tf", 2, 4)
    assert resource(declared, "aws_s3_bucket.b").source == SourceRef("a.tf", 6, 6)
    assert resource(declared, "aws_sqs_queue.q").source == SourceRef("b.tf", 1, 3)


def test_data_blocks_are_not_resources(tmp_path: Path) -> None:
    declared = load(tmp_path, {"main.tf": 'data "aws_ami" "a" {}\n'})
    assert declared.resources == []
    assert declared.warnings == []


def test_import_blocks_set_the_import_id(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": """
            resource "aws_s3_bucket" "b" {
              for_each = toset(["k"])
            }
            resource "aws_iam_role" "r" {}
            import {
              to = aws_s3_bucket.b["k"]
              id = "bucket-k"
            }
            import {
              to = aws_iam_role.r
              id = "role-${1 + 1}"
            }
            """
        },
    )
    assert resource(declared, 'aws_s3_bucket.b["k"]').import_id == "bucket-k"
    assert resource(declared, "aws_iam_role.r").import_id == "role-2"


def test_provider_default_tags_and_regions(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": """
            variable "region" { default = "eu-west-1" }
            provider "aws" {
              region = var.region
              default_tags {
                tags = { ManagedBy = "terraform" }
              }
            }
            provider "aws" {
              alias  = "us"
              region = "us-east-1"
            }
            provider "google" {
              region = "europe-west1"
            }
            """
        },
    )
    assert declared.default_tags == {"": {"ManagedBy": "terraform"}}
    assert declared.regions == {"": "eu-west-1", "us": "us-east-1"}


# ---------------------------------------------------------------------------- variables


def test_variable_precedence(tmp_path: Path) -> None:
    names = ["default", "tfvars", "auto_a", "auto_b", "var_file", "cli"]
    variables = "\n".join(f'variable "{n}" {{ default = "default" }}' for n in names)
    resource_block = "\n".join(f"  {n} = var.{n}" for n in names)
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "x.tfvars").write_text('var_file = "var_file"\ncli = "var_file"\n')
    declared = load(
        tmp_path,
        {
            "main.tf": f'{variables}\nresource "x_y" "z" {{\n{resource_block}\n}}\n',
            "terraform.tfvars": "\n".join(f'{n} = "tfvars"' for n in names[1:]),
            "b.auto.tfvars": "\n".join(f'{n} = "auto_b"' for n in names[2:]),
            "a.auto.tfvars": "\n".join(f'{n} = "auto_a"' for n in names[2:]),
        },
        var_files=[extra / "x.tfvars"],
        variables={"cli": "cli"},
    )
    assert declared.resources[0].attrs == {
        "default": "default",
        "tfvars": "tfvars",
        "auto_a": "auto_b",  # b.auto.tfvars comes after a.auto.tfvars
        "auto_b": "auto_b",
        "var_file": "var_file",
        "cli": "cli",
    }


def test_auto_tfvars_in_lexical_order_and_json_var_files(tmp_path: Path) -> None:
    (tmp_path / "v.tfvars.json").write_text(json.dumps({"n": 7}))
    declared = load(
        tmp_path,
        {
            "main.tf": 'variable "s" {}\nvariable "n" {}\nresource "x_y" "z" {\n'
            "  s = var.s\n  n = var.n\n}\n",
            "10.auto.tfvars": 's = "ten"',
            "2.auto.tfvars": 's = "two"',
        },
        var_files=[tmp_path / "v.tfvars.json"],
    )
    assert declared.resources[0].attrs == {"s": "two", "n": 7}


def test_tfvars_value_for_an_undeclared_variable_warns(tmp_path: Path) -> None:
    declared = load(
        tmp_path, {"main.tf": 'variable "a" {}\n', "terraform.tfvars": "a = 1\nb = 2\n"}
    )
    assert declared.warnings == ["terraform.tfvars: value for undeclared variable 'b' is ignored"]


def test_cli_var_is_converted_to_the_declared_type(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": """
            variable "n" { type = number }
            variable "l" { type = list(string) }
            variable "s" {}
            resource "x_y" "z" {
              count = var.n
              l     = var.l
              s     = var.s
            }
            """
        },
        variables={"n": "2", "l": '["a", "b"]', "s": "[1]"},
    )
    assert [r.address for r in declared.resources] == ["x_y.z[0]", "x_y.z[1]"]
    assert declared.resources[0].attrs == {"l": ["a", "b"], "s": "[1]"}


def test_cli_var_for_an_undeclared_variable_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DriftctlError, match="--var nope: no variable 'nope' is declared"):
        load(tmp_path, {"main.tf": ""}, variables={"nope": "1"})


def test_a_root_variable_without_a_value_is_an_error(tmp_path: Path) -> None:
    # values/variables#assigning-values-to-root-module-variables: Terraform stops with
    # "No value for required variable"; an Unknown would hide the missing input
    with pytest.raises(DriftctlError) as caught:
        evaluate(tmp_path, '"pre-${var.x}"', 'variable "x" {}')
    assert str(caught.value) == (
        "main.tf:1: no value for required variable 'x': set it in terraform.tfvars, "
        "with --var-file, --var x=VALUE or TF_VAR_x"
    )
    (tmp_path / "terraform.tfvars").write_text('x = "a"\n')
    assert evaluate(tmp_path, '"pre-${var.x}"', 'variable "x" {}') == "pre-a"


# ---------------------------------------------------------------------------- locals


def test_locals_across_files(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "a.tf": 'locals { name = "${local.prefix}-app" }\n',
            "b.tf": 'locals { prefix = "acme" }\nresource "x_y" "z" { v = local.name }\n',
        },
    )
    assert declared.resources[0].attrs == {"v": "acme-app"}


def test_locals_cycle_is_an_error_naming_the_cycle(tmp_path: Path) -> None:
    files = {"main.tf": "locals {\n  a = local.b\n  b = local.c\n  c = local.a\n}\n"}
    with pytest.raises(DriftctlError) as caught:
        load(tmp_path, files)
    assert caught.value.message == (
        "main.tf:2: local values refer to each other in a cycle: "
        "local.a -> local.b -> local.c -> local.a"
    )


# ---------------------------------------------------------------------------- provenance


# (exact spans: tests/declared/hcl/test_provenance.py)


# ---------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('resource "x" "y" {\n  a = \n}\n', r"^broken\.tf:2:\d+: syntax error: unexpected"),
        ('resource "x" "y" {\n  a = "unterminated\n', r"^broken\.tf:\d+:\d+: syntax error: "),
        ('resource "x" "y" {\n  a = 1\n', r"^broken\.tf:2:8: syntax error: unexpected end of file"),
    ],
)
def test_syntax_error_names_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    write(tmp_path, {"good.tf": "locals { a = 1 }\n", "broken.tf": text})
    with pytest.raises(DriftctlError, match=message) as caught:
        load_hcl(tmp_path)
    assert caught.value.hint


def test_json_and_override_files_are_skipped_with_a_warning(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": 'resource "x_y" "z" { v = 1 }\n',
            "main_override.tf": 'resource "x_y" "z" { v = 2 }\n',
            "extra.tf.json": "{}",
        },
    )
    assert declared.resources[0].attrs == {"v": 1}
    assert declared.warnings == [
        "extra.tf.json: JSON configuration (.tf.json) files are not read yet; ignored",
        "main_override.tf: override (_override.tf) files are not read yet; ignored",
    ]


def test_directory_without_tf_files_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DriftctlError, match=r"no \*\.tf files"):
        load_hcl(tmp_path)


def test_loading_is_deterministic(tmp_path: Path) -> None:
    write(tmp_path, {"main.tf": REFS})
    assert repr(load_hcl(tmp_path)) == repr(load_hcl(tmp_path))


# ---------------------------------------------------------------------------- heredocs


@pytest.mark.parametrize(
    ("heredoc", "expected"),
    [
        # language/expressions/strings#indented-heredocs
        ("<<-EOT\n    hello\n      world\n    EOT", "hello\n  world\n"),
        # blank lines do not count for the indentation
        ("<<-EOT\n    a\n\n    b\n    EOT", "a\n\nb\n"),
        # language/expressions/strings#whitespace-stripping: ~ trims the neighbouring line
        ('<<EOT\n%{ for x in ["a", "b"] ~}\n${x}\n%{ endfor ~}\nEOT', "a\nb\n"),
        ("<<EOT\nx   ${~ 1 ~}   y\nEOT", "x1y\n"),
        # hashicorp/terraform#23710: with a strip marker at a line start, Terraform removes
        # no indentation of an indented heredoc (HCL flushes after stripping)
        (
            '<<-EOT\n    %{ for s in ["a"] ~}\n    ${s} x\n    %{ endfor }\n    EOT',
            "    a x\n\n",
        ),
        ('<<-EOT\n    %{ for s in ["a"] }\n    ${s} x\n    %{ endfor ~}\n    EOT', "\na x\n"),
    ],
)
def test_heredoc_templates_as_terraform_renders_them(
    tmp_path: Path, heredoc: str, expected: str
) -> None:
    text = f'resource "null_thing" "t" {{\n  v = {heredoc}\n}}\n'
    assert load(tmp_path, {"main.tf": text}).resources[0].attrs["v"] == expected
