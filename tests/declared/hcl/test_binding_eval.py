"""Binding (driftctl/declared/binding.py) through the cty evaluator: a live value taken by
a reference to a computed attribute flows through splats, `for` expressions, templates,
cty functions and arithmetic like any configured value, and a computed attribute the
configuration sets to null binds as one it does not set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driftctl.core.model import Ref, Unknown
from tests.declared.hcl.hcltest import load, resource

CONFIG = {
    "main.tf": """
        resource "aws_vpc" "v" {
          cidr_block      = "10.0.0.0/16"
          ipv6_cidr_block = null
        }
        resource "aws_subnet" "a" {
          count      = 2
          vpc_id     = aws_vpc.v.id
          cidr_block = cidrsubnet(aws_vpc.v.cidr_block, 8, count.index)
        }
        resource "aws_instance" "i" {
          ami = "ami-1"
        }
        resource "aws_s3_bucket" "b" {
          bucket = "b"
          tags = {
            Ipv6  = aws_vpc.v.ipv6_cidr_block
            Splat = join(",", aws_subnet.a[*].id)
            For   = join(",", [for s in aws_subnet.a : upper(s.id)])
            Coal  = join(",", coalescelist(aws_subnet.a[*].arn, ["none"]))
            Cores = aws_instance.i.cpu_core_count * 2
            Half  = aws_instance.i.cpu_threads_per_core + 0.25
            Tmpl  = "%{for id in aws_subnet.a[*].id}${id};%{endfor}"
          }
        }
        output "subnets" {
          value = aws_subnet.a[*].id
        }
    """,
}
LIVE = {
    "aws_vpc.v": {"id": "vpc-1", "ipv6_cidr_block": "2600:1f18::/56"},
    "aws_subnet.a[0]": {"id": "subnet-0", "arn": "arn:aws:ec2:::subnet/subnet-0"},
    "aws_subnet.a[1]": {"id": "subnet-1", "arn": "arn:aws:ec2:::subnet/subnet-1"},
    "aws_instance.i": {"id": "i-1", "cpu_core_count": 4, "cpu_threads_per_core": 1.5},
}


def tags(tmp_path: Path, state: Any) -> tuple[dict[str, Any], Any]:
    declared = load(tmp_path, CONFIG, state=state)
    return resource(declared, "aws_s3_bucket.b").attrs["tags"], declared.outputs


def test_before_binding_every_value_built_from_a_computed_attribute_is_pending(
    tmp_path: Path,
) -> None:
    found, outputs = tags(tmp_path, None)
    assert found["Ipv6"] == Ref("aws_vpc.v", ("ipv6_cidr_block",))
    for name in ("Splat", "For", "Coal", "Cores", "Half", "Tmpl"):
        assert isinstance(found[name], Unknown) and found[name].depends_on, name
    assert outputs["subnets"] == [Ref("aws_subnet.a[0]", ("id",)), Ref("aws_subnet.a[1]", ("id",))]


def test_bound_values_flow_through_every_expression_form(tmp_path: Path) -> None:
    found, outputs = tags(tmp_path, LIVE)
    assert found == {
        "Ipv6": "2600:1f18::/56",  # set to null in the configuration, computed by AWS
        "Splat": "subnet-0,subnet-1",
        "For": "SUBNET-0,SUBNET-1",
        "Coal": "arn:aws:ec2:::subnet/subnet-0,arn:aws:ec2:::subnet/subnet-1",
        "Cores": 8,
        "Half": 1.75,
        "Tmpl": "subnet-0;subnet-1;",
    }
    assert outputs["subnets"] == ["subnet-0", "subnet-1"]


def test_a_resource_that_refers_to_a_bound_one_says_what_it_read(tmp_path: Path) -> None:
    declared = load(tmp_path, CONFIG, state=LIVE)
    subnet = resource(declared, "aws_subnet.a[1]")
    assert subnet.attrs == {"vpc_id": "vpc-1", "cidr_block": "10.0.1.0/24"}
    assert subnet.bound == {"vpc_id": {"aws_vpc.v.id": "vpc-1"}}
