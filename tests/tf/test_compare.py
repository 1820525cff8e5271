"""How the two tools' drift is put side by side (tests/tf/compare.py): no terraform needed."""

from __future__ import annotations

from pathlib import Path

from tests.tf.compare import (
    MISSING,
    Drift,
    changed_paths,
    configured,
    disagreements,
    key,
    resource_type,
    restorable_attributes,
    split_configured,
)


def test_the_tools_are_compared_on_the_top_attribute_and_the_tag_key() -> None:
    assert key("rule[0].apply_server_side_encryption_by_default[0].sse_algorithm") == "rule"
    assert key("policy.Statement[0].Action") == "policy"
    assert key("tags_all.Owner") == key("tags.Owner") == "tags.Owner"
    assert key("ingress[3]") == "ingress"
    assert key(MISSING) == MISSING


def test_different_shapes_of_the_same_attribute_agree() -> None:
    tf = [Drift("aws_x.a", ("rule[0].by_default[0].sse_algorithm", "tags_all.Env", "tags.Env"))]
    dc = [Drift("aws_x.a", ("rule.sse_algorithm", "tags.Env"))]
    assert disagreements(tf, dc) == []


def test_another_attribute_another_tag_or_a_silent_tool_disagree() -> None:
    tf = [Drift("aws_x.a", ("tags.Env",)), Drift("aws_x.b", ("name",))]
    dc = [Drift("aws_x.a", ("tags.Owner",)), Drift("aws_x.c", ("name",))]
    found = {d.address: (d.terraform, d.driftctl) for d in disagreements(tf, dc)}
    assert found == {
        "aws_x.a": (("tags.Env",), ("tags.Owner",)),
        "aws_x.b": (("name",), ()),
        "aws_x.c": ((), ("name",)),
    }


def test_changed_paths_name_set_elements_only_one_side_holds() -> None:
    before = {"ingress": [{"port": 443}], "tags": {"a": "1"}}
    after = {"ingress": [{"port": 443}, {"port": 22}], "tags": {"a": "2"}}
    assert changed_paths(before, after) == ["ingress[1]", "tags.a"]
    assert changed_paths(before, None) == [MISSING]


def test_an_unset_attribute_with_a_fixed_default_counts_and_a_computed_one_does_not(
    tmp_path: Path,
) -> None:
    (tmp_path / "main.tf").write_text(
        'resource "aws_subnet" "a" {\n  vpc_id = "v"\n  count = 1\n}\n'
    )
    schema = {
        "provider_schemas": {
            "registry.terraform.io/hashicorp/aws": {
                "resource_schemas": {
                    "aws_subnet": {
                        "block": {
                            "attributes": {
                                "id": {"type": "string", "computed": True},
                                "arn": {"type": "string", "computed": True},
                                "map_public_ip_on_launch": {"type": "bool", "optional": True},
                                "ipv6_cidr_block": {
                                    "type": "string",
                                    "optional": True,
                                    "computed": True,
                                },
                                "vpc_id": {"type": "string", "required": True},
                            }
                        }
                    }
                }
            }
        }
    }
    restorable = restorable_attributes(schema)
    assert restorable == {"aws_subnet": frozenset({"map_public_ip_on_launch", "vpc_id"})}
    drift = [Drift("aws_subnet.a[0]", ("arn", "ipv6_cidr_block", "map_public_ip_on_launch"))]
    kept, rest = split_configured(drift, configured(tmp_path))
    assert kept == [] and rest == drift
    kept, rest = split_configured(drift, configured(tmp_path, restorable))
    assert kept == [Drift("aws_subnet.a[0]", ("map_public_ip_on_launch",))]
    assert rest == [Drift("aws_subnet.a[0]", ("arn", "ipv6_cidr_block"))]


def test_resource_type_of_an_address() -> None:
    assert resource_type('module.m.aws_sqs_queue.q["x"]') == "aws_sqs_queue"
    assert resource_type("aws_vpc.main") == "aws_vpc"
