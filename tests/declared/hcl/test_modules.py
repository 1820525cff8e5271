"""Module calls, as https://developer.hashicorp.com/terraform/language/modules describes them:
local sources, inputs and outputs, count/for_each on modules, nested modules, installed
registry modules, and provider configurations across modules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftctl.core.model import Ref, SourceRef, Unknown
from driftctl.declared.hcl.load import load_hcl
from driftctl.errors import DriftctlError
from tests.declared.hcl.hcltest import load, resource, write

BUCKET = {
    "modules/bucket/main.tf": """
    variable "name" { type = string }
    variable "copies" { default = 1 }
    resource "aws_s3_bucket" "this" {
      count  = var.copies
      bucket = "${var.name}-${count.index}"
    }
    output "names" { value = aws_s3_bucket.this[*].bucket }
    output "arn" { value = aws_s3_bucket.this[0].arn }
    """
}


def test_local_module_inputs_outputs_and_addresses(tmp_path: Path) -> None:
    # modules/syntax: calling a child module; modules/develop/... outputs: module.NAME.OUTPUT
    declared = load(
        tmp_path,
        {
            **BUCKET,
            "main.tf": """
            module "logs" {
              source = "./modules/bucket"
              name   = "logs"
              copies = 2
            }
            resource "aws_sns_topic" "t" {
              name = join("+", module.logs.names)
              arn  = module.logs.arn
            }
            """,
        },
    )
    assert [r.address for r in declared.resources] == [
        "aws_sns_topic.t",
        "module.logs.aws_s3_bucket.this[0]",
        "module.logs.aws_s3_bucket.this[1]",
    ]
    assert resource(declared, "module.logs.aws_s3_bucket.this[1]").attrs == {"bucket": "logs-1"}
    assert resource(declared, "module.logs.aws_s3_bucket.this[1]").source == SourceRef(
        "modules/bucket/main.tf", 3, 6
    )
    topic = resource(declared, "aws_sns_topic.t").attrs
    assert topic == {
        "name": "logs-0+logs-1",
        "arn": Ref("module.logs.aws_s3_bucket.this[0]", ("arn",)),
    }


def test_for_each_and_count_on_modules_give_instance_addresses(tmp_path: Path) -> None:
    # meta-arguments/for_each and meta-arguments/count on module blocks
    declared = load(
        tmp_path,
        {
            **BUCKET,
            "main.tf": """
            module "a" {
              for_each = { raw = 1, clean = 2 }
              source   = "./modules/bucket"
              name     = each.key
              copies   = each.value
            }
            module "b" {
              count  = 2
              source = "./modules/bucket"
              name   = "b${count.index}"
            }
            resource "aws_sns_topic" "t" {
              name  = module.a["clean"].names[1]
              names = module.b[*].names
              keys  = keys(module.a)
            }
            """,
        },
    )
    addresses = [r.address for r in declared.resources]
    assert addresses == [
        "aws_sns_topic.t",
        'module.a["clean"].aws_s3_bucket.this[0]',
        'module.a["clean"].aws_s3_bucket.this[1]',
        'module.a["raw"].aws_s3_bucket.this[0]',
        "module.b[0].aws_s3_bucket.this[0]",
        "module.b[1].aws_s3_bucket.this[0]",
    ]
    assert resource(declared, "aws_sns_topic.t").attrs == {
        "name": "clean-1",
        "names": [["b0-0"], ["b1-0"]],
        "keys": ["clean", "raw"],
    }


def test_nested_modules_pass_values_through(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            **BUCKET,
            "modules/pair/main.tf": """
            variable "prefix" {}
            module "left" {
              source = "../bucket"
              name   = "${var.prefix}-left"
            }
            output "left" { value = module.left.names[0] }
            """,
            "main.tf": """
            module "pair" {
              for_each = toset(["x"])
              source   = "./modules/pair"
              prefix   = each.key
            }
            resource "aws_sns_topic" "t" { name = module.pair["x"].left }
            """,
        },
    )
    assert 'module.pair["x"].module.left.aws_s3_bucket.this[0]' in [
        r.address for r in declared.resources
    ]
    assert resource(declared, "aws_sns_topic.t").attrs == {"name": "x-left-0"}


def test_installed_registry_module_is_read_from_modules_json(tmp_path: Path) -> None:
    # .terraform/modules/modules.json maps each module key to where terraform init put it
    write(
        tmp_path,
        {
            "main.tf": """
            module "vpc" {
              source  = "terraform-aws-modules/vpc/aws"
              version = "5.0.0"
              name    = "main"
            }
            """,
            ".terraform/modules/vpc/main.tf": """
            variable "name" {}
            resource "aws_vpc" "this" { tags = { Name = var.name } }
            """,
        },
    )
    manifest = {
        "Modules": [
            {"Key": "", "Source": "", "Dir": "."},
            {
                "Key": "vpc",
                "Source": "registry.terraform.io/terraform-aws-modules/vpc/aws",
                "Version": "5.0.0",
                "Dir": ".terraform/modules/vpc",
            },
        ]
    }
    (tmp_path / ".terraform/modules/modules.json").write_text(json.dumps(manifest))
    declared = load_hcl(tmp_path)
    vpc = resource(declared, "module.vpc.aws_vpc.this")
    assert vpc.attrs == {"tags": {"Name": "main"}}
    assert vpc.source.file == ".terraform/modules/vpc/main.tf"
    assert declared.warnings == []


def test_module_not_installed_is_a_warning_naming_the_call(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            "main.tf": """
            module "vpc" {
              source = "git::https://example.com/vpc.git?ref=v1"
            }
            resource "aws_subnet" "s" { vpc_id = module.vpc.vpc_id }
            """
        },
    )
    assert declared.warnings == [
        'main.tf:1: module "vpc" (source "git::https://example.com/vpc.git?ref=v1") is not '
        "installed; run `terraform init` to install it. Its resources are not declared"
    ]
    reason = "module.vpc is not installed (source 'git::https://example.com/vpc.git?ref=v1')"
    assert resource(declared, "aws_subnet.s").attrs == {"vpc_id": Unknown(reason)}


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ('source = "./modules/bucket"', r"main\.tf:1: module \"b\" needs a value for 'name'"),
        (
            'source = "./modules/bucket"\n  name = "x"\n  nope = 1',
            r"^main\.tf:4:10: module \"b\" has no variable 'nope'",
        ),
        ('source = "./missing"', r"main\.tf:1: module \"b\": source './missing' is not a dir"),
    ],
)
def test_bad_module_calls_are_errors(tmp_path: Path, call: str, message: str) -> None:
    files = {**BUCKET, "main.tf": f'module "b" {{\n  {call}\n}}\n'}
    with pytest.raises(DriftctlError, match=message):
        load(tmp_path, files)


def test_unknown_for_each_on_a_module_declares_nothing_with_a_warning(tmp_path: Path) -> None:
    declared = load(
        tmp_path,
        {
            **BUCKET,
            "main.tf": """
            data "aws_vpc" "names" {}
            module "b" {
              for_each = data.aws_vpc.names.tags
              source   = "./modules/bucket"
              name     = each.key
            }
            """,
        },
    )
    assert declared.resources == []
    assert declared.unknown == [
        {
            "address": "module.b",
            "path": "for_each",
            "reason": "data.aws_vpc.names.tags is read from AWS when terraform plans",
        }
    ]


# ---------------------------------------------------------------------------- providers

PROVIDERS = """
provider "aws" {
  region = "eu-west-1"
  default_tags { tags = { Team = "core" } }
}
provider "aws" {
  alias  = "west"
  region = "us-west-2"
  default_tags { tags = { Team = "west" } }
}
"""

CHILD = {
    "modules/c/main.tf": """
    resource "aws_s3_bucket" "b" {}
    module "grandchild" {
      source = "../g"
    }
    """,
    "modules/g/main.tf": 'resource "aws_sqs_queue" "q" {}\n',
}


def test_child_modules_inherit_the_default_provider(tmp_path: Path) -> None:
    # meta-arguments/module-providers: "If you omit it, a child module inherits all of the
    # default provider configurations from its parent module."
    files = {**CHILD, "main.tf": PROVIDERS + 'module "c" {\n  source = "./modules/c"\n}\n'}
    declared = load(tmp_path, files)
    assert {r.address: r.provider for r in declared.resources} == {
        "module.c.aws_s3_bucket.b": "",
        "module.c.module.grandchild.aws_sqs_queue.q": "",
    }
    assert declared.default_tags == {"": {"Team": "core"}, "west": {"Team": "west"}}
    assert declared.regions == {"": "eu-west-1", "west": "us-west-2"}


def test_providers_argument_maps_an_alias_to_the_childs_default(tmp_path: Path) -> None:
    # meta-arguments/module-providers: providers = { aws = aws.usw2 }
    main = (
        PROVIDERS + 'module "c" {\n  source = "./modules/c"\n  providers = { aws = aws.west }\n}\n'
    )
    declared = load(tmp_path, {**CHILD, "main.tf": main})
    assert {r.address: r.provider for r in declared.resources} == {
        "module.c.aws_s3_bucket.b": "west",
        "module.c.module.grandchild.aws_sqs_queue.q": "west",
    }


def test_aliased_providers_are_only_passed_explicitly(tmp_path: Path) -> None:
    files = {
        "modules/c/main.tf": 'resource "aws_s3_bucket" "b" {\n  provider = aws.west\n}\n',
        "main.tf": PROVIDERS + 'module "c" {\n  source = "./modules/c"\n}\n',
    }
    declared = load(tmp_path, files)
    assert resource(declared, "module.c.aws_s3_bucket.b").provider == ""
    assert declared.warnings == [
        "modules/c/main.tf:1: provider aws.west is not configured in module.c "
        "(declare it, or pass it with providers = { ... })"
    ]
    files["main.tf"] = PROVIDERS + (
        'module "c" {\n  source = "./modules/c"\n'
        "  providers = { aws = aws, aws.west = aws.west }\n}\n"
    )
    declared = load(tmp_path, files)
    assert resource(declared, "module.c.aws_s3_bucket.b").provider == "west"
    assert declared.warnings == []


def test_validation_in_a_child_module_names_the_module_variable(tmp_path: Path) -> None:
    files = {
        "modules/v/main.tf": """
        variable "env" {
          validation {
            condition     = var.env == "prod"
            error_message = "Only prod here."
          }
        }
        """,
        "main.tf": 'module "v" {\n  source = "./modules/v"\n  env    = "dev"\n}\n',
    }
    with pytest.raises(DriftctlError) as caught:
        load(tmp_path, files)
    assert caught.value.message == (
        "modules/v/main.tf:3:21: invalid value for module.v.var.env "
        "(value from main.tf:3:12): Only prod here."
    )


def test_a_module_source_with_a_token_is_named_without_it(tmp_path: Path) -> None:
    """A git source's user info is a credential (`https://user:TOKEN@host/...`): the
    warning and the gap name the source without it, and keep the version it asks for."""
    source = "git::https://ci:TOKEN-123@example.com/vpc.git?ref=v1"
    declared = load(tmp_path, {"main.tf": f'module "vpc" {{\n  source = "{source}"\n}}\n'})
    said = [*declared.warnings, *(g.reason for g in declared.gaps)]
    assert said and all("TOKEN-123" not in s for s in said)
    assert all("git::https://example.com/vpc.git?ref=v1" in s for s in said)
