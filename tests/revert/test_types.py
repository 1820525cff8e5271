"""What each type's revert does, call by call (driftctl/revert/{s3,ec2,iam}.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from driftctl.base.calls import Ctx, Pending
from driftctl.core.model import Resource, Unknown
from driftctl.resources.registry import TYPES
from driftctl.revert import spec as revert
from driftctl.revert.actions import REVERTS
from tests.revert.samples import ALL_OUT, FROM_WEB, HTTPS, POLICY, SSH, TRUST


def update(
    rtype: str, before: dict[str, Any], after: dict[str, Any], **facts: Any
) -> revert.Outcome:
    ctx = Ctx("id-1", "us-east-1", f"{rtype}.x", facts=facts)
    return revert.update(REVERTS[rtype], TYPES[rtype].compared, ctx, before, after)


def calls(out: revert.Outcome) -> list[tuple[str, dict[str, Any]]]:
    return [(c.name, dict(c.params)) for c in out.calls]


def group(ingress: list[Any], egress: list[Any] | None = None) -> dict[str, Any]:
    return {"ingress": ingress, **({"egress": egress} if egress is not None else {})}


def test_an_added_rule_is_revoked_exactly_and_a_removed_one_authorized() -> None:
    out = update("aws_security_group", group([HTTPS, SSH]), group([HTTPS, FROM_WEB]))
    assert calls(out) == [
        (
            "ec2.revoke_security_group_ingress",
            {
                "GroupId": "id-1",
                "IpPermissions": [
                    {
                        "IpProtocol": "tcp",
                        "FromPort": 22,
                        "ToPort": 22,
                        "IpRanges": [{"CidrIp": "0.0.0.0/0"}],
                    }
                ],
            },
        ),
        (
            "ec2.authorize_security_group_ingress",
            {
                "GroupId": "id-1",
                "IpPermissions": [
                    {
                        "IpProtocol": "tcp",
                        "FromPort": 5432,
                        "ToPort": 5432,
                        "UserIdGroupPairs": [{"GroupId": "sg-0web"}],
                    }
                ],
            },
        ),
    ]


def test_a_changed_rule_description_is_put_back_in_place() -> None:
    out = update("aws_security_group", group([{**HTTPS, "description": "temp"}]), group([HTTPS]))
    assert [name for name, _ in calls(out)] == [
        "ec2.update_security_group_rule_descriptions_ingress"
    ]
    assert calls(out)[0][1]["IpPermissions"][0]["IpRanges"] == [
        {"CidrIp": "0.0.0.0/0", "Description": "HTTPS"}
    ]


def test_egress_and_self_rules_use_their_own_calls_and_group() -> None:
    self_rule = {"protocol": "-1", "from_port": 0, "to_port": 0, "self": True}
    out = update("aws_security_group", group([], [ALL_OUT]), group([], [self_rule]))
    assert [name for name, _ in calls(out)] == [
        "ec2.revoke_security_group_egress",
        "ec2.authorize_security_group_egress",
    ]
    assert calls(out)[1][1]["IpPermissions"] == [
        {"IpProtocol": "-1", "UserIdGroupPairs": [{"GroupId": "id-1"}]}
    ]


def test_ec2_tags_set_what_differs_and_delete_what_is_extra() -> None:
    out = update(
        "aws_vpc", {"tags": {"A": "1", "B": "2", "C": "3"}}, {"tags": {"A": "1", "B": "9"}}
    )
    assert calls(out) == [
        ("ec2.create_tags", {"Resources": ["id-1"], "Tags": [{"Key": "B", "Value": "9"}]}),
        ("ec2.delete_tags", {"Resources": ["id-1"], "Tags": [{"Key": "C"}]}),
    ]


@pytest.mark.parametrize(
    ("noun", "key"), [("role", "RoleName"), ("policy", "PolicyArn"), ("user", "UserName")]
)
def test_iam_tags_use_tag_and_untag_per_kind(noun: str, key: str) -> None:
    out = update(f"aws_iam_{noun}", {"tags": {"A": "1", "B": "2"}}, {"tags": {"A": "2"}})
    assert calls(out) == [
        (f"iam.tag_{noun}", {key: "id-1", "Tags": [{"Key": "A", "Value": "2"}]}),
        (f"iam.untag_{noun}", {key: "id-1", "TagKeys": ["B"]}),
    ]


def test_s3_tags_are_written_whole_or_deleted() -> None:
    out = update("aws_s3_bucket", {"tags": {"A": "1", "B": "2"}}, {"tags": {"B": "2", "A": "0"}})
    assert calls(out) == [
        (
            "s3.put_bucket_tagging",
            {
                "Bucket": "id-1",
                "Tagging": {"TagSet": [{"Key": "A", "Value": "0"}, {"Key": "B", "Value": "2"}]},
            },
        )
    ]
    assert calls(update("aws_s3_bucket", {"tags": {"A": "1"}}, {"tags": {}})) == [
        ("s3.delete_bucket_tagging", {"Bucket": "id-1"})
    ]


@pytest.mark.parametrize(
    ("status", "sent"),
    [("Enabled", "Enabled"), ("Suspended", "Suspended"), ("Disabled", "Suspended")],
)
def test_versioning_is_put_back(status: str, sent: str) -> None:
    before = {"versioning_configuration": {"status": "Other", "mfa_delete": "Disabled"}}
    after = {"versioning_configuration": {"status": status, "mfa_delete": "Disabled"}}
    assert calls(update("aws_s3_bucket_versioning", before, after)) == [
        (
            "s3.put_bucket_versioning",
            {"Bucket": "id-1", "VersioningConfiguration": {"Status": sent}},
        )
    ]


def test_mfa_delete_cannot_be_reverted_and_says_why() -> None:
    before = {"versioning_configuration": {"status": "Enabled", "mfa_delete": "Enabled"}}
    after = {"versioning_configuration": {"status": "Enabled", "mfa_delete": "Disabled"}}
    out = update("aws_s3_bucket_versioning", before, after)
    assert out.calls == [] and "MFA device" in out.refusals[0]


def test_removed_encryption_is_put_back_and_unwanted_encryption_removed() -> None:
    aes = {
        "rule": {"sse_algorithm": "AES256", "kms_master_key_id": None, "bucket_key_enabled": False}
    }
    assert calls(
        update("aws_s3_bucket_server_side_encryption_configuration", {"rule": {}}, aes)
    ) == [
        (
            "s3.put_bucket_encryption",
            {
                "Bucket": "id-1",
                "ServerSideEncryptionConfiguration": {
                    "Rules": [
                        {
                            "ApplyServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"},
                            "BucketKeyEnabled": False,
                        }
                    ]
                },
            },
        )
    ]
    out = update("aws_s3_bucket_server_side_encryption_configuration", aes, {"rule": {}})
    assert calls(out) == [("s3.delete_bucket_encryption", {"Bucket": "id-1"})]


def test_public_access_block_is_written_whole() -> None:
    flags = (
        "block_public_acls",
        "block_public_policy",
        "ignore_public_acls",
        "restrict_public_buckets",
    )
    off, on = dict.fromkeys(flags, False), dict.fromkeys(flags, True)
    ((name, params),) = calls(
        update("aws_s3_bucket_public_access_block", off, {**off, "block_public_acls": True})
    )
    assert name == "s3.put_public_access_block"
    assert params["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True,
        "BlockPublicPolicy": False,
        "IgnorePublicAcls": False,
        "RestrictPublicBuckets": False,
    }
    assert calls(update("aws_s3_bucket_public_access_block", on, off)) == [
        ("s3.delete_public_access_block", {"Bucket": "id-1"})
    ]


def test_bucket_policy_is_put_as_json_or_deleted() -> None:
    out = update("aws_s3_bucket_policy", {"policy": None}, {"policy": POLICY})
    assert calls(out) == [
        ("s3.put_bucket_policy", {"Bucket": "id-1", "Policy": json.dumps(POLICY)})
    ]
    out = update("aws_s3_bucket_policy", {"policy": POLICY}, {"policy": None})
    assert calls(out) == [("s3.delete_bucket_policy", {"Bucket": "id-1"})]


def test_role_trust_description_and_session_length() -> None:
    before = {"assume_role_policy": POLICY, "description": "", "max_session_duration": 3600}
    after = {"assume_role_policy": TRUST, "description": "app", "max_session_duration": "7200"}
    assert calls(update("aws_iam_role", before, after)) == [
        ("iam.update_role", {"RoleName": "id-1", "Description": "app", "MaxSessionDuration": 7200}),
        (
            "iam.update_assume_role_policy",
            {"RoleName": "id-1", "PolicyDocument": json.dumps(TRUST)},
        ),
    ]


def test_inline_policy_is_put_back() -> None:
    before = {"role": "app", "name": "read", "policy": TRUST}
    out = update("aws_iam_role_policy", before, {**before, "policy": POLICY})
    assert calls(out) == [
        (
            "iam.put_role_policy",
            {"RoleName": "app", "PolicyName": "read", "PolicyDocument": json.dumps(POLICY)},
        )
    ]


def _versions(n: int, default: int) -> dict[str, Any]:
    return {
        "Versions": [
            {"VersionId": f"v{i}", "IsDefaultVersion": i == default} for i in range(1, n + 1)
        ]
    }


@pytest.mark.parametrize(
    ("versions", "deleted"),
    [(_versions(3, 3), None), (_versions(5, 5), "v1"), (_versions(5, 1), "v2")],
)
def test_a_managed_policy_gets_a_new_default_version(versions: Any, deleted: str | None) -> None:
    out = update("aws_iam_policy", {"policy": TRUST}, {"policy": POLICY}, versions=versions)
    names = [name for name, _ in calls(out)]
    expected = ["iam.create_policy_version"]
    if deleted:
        expected.insert(0, "iam.delete_policy_version")
        assert calls(out)[0][1]["VersionId"] == deleted
    assert names == expected
    assert calls(out)[-1][1]["SetAsDefault"] is True


def test_subnet_public_ip_and_vpc_dns_attributes() -> None:
    out = update(
        "aws_subnet", {"map_public_ip_on_launch": True}, {"map_public_ip_on_launch": False}
    )
    assert calls(out) == [
        (
            "ec2.modify_subnet_attribute",
            {"SubnetId": "id-1", "MapPublicIpOnLaunch": {"Value": False}},
        )
    ]
    before = {"enable_dns_support": True, "enable_dns_hostnames": False}
    out = update("aws_vpc", before, {"enable_dns_support": "false", "enable_dns_hostnames": True})
    assert calls(out) == [
        ("ec2.modify_vpc_attribute", {"VpcId": "id-1", "EnableDnsSupport": {"Value": False}}),
        ("ec2.modify_vpc_attribute", {"VpcId": "id-1", "EnableDnsHostnames": {"Value": True}}),
    ]


@pytest.mark.parametrize(
    ("rtype", "attr", "before", "after"),
    [
        ("aws_security_group", "description", "a", "b"),
        ("aws_vpc", "cidr_block", "10.0.0.0/16", "10.1.0.0/16"),
        ("aws_iam_role", "path", "/", "/svc/"),
        ("aws_iam_policy", "description", "a", "b"),
    ],
)
def test_what_no_api_changes_in_place_is_refused_by_name(
    rtype: str, attr: str, before: Any, after: Any
) -> None:
    out = update(rtype, {attr: before}, {attr: after})
    assert out.calls == []
    assert out.refusals == [
        f"cannot revert {attr} of {rtype}.x in place: {REVERTS[rtype].fixed[attr]}"
    ]


def test_equal_values_make_no_calls() -> None:
    same = {"tags": {"A": "1"}, "max_session_duration": "3600"}
    assert (
        update("aws_iam_role", {"tags": {"A": "1"}, "max_session_duration": 3600}, same).calls == []
    )


def test_a_security_group_is_re_created_with_its_rules_and_without_aws_egress() -> None:
    desired = {
        "name": "web",
        "description": "Web",
        "vpc_id": "vpc-1",
        "tags": {},
        "ingress": [SSH],
        "egress": [],
    }
    ctx = Ctx("web", "us-east-1", "aws_security_group.web")
    out = revert.create(
        REVERTS["aws_security_group"], TYPES["aws_security_group"].compared, ctx, desired
    )
    assert [c.name for c in out.calls] == [
        "ec2.create_security_group",
        "ec2.authorize_security_group_ingress",
        "ec2.revoke_security_group_egress",
    ]
    assert out.calls[0].outputs == {"aws_security_group.web.id": "GroupId"}
    assert out.calls[1].params["GroupId"] == Pending("aws_security_group.web.id")


def test_re_creating_with_an_unknown_attribute_is_one_clear_line() -> None:
    desired = {
        "name": "web",
        "vpc_id": Unknown("aws_vpc.main is missing, so ${aws_vpc.main.id} has no value"),
    }
    ctx = Ctx("web", "us-east-1", "aws_security_group.web")
    out = revert.create(
        REVERTS["aws_security_group"], TYPES["aws_security_group"].compared, ctx, desired
    )
    assert out.calls == []
    assert out.refusals == [
        "aws_security_group.web: cannot re-create: vpc_id unknown "
        "(aws_vpc.main is missing, so ${aws_vpc.main.id} has no value)"
    ]


def test_a_bucket_outside_us_east_1_is_created_there() -> None:
    ctx = Ctx("logs", "eu-west-1", "aws_s3_bucket.logs")
    out = revert.create(
        REVERTS["aws_s3_bucket"],
        TYPES["aws_s3_bucket"].compared,
        ctx,
        {"bucket": "logs", "tags": {}},
    )
    assert calls(out) == [
        (
            "s3.create_bucket",
            {"Bucket": "logs", "CreateBucketConfiguration": {"LocationConstraint": "eu-west-1"}},
        )
    ]


def delete(
    rtype: str, live: dict[str, Any], children: list[Resource] | None = None, **facts: Any
) -> revert.Outcome:
    ctx = Ctx("id-1", "us-east-1", f"{rtype}.id-1", facts=facts)
    return revert.delete(REVERTS[rtype], ctx, live, children or [])


def test_a_non_empty_bucket_is_never_deleted() -> None:
    out = delete("aws_s3_bucket", {"bucket": "id-1"}, objects={"Versions": [{"Key": "k"}]})
    assert out.calls == []
    assert out.refusals[0].startswith("cannot delete bucket id-1: it is not empty")
    assert calls(delete("aws_s3_bucket", {"bucket": "id-1"}, objects={})) == [
        ("s3.delete_bucket", {"Bucket": "id-1"})
    ]


def test_a_role_is_emptied_then_deleted_unless_in_an_instance_profile() -> None:
    children = [
        Resource(
            "aws_iam_role_policy_attachment",
            "id-1/arn:p",
            None,
            {"role": "id-1", "policy_arn": "arn:p"},
        ),
        Resource("aws_iam_role_policy", "id-1:inline", None, {"role": "id-1", "name": "inline"}),
    ]
    assert [c.name for c in delete("aws_iam_role", {}, children).calls] == [
        "iam.delete_role_policy",
        "iam.detach_role_policy",
        "iam.delete_role",
    ]
    out = delete(
        "aws_iam_role",
        {},
        children,
        instance_profiles={"InstanceProfiles": [{"InstanceProfileName": "ip"}]},
    )
    assert out.calls == [] and out.refusals == [
        "cannot delete role id-1: it is in instance profile ip"
    ]


def test_a_user_with_credentials_is_never_deleted() -> None:
    out = delete("aws_iam_user", {}, access_keys={"AccessKeyMetadata": [{"AccessKeyId": "AKIA"}]})
    assert out.calls == [] and "access keys" in out.refusals[0]


def test_an_attached_policy_is_never_deleted() -> None:
    out = delete("aws_iam_policy", {}, entities={"PolicyRoles": [{"RoleName": "app"}]})
    assert out.refusals == ["cannot delete policy id-1: attached to role app (detach it first)"]


def test_an_unmanaged_public_access_block_goes_back_to_all_on() -> None:
    out = delete("aws_s3_bucket_public_access_block", {})
    assert calls(out)[0][1]["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True,
        "BlockPublicPolicy": True,
        "IgnorePublicAcls": True,
        "RestrictPublicBuckets": True,
    }
