"""Matching: ids, natural keys, Refs in dependency order, ambiguity, roll-ups."""

from __future__ import annotations

import pytest

from driftctl.core.model import Ref, Resource, Unknown
from driftctl.engine.match import match
from driftctl.errors import DriftctlError
from driftctl.resources.registry import TYPES


def live(rtype: str, rid: str, **attrs: object) -> Resource:
    return Resource(rtype, rid, None, dict(attrs))


def declared(rtype: str, address: str, rid: str | None = None, **attrs: object) -> Resource:
    return Resource(rtype, rid, address, dict(attrs))


VPC = live("aws_vpc", "vpc-1", cidr_block="10.0.0.0/16", tags={"Name": "main"})
OTHER_VPC = live("aws_vpc", "vpc-2", cidr_block="10.0.0.0/16", tags={"Name": "other"})
SG = live("aws_security_group", "sg-1", vpc_id="vpc-1", name="web")
SG_OTHER_VPC = live("aws_security_group", "sg-2", vpc_id="vpc-2", name="web")


def test_dependents_match_once_their_refs_resolve() -> None:
    d_vpc = declared("aws_vpc", "aws_vpc.main", cidr_block="10.0.0.0/16", tags={"Name": "main"})
    d_sg = declared(
        "aws_security_group",
        "aws_security_group.web",
        vpc_id=Ref("aws_vpc.main", ("id",)),
        name="web",
    )
    result = match(TYPES, [d_sg, d_vpc], [VPC, OTHER_VPC, SG, SG_OTHER_VPC])
    assert {(d.address, lv.id) for d, lv in result.pairs} == {
        ("aws_vpc.main", "vpc-1"),
        ("aws_security_group.web", "sg-1"),
    }
    resolved = dict((d.address, d) for d, _ in result.pairs)["aws_security_group.web"]
    assert resolved.attrs["vpc_id"] == "vpc-1"
    assert [r.id for r in result.unmanaged] == ["vpc-2", "sg-2"]


def test_a_missing_parent_makes_its_dependents_missing_not_unknown_matches() -> None:
    d_vpc = declared("aws_vpc", "aws_vpc.gone", cidr_block="10.9.0.0/16", tags={"Name": "gone"})
    d_sg = declared(
        "aws_security_group",
        "aws_security_group.web",
        vpc_id=Ref("aws_vpc.gone", ("id",)),
        name="web",
    )
    result = match(TYPES, [d_vpc, d_sg], [VPC, SG])
    assert sorted(d.address or "" for d in result.missing) == [
        "aws_security_group.web",
        "aws_vpc.gone",
    ]
    assert result.pairs == []


def test_explicit_ids_win_over_natural_keys() -> None:
    d = declared(
        "aws_vpc", "aws_vpc.main", rid="vpc-2", cidr_block="10.0.0.0/16", tags={"Name": "main"}
    )
    result = match(TYPES, [d], [VPC, OTHER_VPC])
    assert [lv.id for _, lv in result.pairs] == ["vpc-2"]


def test_ambiguous_natural_key_is_an_error_naming_both() -> None:
    twin = live("aws_vpc", "vpc-3", cidr_block="10.0.0.0/16", tags={"Name": "main"})
    d = declared("aws_vpc", "aws_vpc.main", cidr_block="10.0.0.0/16", tags={"Name": "main"})
    with pytest.raises(DriftctlError, match="vpc-1 and vpc-3"):
        match(TYPES, [d], [VPC, twin])


def test_two_declarations_of_one_live_resource_is_an_error() -> None:
    a = declared("aws_s3_bucket", "aws_s3_bucket.a", rid="b", bucket="b")
    b = declared("aws_s3_bucket", "aws_s3_bucket.b", rid="b", bucket="b")
    with pytest.raises(DriftctlError, match="declared twice"):
        match(TYPES, [a, b], [live("aws_s3_bucket", "b", bucket="b")])


def test_children_of_unmanaged_parents_and_settings_of_missing_ones_roll_up() -> None:
    lives = [
        live("aws_s3_bucket", "stray", bucket="stray"),
        live("aws_s3_bucket_policy", "stray", bucket="stray", policy={"Statement": []}),
    ]
    gone = declared("aws_s3_bucket", "aws_s3_bucket.gone", rid="gone", bucket="gone")
    gone_v = declared(
        "aws_s3_bucket_versioning",
        "aws_s3_bucket_versioning.gone",
        bucket=Ref("aws_s3_bucket.gone", ("id",)),
        versioning_configuration={"status": "Enabled"},
    )
    # the versioning split out of the bucket's own declaration (its address is the bucket's)
    inline_v = declared(
        "aws_s3_bucket_versioning",
        "aws_s3_bucket.gone",
        bucket=Ref("aws_s3_bucket.gone", ("id",)),
        versioning_configuration={"status": "Enabled"},
    )
    result = match(TYPES, [gone, gone_v, inline_v], lives)
    assert [r.type for r in result.unmanaged] == ["aws_s3_bucket"]
    # a child declared on its own is missing too, as Terraform's refresh says (#28)
    assert sorted((d.type, d.address) for d in result.missing) == [
        ("aws_s3_bucket", "aws_s3_bucket.gone"),
        ("aws_s3_bucket_versioning", "aws_s3_bucket_versioning.gone"),
    ]


def test_a_stack_key_miss_falls_back_to_the_name() -> None:
    # a group imported into a CloudFormation stack carries no aws:cloudformation:* tags:
    # declared with --stack-name it has the stack key, and its name still finds it
    d_sg = declared(
        "aws_security_group",
        "WebSG",
        cfn_stack="app",
        cfn_logical_id="WebSG",
        vpc_id="vpc-1",
        name="web",
    )
    result = match(TYPES, [d_sg], [SG])
    assert [(d.address, lv.id) for d, lv in result.pairs] == [("WebSG", "sg-1")]
    assert result.missing == []


def test_a_name_known_only_after_apply_is_never_missing() -> None:
    # bucket = "logs-${timestamp()}": Unknown is never drift, so not a missing bucket either;
    # its versioning (keyed by a Ref to the bucket) cannot be identified for the same reason
    d_bucket = declared("aws_s3_bucket", "aws_s3_bucket.logs", bucket=Unknown("timestamp()"))
    d_versioning = declared(
        "aws_s3_bucket_versioning",
        "aws_s3_bucket_versioning.logs",
        bucket=Ref("aws_s3_bucket.logs", ("id",)),
    )
    result = match(TYPES, [d_bucket, d_versioning], [])
    assert result.missing == []
    assert sorted(d.address or "" for d in result.unidentified) == [
        "aws_s3_bucket.logs",
        "aws_s3_bucket_versioning.logs",
    ]


GENERATED = "20240501120000123400000001"


@pytest.mark.parametrize(
    ("suffix", "generated"),
    [
        (GENERATED, True),  # terraform-plugin-sdk: UTC time to 1/10000 s + 8 hex digits
        ("2024050112000012340000000a", True),
        ("mfzwizltoq2dqnzyhe3tsmjqgq", True),  # before 2016: base32 of a UUID, lowercase
        ("2024050112000012340000000A", False),
        (GENERATED[:-1], False),
        (GENERATED + "0", False),
        ("-" + GENERATED[1:], False),
        ("archive", False),
    ],
)
def test_only_a_suffix_terraform_generates_makes_a_name_prefix_match(
    suffix: str, generated: bool
) -> None:
    d = declared("aws_iam_role", "aws_iam_role.app", name_prefix="app-")
    result = match(TYPES, [d], [live("aws_iam_role", f"app-{suffix}", name=f"app-{suffix}")])
    assert [lv.id for _, lv in result.pairs] == ([f"app-{suffix}"] if generated else [])
    assert [m.address for m in result.missing] == ([] if generated else ["aws_iam_role.app"])


def test_a_live_name_taken_by_one_declaration_is_no_candidate_for_another() -> None:
    # count = 2 with one name_prefix, one of the two deleted out of band: one is missing,
    # not "declared twice"
    a = declared("aws_iam_role", "aws_iam_role.app[0]", name_prefix="app-")
    b = declared("aws_iam_role", "aws_iam_role.app[1]", name_prefix="app-")
    role = live("aws_iam_role", f"app-{GENERATED}", name=f"app-{GENERATED}")
    result = match(TYPES, [a, b], [role])
    assert [(d.address, lv.id) for d, lv in result.pairs] == [
        ("aws_iam_role.app[0]", f"app-{GENERATED}")
    ]
    assert [m.address for m in result.missing] == ["aws_iam_role.app[1]"]


def test_a_prefix_known_only_after_its_ref_resolves_waits_for_it() -> None:
    d_vpc = declared("aws_vpc", "aws_vpc.main", cidr_block="10.0.0.0/16", tags={"Name": "main"})
    d_sg = declared(
        "aws_security_group",
        "aws_security_group.web",
        vpc_id=Ref("aws_vpc.main", ("id",)),
        name_prefix=Ref("aws_vpc.main", ("tags", "Name"), suffix="-web-"),
    )
    group = live("aws_security_group", "sg-9", vpc_id="vpc-1", name=f"main-web-{GENERATED}")
    result = match(TYPES, [d_sg, d_vpc], [VPC, group, SG])
    assert ("aws_security_group.web", "sg-9") in {(d.address, lv.id) for d, lv in result.pairs}
    assert [r.id for r in result.unmanaged] == ["sg-1"]


def test_a_literal_name_wins_over_a_prefix_whatever_the_order() -> None:
    named = f"web-{GENERATED}"
    generated = "web-20240501120000123400000002"
    literal = declared("aws_security_group", "aws_security_group.b", vpc_id="vpc-1", name=named)
    prefixed = declared(
        "aws_security_group", "aws_security_group.a", vpc_id="vpc-1", name_prefix="web-"
    )
    lives = [
        live("aws_security_group", "sg-1", vpc_id="vpc-1", name=named),
        live("aws_security_group", "sg-2", vpc_id="vpc-1", name=generated),
    ]
    result = match(TYPES, [prefixed, literal], lives)
    assert sorted((d.address, lv.id) for d, lv in result.pairs) == [
        ("aws_security_group.a", "sg-2"),
        ("aws_security_group.b", "sg-1"),
    ]


def test_a_resource_in_a_counted_module_owns_its_address() -> None:
    """`module.net[0].aws_vpc.main` names an aws_vpc: the index of a module called with
    count (or a for_each key holding dots) is not part of the type."""
    from driftctl.engine.match import owns_address

    for address in ("module.net[0].aws_vpc.main", 'module.m["a.b"].aws_vpc.main[2]'):
        assert owns_address(Resource("aws_vpc", None, address, {}))
    assert not owns_address(Resource("aws_vpc", None, "module.net[0].aws_subnet.a", {}))
