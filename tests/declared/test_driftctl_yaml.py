"""driftctl's own declared-state format: the schema, references, identity, errors."""

from __future__ import annotations

import json
import textwrap
from importlib import resources

import jsonschema
import pytest

from driftctl.aws.canonical import canonicalize
from driftctl.core.model import Ref, Unknown
from driftctl.declared.driftctl_yaml import load_driftctl_yaml
from driftctl.errors import DriftctlError


def load(text: str):  # type: ignore[no-untyped-def]
    return load_driftctl_yaml("state.yaml", textwrap.dedent(text).lstrip("\n"))


def test_the_shipped_schema_is_a_valid_json_schema() -> None:
    text = resources.files("driftctl").joinpath("schemas/declared.schema.json").read_text()
    jsonschema.Draft202012Validator.check_schema(json.loads(text))


def test_refs_unknowns_ids_and_options() -> None:
    raw = load(
        """
        driftctl: 1
        resources:
          - type: aws_vpc
            name: main
            id: vpc-0123
            region: eu-west-1
            observe_only: true
            attrs: {cidr_block: 10.0.0.0/16}
          - type: aws_subnet
            attrs:
              vpc_id: {$ref: main}
              cidr_block: {$unknown: allocated by IPAM}
              tags: {Name: a, Owner: {$ref: main.tags.Owner}}
        """
    )
    vpc, subnet = raw.resources
    assert (vpc.address, vpc.import_id, vpc.region, vpc.observe_only) == (
        "main",
        "vpc-0123",
        "eu-west-1",
        True,
    )
    assert subnet.address == "resources[1]"
    assert subnet.attrs["vpc_id"] == Ref("main", ("id",))
    assert subnet.attrs["tags"]["Owner"] == Ref("main", ("tags", "Owner"))
    assert subnet.attrs["cidr_block"] == Unknown("allocated by IPAM")
    declared_vpc = next(r for r in canonicalize(raw).resources if r.type == "aws_vpc")
    assert (declared_vpc.id, declared_vpc.observe_only) == ("vpc-0123", True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("driftctl: 2\nresources: []\n", r"state\.yaml:1: driftctl: 1 was expected"),
        (
            "driftctl: 1\nresources:\n  - type: aws_vpc\n    attr: {}\n",
            r"state\.yaml:3: resources\[0\]: Additional properties are not allowed \('attr'",
        ),
        (
            "driftctl: 1\nresources:\n  - type: aws_vpc\n    attrs:\n      x: {$ref: 1}\n",
            r"state\.yaml:5: resources\[0\]\.attrs\.x: ",
        ),
        (
            "driftctl: 1\nresources:\n  - type: S3Bucket\n",
            r"state\.yaml:3: resources\[0\]\.type: 'S3Bucket' does not match",
        ),
        (
            "driftctl: 1\nresources:\n  - type: aws_subnet\n    attrs: {vpc_id: {$ref: nope}}\n",
            r"state\.yaml:4: resources\[0\]\.attrs\.vpc_id: \$ref to nope",
        ),
        (
            "driftctl: 1\nresources:\n  - type: aws_security_group\n    attrs: {name: web}\n",
            r"state\.yaml:3: resources\[0\]: give an id, or the attributes vpc_id, name",
        ),
        (
            "driftctl: 1\nresources:\n  - {type: aws_iam_user, name: a, attrs: {name: x}}\n"
            "  - {type: aws_iam_user, name: a, attrs: {name: y}}\n",
            r"state\.yaml:4: a twice",
        ),
        ("driftctl: 1\nresources: [\n", r"state\.yaml:2: invalid YAML"),
    ],
)
def test_errors_name_the_file_and_line(text: str, message: str) -> None:
    with pytest.raises(DriftctlError, match=message):
        load(text)


def test_unsupported_types_are_counted() -> None:
    raw = load(
        """
        driftctl: 1
        resources:
          - {type: aws_glue_trigger, id: etl}
          - {type: aws_iam_user, attrs: {name: ci}}
        """
    )
    assert raw.unsupported == {"aws_glue_trigger": 1}
    assert [r.type for r in raw.resources] == ["aws_iam_user"]
    assert raw.warnings == ["1 aws_glue_trigger not compared (a type driftctl does not read yet)"]
