"""Provenance: every attribute value points at the exact span of the literal that wrote
it. Each test slices the file by the span and compares the text with the literal."""

from __future__ import annotations

from pathlib import Path

from driftctl.core.model import SourceRef
from tests.declared.hcl.hcltest import load, resource, spanned


def spans(tmp_path: Path, files: dict[str, str], address: str, **kwargs: object) -> dict[str, str]:
    declared = load(tmp_path, files, **kwargs)
    raw = resource(declared, address)
    return {path: f"{ref.file}: {spanned(tmp_path, ref)}" for path, ref in raw.provenance.items()}


def test_literals_object_keys_list_items_and_blocks(tmp_path: Path) -> None:
    files = {
        "main.tf": """
        resource "aws_security_group" "web" {
          name = "web"
          tags = {
            Name  = "web"
            "Cost Center" = 42
          }
          ingress {
            cidr_blocks = ["10.0.0.0/8", "192.168.0.0/16"]
            from_port   = 443
          }
          description = <<-EOT
            multi
            line
          EOT
          enabled = (true)
        }
        """
    }
    assert spans(tmp_path, files, "aws_security_group.web") == {
        "name": 'main.tf: "web"',
        "tags": 'main.tf: {\n    Name  = "web"\n    "Cost Center" = 42\n  }',
        "tags.Name": 'main.tf: "web"',
        "tags.Cost Center": "main.tf: 42",
        "ingress[0].cidr_blocks": 'main.tf: ["10.0.0.0/8", "192.168.0.0/16"]',
        "ingress[0].cidr_blocks[0]": 'main.tf: "10.0.0.0/8"',
        "ingress[0].cidr_blocks[1]": 'main.tf: "192.168.0.0/16"',
        "ingress[0].from_port": "main.tf: 443",
        "description": "main.tf: <<-EOT\n    multi\n    line\n  EOT",
        "enabled": "main.tf: (true)",
    }


def test_variables_point_at_tfvars_entries_and_defaults(tmp_path: Path) -> None:
    files = {
        "main.tf": """
        variable "tags" {}
        variable "name" { default = "n" }
        variable "ports" { default = [80, 443] }
        resource "x_y" "z" {
          tags  = var.tags
          name  = var.name
          port  = var.ports[1]
        }
        """,
        "terraform.tfvars": 'tags = {\n  Owner = "me"\n}\n',
    }
    assert spans(tmp_path, files, "x_y.z") == {
        "tags": 'terraform.tfvars: {\n  Owner = "me"\n}',
        "tags.Owner": 'terraform.tfvars: "me"',
        "name": 'main.tf: "n"',
        "port": "main.tf: 443",
    }


def test_locals_merge_and_conditionals_are_followed(tmp_path: Path) -> None:
    files = {
        "main.tf": """
        variable "env" { default = "prod" }
        locals {
          common = { Team = "data", Env = var.env }
          size   = var.env == "prod" ? "large" : "small"
        }
        resource "x_y" "z" {
          tags = merge(local.common, { Name = "logs" })
          size = local.size
          both = concat(["a"], ["b", "c"])
        }
        """
    }
    found = spans(tmp_path, files, "x_y.z")
    assert found["tags"] == 'main.tf: merge(local.common, { Name = "logs" })'
    assert found["tags.Team"] == 'main.tf: "data"'
    assert found["tags.Env"] == 'main.tf: "prod"'
    assert found["tags.Name"] == 'main.tf: "logs"'
    assert found["size"] == 'main.tf: "large"'
    assert found["both[2]"] == 'main.tf: "c"'


def test_for_each_values_point_at_the_element_of_the_collection(tmp_path: Path) -> None:
    files = {
        "main.tf": """
        variable "roles" {
          type = map(object({ path = string, max = optional(number, 3600) }))
        }
        resource "aws_iam_role" "r" {
          for_each = var.roles
          name     = each.key
          path     = each.value.path
          max      = each.value.max
        }
        """,
        "terraform.tfvars": 'roles = {\n  admin = { path = "/admin/" }\n}\n',
    }
    found = spans(tmp_path, files, 'aws_iam_role.r["admin"]')
    assert found["path"] == 'terraform.tfvars: "/admin/"'
    assert found["name"] == "main.tf: each.key"
    # the optional() default is not written in the tfvars object: its object is the place
    assert found["max"] == 'terraform.tfvars: { path = "/admin/" }'


def test_dynamic_block_content_points_at_the_for_each_element(tmp_path: Path) -> None:
    files = {
        "main.tf": """
        locals {
          rules = [
            { id = "expire", days = 30 },
            { id = "archive", days = 90 },
          ]
        }
        resource "aws_s3_bucket_lifecycle_configuration" "l" {
          dynamic "rule" {
            for_each = local.rules
            content {
              id   = rule.value.id
              days = rule.value.days
            }
          }
        }
        """
    }
    found = spans(tmp_path, files, "aws_s3_bucket_lifecycle_configuration.l")
    assert found["rule[1].id"] == 'main.tf: "archive"'
    assert found["rule[1].days"] == "main.tf: 90"


def test_module_inputs_and_outputs_are_followed_across_files(tmp_path: Path) -> None:
    files = {
        "main.tf": """
        variable "prefix" {}
        module "b" {
          source = "./mod"
          name   = var.prefix
        }
        resource "x_y" "z" { label = module.b.label }
        """,
        "terraform.tfvars": 'prefix = "acme"\n',
        "mod/main.tf": """
        variable "name" {}
        resource "x_y" "inner" { bucket = var.name }
        output "label" { value = "fixed-label" }
        """,
    }
    assert spans(tmp_path, files, "module.b.x_y.inner") == {"bucket": 'terraform.tfvars: "acme"'}
    assert spans(tmp_path, files, "x_y.z") == {"label": 'mod/main.tf: "fixed-label"'}


def test_spans_are_one_based_with_an_exclusive_end(tmp_path: Path) -> None:
    declared = load(tmp_path, {"main.tf": 'resource "x_y" "z" {\n  a = "v"\n}\n'})
    assert declared.resources[0].provenance == {"a": SourceRef("main.tf", 2, 2, 7, 10)}
