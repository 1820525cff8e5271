"""The registry's records hang together (each type has its scan, each Terraform type a
record). The sweep against botocore's models is tests/resources/test_botocore_models.py."""

from __future__ import annotations

from driftctl.resources.registry import CONVERTERS, FOLDS, SCANS, TYPES


def test_every_type_is_read_by_a_scan_and_its_keys_are_kept() -> None:
    for rtype in TYPES.values():
        assert rtype.scan in SCANS, rtype.name
        assert set(rtype.exact) <= rtype.compared
        assert set(rtype.sets) <= rtype.compared
        if rtype.parent:
            assert rtype.parent[0] in TYPES


def test_terraform_types_map_onto_registered_types() -> None:
    assert {t.name for t, _ in CONVERTERS.values()} <= set(TYPES)
    assert set(FOLDS).isdisjoint(CONVERTERS)
    assert {
        "aws_s3_bucket",
        "aws_s3_bucket_versioning",
        "aws_s3_bucket_server_side_encryption_configuration",
        "aws_s3_bucket_public_access_block",
        "aws_s3_bucket_policy",
        "aws_vpc",
        "aws_subnet",
        "aws_security_group",
        "aws_security_group_rule",
        "aws_vpc_security_group_ingress_rule",
        "aws_vpc_security_group_egress_rule",
        "aws_iam_role",
        "aws_iam_policy",
        "aws_iam_role_policy",
        "aws_iam_role_policy_attachment",
        "aws_iam_user",
    } <= set(CONVERTERS) | set(FOLDS)
