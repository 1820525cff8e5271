"""Sweep the whole registry against botocore's service models: a typo fails here."""

from __future__ import annotations

from collections import defaultdict

import botocore.session
import pytest

from driftctl.resources.registry import CONVERTERS, FOLDS, SCANS, TYPES

_session = botocore.session.get_session()


def _model(service: str):  # type: ignore[no-untyped-def]
    return _session.get_service_model(service)


def _operation(service: str, method: str):  # type: ignore[no-untyped-def]
    client = _session.create_client(
        service, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
    )
    api = client.meta.method_to_api_mapping.get(method)
    assert api is not None, f"{service} has no operation {method}"
    return _model(service).operation_model(api)


@pytest.mark.parametrize("spec", SCANS.values(), ids=lambda s: s.name)
def test_list_calls_exist_and_return_their_result_key(spec) -> None:  # type: ignore[no-untyped-def]
    for call in (spec.listing, *(j.listing for j in spec.joins)):
        op = _operation(spec.service, call.operation)
        assert call.result_key in op.output_shape.members, f"{op.name} has no {call.result_key}"
        for param in call.params:
            assert param in op.input_shape.members


@pytest.mark.parametrize("spec", SCANS.values(), ids=lambda s: s.name)
def test_detail_calls_exist_and_take_their_params(spec) -> None:  # type: ignore[no-untyped-def]
    # any other field a detail call reads (a key id, a repository name) answers "x"
    sample = defaultdict(
        lambda: "x", {"Name": "b", "VpcId": "vpc-1", "Arn": "arn:aws:iam::1:policy/p"}
    )
    for detail in spec.details:
        op = _operation(spec.service, detail.operation)
        for param in detail.params(sample):
            assert param in op.input_shape.members, f"{op.name} takes no {param}"
        known_errors = {e.name for e in op.error_shapes}
        # absent-codes are either modelled errors or S3's unmodelled "not configured" codes
        assert detail.absent <= known_errors | {
            "NoSuchTagSet",
            "ServerSideEncryptionConfigurationNotFoundError",
            "NoSuchPublicAccessBlockConfiguration",
            "NoSuchBucketPolicy",
        }


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


@pytest.mark.parametrize("spec", SCANS.values(), ids=lambda s: s.name)
def test_page_sizes_are_within_what_aws_accepts(spec) -> None:  # type: ignore[no-untyped-def]
    for call in (spec.listing, *(j.listing for j in spec.joins)):
        if call.page_size is None:
            continue
        client = _session.create_client(
            spec.service, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
        )
        config = client.get_paginator(call.operation)._pagination_cfg
        limit_key = config["limit_key"]
        shape = _operation(spec.service, call.operation).input_shape.members[limit_key]
        maximum = shape.metadata.get("max")
        assert maximum is None or call.page_size <= maximum, f"{call.operation} {limit_key}"
