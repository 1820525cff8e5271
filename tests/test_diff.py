"""The one-sided diff: only declared attributes count; sets and unknowns behave."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from driftctl.core.compare import scalar_equal
from driftctl.core.model import Ref, Unknown
from driftctl.engine.diff import diff_attrs, path_sort_key
from driftctl.resources.ec2.security_group_rule import normalize_rules as norm_security_group
from driftctl.resources.registry import TYPES

SG = TYPES["aws_security_group"]
BUCKET = TYPES["aws_s3_bucket"]

rules = st.lists(
    st.fixed_dictionaries(
        {
            "protocol": st.sampled_from(["tcp", "udp"]),
            "from_port": st.integers(0, 65535),
            "to_port": st.integers(0, 65535),
            "cidr_blocks": st.lists(
                st.sampled_from(["10.0.0.0/8", "0.0.0.0/0", "192.168.0.0/16"]),
                min_size=1,
                max_size=1,
            ),
        }
    ),
    max_size=6,
    unique_by=lambda r: (r["protocol"], r["from_port"], r["to_port"], r["cidr_blocks"][0]),
)


@given(rules, st.randoms())
def test_reordered_rule_lists_are_not_drift(ingress, rnd) -> None:  # type: ignore[no-untyped-def]
    shuffled = list(ingress)
    rnd.shuffle(shuffled)
    declared = norm_security_group({"name": "web", "ingress": ingress})
    live = norm_security_group({"name": "web", "ingress": shuffled, "egress": []})
    assert diff_attrs(SG, declared, live) == []


def test_an_added_rule_is_one_change_with_the_rule_as_actual() -> None:
    https = {"protocol": "tcp", "from_port": 443, "to_port": 443, "cidr_blocks": ["0.0.0.0/0"]}
    ssh = {"protocol": "tcp", "from_port": 22, "to_port": 22, "cidr_blocks": ["0.0.0.0/0"]}
    changes = diff_attrs(
        SG,
        norm_security_group({"ingress": [https]}),
        norm_security_group({"ingress": [https, ssh]}),
    )
    assert [(c.path, c.expected, c.actual) for c in changes] == [("ingress[0]", None, ssh)]


def test_only_declared_attributes_are_compared_but_tag_maps_are_whole() -> None:
    declared = {"bucket": "b", "tags": {"Env": "prod"}}
    live = {"bucket": "b", "arn": "arn:aws:s3:::b", "tags": {"Env": "prod", "Owner": "bob"}}
    changes = diff_attrs(BUCKET, declared, live)
    assert [(c.path, c.expected, c.actual) for c in changes] == [("tags.Owner", None, "bob")]
    assert diff_attrs(BUCKET, {"bucket": "b"}, live) == []


def test_unknown_and_unresolved_values_are_never_drift() -> None:
    declared = {
        "bucket": Unknown("bucket_prefix"),
        "tags": {"Env": Ref("aws_vpc.main", ("tags", "Env"))},
    }
    assert diff_attrs(BUCKET, declared, {"bucket": "x", "tags": {"Env": "y"}}) == []


def test_an_empty_block_list_or_map_and_none_are_all_nothing() -> None:
    """A Terraform state writes an unset block as [] and unset tags as {}; AWS answers
    nothing for either. A value on one side only is still drift."""
    zone = TYPES["aws_route53_zone"]
    live = {"name": "example.com", "vpc": None, "tags": None}
    assert diff_attrs(zone, {"name": "example.com", "vpc": [], "tags": {}}, live) == []
    assert diff_attrs(zone, {"vpc": None}, {"vpc": []}) == []
    tagged = diff_attrs(zone, {"tags": {}}, {"tags": {"A": "1"}})
    assert [(c.path, c.expected, c.actual) for c in tagged] == [("tags.A", None, "1")]
    private = diff_attrs(zone, {"vpc": [{"vpc_id": "vpc-1"}]}, live)
    assert [(c.path, c.actual) for c in private] == [("vpc", None)]
    public = diff_attrs(zone, {"vpc": []}, {"vpc": [{"vpc_id": "vpc-1"}]})
    assert [c.path for c in public] != []


def test_terraform_primitive_conversions_are_not_drift() -> None:
    assert scalar_equal("3600", 3600)
    assert scalar_equal("true", True)
    assert not scalar_equal("false", True)
    assert not scalar_equal("a", "b")


def test_paths_sort_numerically() -> None:
    assert sorted(["ingress[10]", "ingress[2]", "egress[1]"], key=path_sort_key) == [
        "egress[1]",
        "ingress[2]",
        "ingress[10]",
    ]
