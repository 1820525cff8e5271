"""Terraform state (format 4) as declared state, and its merge with HCL."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from driftctl import settings
from driftctl.aws.canonical import canonicalize
from driftctl.base.raw import RawDeclared, RawResource
from driftctl.core.model import SourceRef
from driftctl.declared.merge import merge_state
from driftctl.declared.tfstate import from_state, load_state_text
from driftctl.engine import pipeline
from driftctl.errors import DriftctlError
from tests.declared.tfstate_fixture import stack_state

STACK = Path(__file__).parents[1] / "fixtures" / "stack"
IDS = {
    "vpc": "vpc-1",
    "web": "sg-web",
    "db": "sg-db",
    "subnet-a": "subnet-a1",
    "subnet-b": "subnet-b1",
}
ARN = "arn:aws:iam::123456789012:policy/audit/demo-audit"


def instance(key: Any, attrs: dict[str, Any]) -> dict[str, Any]:
    return {"index_key": key, "attributes": attrs} if key is not None else {"attributes": attrs}


def state(*resources: dict[str, Any]) -> dict[str, Any]:
    return {"version": 4, "terraform_version": "1.9.0", "resources": list(resources)}


def test_modules_count_and_for_each_instances_have_terraforms_addresses() -> None:
    raw = from_state(
        "s",
        state(
            {
                "module": 'module.net["eu"].module.sub',
                "mode": "managed",
                "type": "aws_subnet",
                "name": "private",
                "instances": [
                    instance(0, {"id": "subnet-0", "vpc_id": "vpc-1", "cidr_block": "10.0.0.0/24"}),
                    instance(1, {"id": "subnet-1", "vpc_id": "vpc-1", "cidr_block": "10.0.1.0/24"}),
                ],
            },
            {
                "mode": "managed",
                "type": "aws_iam_user",
                "name": "u",
                "instances": [instance("ci", {"id": "ci", "name": "ci", "path": "/"})],
            },
            {
                "mode": "data",
                "type": "aws_iam_policy_document",
                "name": "d",
                "instances": [instance(None, {"json": "{}"})],
            },
            {
                "mode": "managed",
                "type": "aws_glue_trigger",
                "name": "etl",
                "instances": [instance(None, {"id": "etl"})],
            },
        ),
    )
    assert [(r.address, r.import_id) for r in raw.resources] == [
        ('module.net["eu"].module.sub.aws_subnet.private[0]', "subnet-0"),
        ('module.net["eu"].module.sub.aws_subnet.private[1]', "subnet-1"),
        ('aws_iam_user.u["ci"]', "ci"),
    ]
    assert raw.unsupported == {"aws_glue_trigger": 1}


def test_computed_attributes_that_repeat_separate_resources_are_dropped() -> None:
    raw = from_state("terraform.tfstate", stack_state(IDS, ARN))
    declared = canonicalize(raw)
    keys = [(r.type, r.id) for r in declared.resources]
    assert len(keys) == len(set(keys)), "something is declared twice"
    role = next(r for r in raw.resources if r.type == "aws_iam_role")
    assert role.attrs["inline_policy"] == [] and role.attrs["managed_policy_arns"] == []
    raw_bucket = next(r for r in raw.resources if r.address == 'aws_s3_bucket.data["raw"]')
    assert "versioning" not in raw_bucket.attrs
    # what no separate resource declares stays: the logs bucket's (computed) versioning
    logs = next(r for r in raw.resources if r.address == "aws_s3_bucket.logs")
    assert logs.attrs["versioning"] == [{"enabled": False, "mfa_delete": False}]


def test_state_values_are_the_declared_values() -> None:
    declared = canonicalize(from_state("terraform.tfstate", stack_state(IDS, ARN)))
    by = {(r.type, r.address): r for r in declared.resources}
    vpc = by[("aws_vpc", "aws_vpc.main")]
    assert vpc.id == "vpc-1"
    assert vpc.attrs["tags"] == {"Project": "driftctl-demo", "Env": "demo", "Name": "demo-vpc"}
    user = by[("aws_iam_user", "aws_iam_user.ci")]
    assert "permissions_boundary" not in user.attrs  # "" is Terraform's "not set"
    db = by[("aws_security_group", "aws_security_group.db")]
    assert db.attrs["ingress"] == [
        {
            "protocol": "tcp",
            "from_port": 5432,
            "to_port": 5432,
            "security_groups": ["sg-web"],
            "description": "Postgres from the web tier",
        }
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"version": 3, "modules": []}', "state format version 3 is not supported"),
        ("not json", r"s:1: not a Terraform state file"),
        ('{"encrypted_data": "x"}', "an encrypted OpenTofu state"),
    ],
)
def test_bad_state_files(text: str, message: str) -> None:
    with pytest.raises(DriftctlError, match=message):
        load_state_text("s", text)


def test_merge_takes_ids_by_address_and_keeps_hcls_values() -> None:
    src = SourceRef("main.tf", 1)
    hcl = RawDeclared(
        [
            RawResource("aws_vpc", "aws_vpc.main", {"cidr_block": "10.0.0.0/16"}, src),
            RawResource("aws_vpc", "aws_vpc.other", {"cidr_block": "10.1.0.0/16"}, src),
            RawResource("aws_vpc", "aws_vpc.imported", {}, src, import_id="vpc-own"),
        ]
    )
    tf = RawDeclared(
        [
            RawResource(
                "aws_vpc", "aws_vpc.main", {"cidr_block": "10.9.0.0/16"}, src, import_id="vpc-1"
            ),
            RawResource("aws_vpc", "aws_vpc.imported", {}, src, import_id="vpc-state"),
            RawResource("aws_vpc", "aws_vpc.gone", {}, src, import_id="vpc-9"),
        ]
    )
    merged = merge_state(hcl, tf)
    assert [(r.address, r.import_id, r.attrs.get("cidr_block")) for r in merged.resources] == [
        ("aws_vpc.main", "vpc-1", "10.0.0.0/16"),
        ("aws_vpc.other", None, "10.1.0.0/16"),
        ("aws_vpc.imported", "vpc-own", None),
    ]


def test_the_pipeline_merges_state_into_the_hcl_of_its_directory(tmp_path: Path) -> None:
    work = tmp_path / "stack"
    shutil.copytree(STACK / "hcl", work)
    (work / "terraform.tfstate").write_text(json.dumps(stack_state(IDS, ARN)))
    conf = settings.build(
        settings.Options(sources=[f"hcl://{work}", f"tfstate://{work}"], no_cache=True)
    )
    declared = pipeline.load_declared(conf)
    assert len(declared.resources) == 19  # the configuration's, not declared twice
    vpc = next(r for r in declared.resources if r.type == "aws_vpc")
    assert (vpc.address, vpc.id) == ("aws_vpc.main", "vpc-1")
    sg = next(r for r in declared.resources if r.address == "aws_security_group.web")
    assert sg.id == "sg-web"
    assert sg.source is not None and sg.source.file == "main.tf"


GOOD_RESOURCE = {
    "mode": "managed",
    "type": "aws_s3_bucket",
    "name": "b",
    "instances": [{"attributes": {"id": "b", "bucket": "b"}}],
}


@pytest.mark.parametrize(
    ("doc", "path", "found"),
    [
        ({"version": 4}, "$.resources is missing", ""),
        ({"version": 4, "resources": {"a": GOOD_RESOURCE}}, "$.resources", "an object"),
        ({"version": 4, "resources": None}, "$.resources", "null"),
        ({"version": 4, "resources": ["x"]}, "$.resources[0]", "a string"),
        (
            {"version": 4, "resources": [{**GOOD_RESOURCE, "instances": None}]},
            "$.resources[0].instances",
            "null",
        ),
        (
            {"version": 4, "resources": [{**GOOD_RESOURCE, "instances": [{"attributes": None}]}]},
            "$.resources[0].instances[0].attributes",
            "null",
        ),
        (
            {
                "version": 4,
                "resources": [GOOD_RESOURCE, {**GOOD_RESOURCE, "instances": [{"attributes": []}]}],
            },
            "$.resources[1].instances[0].attributes",
            "a list",
        ),
        (
            {"version": 4, "resources": [{**GOOD_RESOURCE, "instances": [7]}]},
            "$.resources[0].instances[0]",
            "a number",
        ),
        (
            {"version": 4, "resources": [{**GOOD_RESOURCE, "type": None}]},
            "$.resources[0].type",
            "null",
        ),
        (
            {"version": 4, "resources": [{**GOOD_RESOURCE, "mode": "manged"}]},
            "$.resources[0].mode",
            "",
        ),
        (
            {"version": 4, "resources": [{**GOOD_RESOURCE, "module": ["m"]}]},
            "$.resources[0].module",
            "a list",
        ),
        (
            {
                "version": 4,
                "resources": [
                    {**GOOD_RESOURCE, "instances": [{"attributes": {}, "index_key": True}]}
                ],
            },
            "$.resources[0].instances[0].index_key",
            "a boolean",
        ),
    ],
)
def test_a_malformed_state_is_an_error_naming_the_json_path(
    doc: dict[str, Any], path: str, found: str
) -> None:
    """A state misread as 0 resources would make every live resource unmanaged (and a
    revert rule would delete them): every deviation from format 4's shape is an error."""
    with pytest.raises(DriftctlError) as caught:
        load_state_text("terraform.tfstate", json.dumps(doc), "infra/terraform.tfstate")
    message = caught.value.message
    assert message.startswith("infra/terraform.tfstate: not a valid Terraform state: "), message
    assert path in message and found in message


def test_a_malformed_state_stops_the_pipeline_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from driftctl import cli

    bad = tmp_path / "terraform.tfstate"
    bad.write_text(json.dumps({"version": 4, "resources": {"aws_s3_bucket.b": GOOD_RESOURCE}}))
    code = cli.main(["render", "--from", f"tfstate://{bad}"])
    err = capsys.readouterr().err
    assert code == 2
    assert f"{bad}: not a valid Terraform state: $.resources must be a list, not an object" in err
    assert "Traceback" not in err
