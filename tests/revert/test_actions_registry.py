"""Sweep the revert registry against botocore's models: every call a type can plan is a
real operation with valid parameters, and every compared attribute has a revert or a
reason why none exists."""

from __future__ import annotations

import functools
from typing import Any

import botocore.session
import pytest
from botocore.validate import ParamValidator

from driftctl.base.calls import Call, Ctx, Pending, resolve_pending
from driftctl.core.model import Resource
from driftctl.resources.registry import SCANS, TYPES
from driftctl.revert import spec as revert
from driftctl.revert.actions import ORDER, REVERTS
from driftctl.revert.readers import READERS
from tests.revert.samples import SAMPLES

_session = botocore.session.get_session()


@functools.cache
def _client(service: str) -> Any:
    return _session.create_client(
        service, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
    )


def _operation(service: str, method: str) -> Any:
    api = _client(service).meta.method_to_api_mapping.get(method)
    assert api is not None, f"{service} has no operation {method}"
    return _client(service).meta.service_model.operation_model(api)


def _pending_names(value: Any) -> set[str]:
    if isinstance(value, Pending):
        return {value.name}
    if isinstance(value, dict):
        return set().union(*(_pending_names(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_pending_names(v) for v in value)) if value else set()
    return set()


def assert_valid(call: Call) -> None:
    op = _operation(call.service, call.operation)
    params = resolve_pending(call.params, {n: "sg-0new" for n in _pending_names(call.params)})
    if op.input_shape is None:  # an operation without parameters (an account's setting)
        assert not params, f"{call.name} takes no parameters: {sorted(params)}"
    else:
        report = ParamValidator().validate(params, op.input_shape)
        assert not report.has_errors(), f"{call.name}: {report.generate_report()}"
    for key in call.outputs.values():
        shape = op.output_shape
        path, _, then = key.partition("|")
        assert then in ("", "basename"), f"{call.name}: unknown output filter {then}"
        for part in path.split("."):
            if part.isdigit() and shape.type_name == "list":  # an item of a list
                shape = shape.member
                continue
            assert part in shape.members, f"{call.name} returns no {key}"
            shape = shape.members[part]


def test_every_type_has_exactly_one_revert_spec_and_an_order() -> None:
    assert set(REVERTS) == set(TYPES)
    assert sorted(ORDER) == sorted(TYPES)
    assert set(SAMPLES) == set(TYPES)
    assert {t.scan for t in TYPES.values()} <= set(READERS) <= set(SCANS)


@pytest.mark.parametrize("rtype", sorted(TYPES))
def test_every_compared_attribute_is_revertible_or_says_why_not(rtype: str) -> None:
    spec = REVERTS[rtype]
    covered = {a for u in spec.updaters for a in u.attrs}
    assert covered | set(spec.fixed) == set(TYPES[rtype].compared)
    assert not covered & set(spec.fixed)


@pytest.mark.parametrize("rtype", sorted(TYPES))
def test_update_calls_are_valid_botocore_calls(rtype: str) -> None:
    rid, live, declared = SAMPLES[rtype]
    out = revert.update(
        REVERTS[rtype], TYPES[rtype].compared, Ctx(rid, "us-east-1", rtype), live, declared
    )
    if REVERTS[rtype].updaters:
        assert out.calls and not out.refusals, out.refusals
    for call in out.calls:
        assert_valid(call)


@pytest.mark.parametrize("rtype", sorted(TYPES))
def test_create_calls_are_valid_botocore_calls(rtype: str) -> None:
    rid, _, declared = SAMPLES[rtype]
    ctx = Ctx(rid, "eu-west-1", f"{rtype}.x")
    out = revert.create(REVERTS[rtype], TYPES[rtype].compared, ctx, declared)
    if REVERTS[rtype].create is None:  # never re-created (a function's code): a human decides
        assert out.refusals == [f"{rtype}.x: cannot re-create: not supported for {rtype}"]
        return
    assert not out.refusals, out.refusals
    for call in out.calls:
        assert_valid(call)


@pytest.mark.parametrize("rtype", sorted(TYPES))
def test_delete_calls_and_facts_are_valid_botocore_calls(rtype: str) -> None:
    rid, live, _ = SAMPLES[rtype]
    spec = REVERTS[rtype]
    children = [
        Resource(t, SAMPLES[t][0], None, SAMPLES[t][1])
        for t, child in TYPES.items()
        if child.parent and child.parent[0] == rtype
    ]
    versions = {
        "Versions": [{"VersionId": f"v{n}", "IsDefaultVersion": n == 5} for n in range(1, 6)]
    }
    ctx = Ctx(rid, "us-east-1", rtype, facts={"versions": versions})
    out = revert.delete(spec, ctx, live, children)
    if spec.delete is None:  # never deleted (a credential): a human decides
        assert out.refusals == [f"cannot delete {rtype}: not supported for {rtype}"]
        return
    assert out.calls and not out.refusals, out.refusals
    for call in out.calls:
        assert_valid(call)
    for fact in spec.facts:
        params = fact.params(ctx, live)
        if params is not None:
            assert_valid(Call(fact.service, fact.operation, params, "us-east-1"))
