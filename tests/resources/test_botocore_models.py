"""Every AWS call a resource type's scan names, against botocore's service models.

For each ScanSpec: the list call (and each join's) is an operation of the service, takes
its params, returns its result key, and, when paginated, has a botocore paginator whose
result key is that key (so every page is read); each detail call is an operation that
takes the params it is given and whose "not configured" error codes are real. The
revert calls, facts and creates are swept by tests/revert/test_actions_registry.py.
"""

from __future__ import annotations

import functools
from typing import Any

import botocore.session
import pytest

from driftctl.base.spec import ListCall, ScanSpec
from driftctl.resources.registry import SCANS

_session = botocore.session.get_session()
# S3's "not configured" answers are not in its model's error shapes (REST-XML codes)
S3_UNMODELLED = frozenset(
    {
        "NoSuchTagSet",
        "ServerSideEncryptionConfigurationNotFoundError",
        "NoSuchPublicAccessBlockConfiguration",
        "NoSuchBucketPolicy",
        "NoSuchLifecycleConfiguration",
        "ObjectLockConfigurationNotFoundError",
        "ReplicationConfigurationNotFoundError",
        "OwnershipControlsNotFoundError",
        "NoSuchCORSConfiguration",
        "NoSuchWebsiteConfiguration",
    }
)


@functools.cache
def _client(service: str) -> Any:
    return _session.create_client(
        service, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
    )


def _operation(service: str, method: str) -> Any:
    api = _client(service).meta.method_to_api_mapping.get(method)
    assert api is not None, f"{service} has no operation {method}"
    return _client(service).meta.service_model.operation_model(api)


class _AnyItem(dict[str, Any]):
    """A listed item that has every field a detail call reads (each "x")."""

    def __missing__(self, key: str) -> str:
        return "x"


class _Deep(dict[str, Any]):
    """An item with another detail call's response (`needs`): every field, at any depth."""

    def __missing__(self, key: str) -> _Deep:
        return _Deep()


def _lists(spec: ScanSpec) -> list[ListCall]:
    return [spec.listing, *(j.listing for j in spec.joins)]


@pytest.mark.parametrize("spec", SCANS.values(), ids=lambda s: s.name)
def test_list_calls_page_through_their_result_key(spec: ScanSpec) -> None:
    for call in _lists(spec):
        op = _operation(spec.service, call.operation)
        shape = op.output_shape
        for part in call.result_key.split("."):  # nested: "DistributionList.Items"
            assert part in shape.members, f"{op.name} returns no {call.result_key}"
            shape = shape.members[part]
        assert set(call.params) <= set(op.input_shape.members if op.input_shape else ())
        codes = {(e.metadata.get("error") or {}).get("code") for e in op.error_shapes}
        known = {e.name for e in op.error_shapes} | codes | UNMODELLED.get(spec.service, set())
        assert call.absent <= known, f"{op.name}: {sorted(call.absent - known)}"
        if call.marker:  # sent back from where each page holds it
            assert call.marker in op.input_shape.members, f"{op.name} takes no {call.marker}"
            shape = op.output_shape
            for part in (call.next_marker or call.marker).split("."):
                assert part in shape.members, f"{op.name} returns no {call.next_marker}"
                shape = shape.members[part]
        if not call.paginated:
            continue
        client = _client(spec.service)
        if not client.can_paginate(call.operation):  # the scanner follows its NextToken
            inputs = op.input_shape.members if op.input_shape else {}
            assert "NextToken" in inputs, f"{op.name} has no paginator and takes no NextToken"
            assert "NextToken" in op.output_shape.members, f"{op.name} returns no NextToken"
            continue
        keys = client.get_paginator(call.operation)._pagination_cfg["result_key"]
        keys = keys if isinstance(keys, list) else [keys]
        assert call.result_key in keys, f"{op.name}'s paginator does not page {call.result_key}"


@pytest.mark.parametrize("spec", SCANS.values(), ids=lambda s: s.name)
def test_page_sizes_are_within_what_aws_accepts(spec: ScanSpec) -> None:
    for call in _lists(spec):
        if call.page_size is None:
            continue
        config = _client(spec.service).get_paginator(call.operation)._pagination_cfg
        limit_key = config["limit_key"]
        shape = _operation(spec.service, call.operation).input_shape.members[limit_key]
        maximum = shape.metadata.get("max")
        assert maximum is None or call.page_size <= maximum, f"{call.operation} {limit_key}"


@pytest.mark.parametrize("spec", SCANS.values(), ids=lambda s: s.name)
def test_paginated_detail_calls_can_paginate_within_aws_page_sizes(spec: ScanSpec) -> None:
    for detail in spec.details:
        if detail.page_size is None:
            continue
        client = _client(spec.service)
        assert client.can_paginate(detail.operation), detail.operation
        config = client.get_paginator(detail.operation)._pagination_cfg
        shape = _operation(spec.service, detail.operation).input_shape.members[config["limit_key"]]
        maximum = shape.metadata.get("max")
        assert maximum is None or detail.page_size <= maximum, detail.operation


# SQS answers in JSON but keeps its query-protocol codes (x-amzn-query-error), unmodelled
SQS_QUERY_CODES = frozenset({"AWS.SimpleQueueService.NonExistentQueue"})
# EC2 models no error shapes: the codes its documentation lists for a missing template
EC2_UNMODELLED = frozenset(
    {
        "InvalidLaunchTemplateId.NotFound",
        "InvalidLaunchTemplateId.Malformed",
        "InvalidLaunchTemplateName.NotFoundException",
    }
)
UNMODELLED = {"s3": S3_UNMODELLED, "sqs": SQS_QUERY_CODES, "ec2": EC2_UNMODELLED}


@pytest.mark.parametrize("spec", SCANS.values(), ids=lambda s: s.name)
def test_detail_calls_take_their_params_and_know_their_error_codes(spec: ScanSpec) -> None:
    sample = _AnyItem()
    for detail in spec.details:
        op = _operation(spec.service, detail.operation)
        given = detail.params(_Deep() if detail.needs else sample)
        if isinstance(given, list):  # batches: the type's own tests give it items
            assert detail.batch, f"{op.name}: batches of how many? (DetailCall.batch)"
        for params in given if isinstance(given, list) else [given]:
            assert set(params) <= set(op.input_shape.members), f"{op.name}: {sorted(params)}"
            missing = set(op.input_shape.required_members) - set(params)
            assert not missing, f"{op.name} needs {sorted(missing)}"
        if detail.paged:
            assert _client(spec.service).can_paginate(detail.operation), f"{op.name} pages?"
        # the shape's name, or the code AWS answers with where the model gives one
        codes = {(e.metadata.get("error") or {}).get("code") for e in op.error_shapes}
        known = {e.name for e in op.error_shapes} | codes | UNMODELLED.get(spec.service, set())
        assert detail.absent <= known, f"{op.name}: {sorted(detail.absent - known)}"


@pytest.mark.parametrize("spec", SCANS.values(), ids=lambda s: s.name)
def test_paged_detail_calls_have_a_paginator_and_a_page_size_aws_accepts(spec: ScanSpec) -> None:
    client = _client(spec.service)
    for detail in spec.details:
        if not detail.paged:
            assert detail.page_size is None, f"{detail.operation}: page_size without paged"
            continue
        assert client.can_paginate(detail.operation), f"{detail.operation} has no paginator"
        if detail.page_size is not None:
            config = client.get_paginator(detail.operation)._pagination_cfg
            shape = _operation(spec.service, detail.operation).input_shape
            maximum = shape.members[config["limit_key"]].metadata.get("max")
            assert maximum is None or detail.page_size <= maximum, detail.operation


def test_the_sweep_rejects_a_misnamed_result_key() -> None:
    op = _operation("ec2", "describe_vpcs")
    assert "Vpc" not in op.output_shape.members and "Vpcs" in op.output_shape.members
