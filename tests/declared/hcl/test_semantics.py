"""Terraform semantics the console comparison (test_console_golden.py) cannot show:
meta-arguments, values known only after apply, type constraints with optional()
defaults, short-circuit logic and module outputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl.core.model import Ref, Unknown
from driftctl.declared.hcl.load import load_hcl
from driftctl.errors import DriftctlError
from tests.declared.hcl.hcltest import evaluate, load, resource, write

# ---------------------------------------------------------------------------- for_each, count


def test_for_each_over_a_list_is_refused_as_terraform_does(tmp_path: Path) -> None:
    text = 'resource "aws_s3_bucket" "b" {\n  for_each = ["a", "b"]\n  bucket = each.key\n}\n'
    with pytest.raises(
        DriftctlError, match=r"main\.tf:2:\d+: for_each: .*map, or set of strings.*tuple"
    ):
        load(tmp_path, {"main.tf": text})


def test_for_each_over_toset_of_a_list_declares_one_instance_per_element(tmp_path: Path) -> None:
    text = (
        'resource "aws_s3_bucket" "b" {\n  for_each = toset(["b", "a", "b"])\n'
        "  bucket = each.value\n}\n"
    )
    declared = load(tmp_path, {"main.tf": text})
    assert sorted(r.address for r in declared.resources) == [
        'aws_s3_bucket.b["a"]',
        'aws_s3_bucket.b["b"]',
    ]
    assert resource(declared, 'aws_s3_bucket.b["a"]').attrs["bucket"] == "a"


def test_for_each_over_a_set_of_numbers_is_refused(tmp_path: Path) -> None:
    text = 'resource "aws_s3_bucket" "b" {\n  for_each = toset([1, 2])\n  bucket = "x"\n}\n'
    # toset([1, 2]) is a set of numbers; Terraform wants strings
    with pytest.raises(DriftctlError, match="for_each"):
        load(tmp_path, {"main.tf": text})


def test_for_each_over_a_set_typed_variable_works(tmp_path: Path) -> None:
    text = (
        'variable "names" {\n  type = set(string)\n  default = ["x", "y"]\n}\n'
        'resource "aws_s3_bucket" "b" {\n  for_each = var.names\n  bucket = each.key\n}\n'
    )
    declared = load(tmp_path, {"main.tf": text})
    assert len(declared.resources) == 2


def test_count_accepts_a_number_string_and_refuses_null(tmp_path: Path) -> None:
    text = 'resource "aws_s3_bucket" "b" {\n  count = "2"\n  bucket = "b${count.index}"\n}\n'
    assert len(load(tmp_path, {"main.tf": text}).resources) == 2
    text = 'resource "aws_s3_bucket" "b" {\n  count = null\n  bucket = "b"\n}\n'
    with pytest.raises(DriftctlError, match="count"):
        load(tmp_path, {"main.tf": text})


# ---------------------------------------------------------------------------- after apply


def test_a_computed_attribute_set_to_null_is_known_after_apply(tmp_path: Path) -> None:
    # terraform-aws-modules/vpc sets ipv6_cidr_block = var.ipv6_cidr (null by default):
    # the provider computes it, so a reference is unknown, not null
    preamble = (
        'resource "aws_vpc" "this" {\n  cidr_block = "10.0.0.0/16"\n  ipv6_cidr_block = null\n}\n'
    )
    value = evaluate(tmp_path, "aws_vpc.this.ipv6_cidr_block", preamble)
    assert value == Ref("aws_vpc.this", ("ipv6_cidr_block",))


def test_a_computed_attribute_set_to_null_feeds_functions_as_unknown(tmp_path: Path) -> None:
    preamble = (
        'resource "aws_vpc" "this" {\n  cidr_block = "10.0.0.0/16"\n  ipv6_cidr_block = null\n}\n'
    )
    value = evaluate(tmp_path, "cidrsubnet(aws_vpc.this.ipv6_cidr_block, 8, 1)", preamble)
    assert isinstance(value, Unknown)


def test_an_attribute_the_provider_does_not_compute_stays_null(tmp_path: Path) -> None:
    preamble = (
        'resource "aws_vpc" "this" {\n  cidr_block = "10.0.0.0/16"\n  ipv6_ipam_pool_id = null\n}\n'
    )
    assert evaluate(tmp_path, "aws_vpc.this.ipv6_ipam_pool_id == null", preamble) is True


def test_coalescelist_of_a_splat_over_resources_keeps_their_ids(tmp_path: Path) -> None:
    preamble = (
        'resource "aws_route_table" "x" {\n  count = 2\n  vpc_id = "vpc-1"\n}\n'
        'locals {\n  fallback = ["rtb-0"]\n}\n'
    )
    value = evaluate(tmp_path, "coalescelist(aws_route_table.x[*].id, local.fallback)", preamble)
    assert value == [Ref("aws_route_table.x[0]", ("id",)), Ref("aws_route_table.x[1]", ("id",))]


def test_an_unknown_in_a_conditional_gives_an_unknown(tmp_path: Path) -> None:
    preamble = 'resource "aws_vpc" "this" {\n  cidr_block = "10.0.0.0/16"\n}\n'
    value = evaluate(tmp_path, 'aws_vpc.this.id == "" ? "a" : "b"', preamble)
    assert isinstance(value, Unknown)


# ---------------------------------------------------------------------------- logic


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("local.o != null && local.o.a", False),
        ("local.o == null || local.o.a", True),
        ("local.o.a && false", False),
        ("false && local.o.a", False),
    ],
)
def test_logical_operators_short_circuit(tmp_path: Path, expression: str, expected: bool) -> None:
    # Terraform >= 1.13 (HCL 2.24): a deciding side wins, the other side's error is dropped
    assert evaluate(tmp_path, expression, "locals {\n  o = null\n}\n") is expected


@pytest.mark.parametrize("expression", ["local.o.a || false", "true && local.o.a"])
def test_an_error_on_the_side_that_decides_is_reported(tmp_path: Path, expression: str) -> None:
    with pytest.raises(DriftctlError, match="null"):
        evaluate(tmp_path, expression, "locals {\n  o = null\n}\n")


# ---------------------------------------------------------------------------- types


def test_optional_attribute_defaults_apply_to_module_inputs(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "modules/m/main.tf": """
                variable "rules" {
                  type = list(object({
                    port     = number
                    protocol = optional(string, "tcp")
                    cidrs    = optional(list(string), ["0.0.0.0/0"])
                  }))
                }
                resource "aws_security_group" "g" {
                  name = "g"
                  tags = {
                    for i, r in var.rules :
                    "r${i}" => "${r.protocol}/${r.port}/${join(",", r.cidrs)}"
                  }
                }
            """,
            "main.tf": """
                module "m" {
                  source = "./modules/m"
                  rules = [
                    { port = "22" },
                    { port = 443, cidrs = ["10.0.0.0/8"], protocol = "udp" },
                  ]
                }
            """,
        },
    )
    declared = load_hcl(tmp_path)
    tags = resource(declared, "module.m.aws_security_group.g").attrs["tags"]
    assert tags == {"r0": "tcp/22/0.0.0.0/0", "r1": "udp/443/10.0.0.0/8"}


def test_a_value_that_does_not_fit_its_type_names_where_it_is_written(tmp_path: Path) -> None:
    text = 'variable "n" {\n  type = number\n  default = "x"\n}\n'
    with pytest.raises(DriftctlError, match=r"main\.tf:3:\d+: invalid value for var\.n: .*number"):
        load(tmp_path, {"main.tf": text})


def test_conditional_branches_take_one_type(tmp_path: Path) -> None:
    assert evaluate(tmp_path, 'true ? 1 : "a"') == "1"
    with pytest.raises(DriftctlError, match="inconsistent conditional result types"):
        evaluate(tmp_path, "true ? 1 : [1]")


def test_strings_are_normalized_to_nfc(tmp_path: Path) -> None:
    assert evaluate(tmp_path, '"cafe\\u0301"') == "caf\u00e9"
    assert evaluate(tmp_path, 'upper("e\\u0301")') == "\u00c9"


def test_core_namespace_reaches_the_built_in_functions(tmp_path: Path) -> None:
    assert evaluate(tmp_path, 'core::upper("x")') == "X"


# ---------------------------------------------------------------------------- outputs


def test_the_root_module_outputs_are_declared(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "main.tf": """
                resource "aws_vpc" "v" {
                  cidr_block = "10.0.0.0/16"
                }
                output "cidr" {
                  value = aws_vpc.v.cidr_block
                }
                output "id" {
                  value = aws_vpc.v.id
                }
                output "secret" {
                  value     = "s3cr3t"
                  sensitive = true
                }
            """,
        },
    )
    outputs = load_hcl(tmp_path).outputs
    assert outputs["cidr"] == "10.0.0.0/16"
    assert isinstance(outputs["id"], Ref)
    assert isinstance(outputs["secret"], Unknown)
    assert "s3cr3t" not in repr(outputs)


def test_a_null_branch_keeps_null_when_the_other_branch_fails(tmp_path: Path) -> None:
    # terraform-aws-modules/vpc's flow-log example: the branch not taken refers to a
    # value that does not exist; Terraform ignores its error and its type
    preamble = "locals {\n  o = null\n}\n"
    assert evaluate(tmp_path, 'coalesce(true ? null : local.o.a, "x")', preamble) == "x"
