"""Checking a live snapshot (`--live FILE`) before anything trusts it.

A snapshot stands in for AWS: a resource missing from it is reported as missing, and one
in it that nothing declares as unmanaged, which a revert rule may delete. So a snapshot
that is not exactly what `--save-live` writes is refused, with the JSON path of the
first problem (`accounts.123456789012.resources[3].attrs: expected an object, got a
string`): unknown resource types, a resource given twice, tags that are not a string
map, resources that are not a list, regions that are not regions, and an account
without its global scope (IAM, the S3 bucket listing), whose absence would make every
global resource look unscanned.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftctl.aws.regions import is_region
from driftctl.aws.scanner import GLOBAL
from driftctl.errors import DriftctlError
from driftctl.resources.registry import SCANS, TYPES

HINT = "write snapshots with driftctl scan --save-live FILE; do not edit them by hand"
_TOP = ("snapshot_version", "default_region", "pairs", "accounts", "context", "shard")
_STATE = ("resources", "errors", "incomplete_scans")
_RESOURCE = ("type", "id", "region", "attrs")


class _Invalid(Exception):
    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")


def check(name: str, doc: Mapping[str, Any]) -> tuple[int, int]:
    """Raise a DriftctlError naming the first problem of a snapshot document (whose
    snapshot_version the caller has checked); the shard (I, N) it records."""
    try:
        return _check(doc)
    except _Invalid as exc:
        raise DriftctlError(f"{name}: not a valid live snapshot: {exc}", HINT) from None


def _type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def _expect(value: Any, kind: type, where: str, what: str) -> None:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise _Invalid(where, f"expected {what}, got {_type(value)}")


def _keys(doc: Mapping[str, Any], allowed: tuple[str, ...], required: int, where: str) -> None:
    """doc has the first `required` of allowed, and no key outside allowed."""
    for key in allowed[:required]:
        if key not in doc:
            raise _Invalid(where or "(top level)", f"missing key {key!r}")
    for key in doc:
        if key not in allowed:
            raise _Invalid(where or "(top level)", f"unknown key {key!r}")


def _region(value: Any, where: str, scope: bool = False) -> str:
    _expect(value, str, where, "a region name")
    if not (is_region(value) or (scope and value == GLOBAL)):
        raise _Invalid(where, f"{value!r} is not an AWS region")
    return str(value)


def _check(doc: Mapping[str, Any]) -> tuple[int, int]:
    _keys(doc, _TOP, 4, "")
    default = _region(doc["default_region"], "default_region")
    shard = _shard(doc.get("shard"))
    _expect(doc["pairs"], list, "pairs", "an array of [account, region] pairs")
    pairs: dict[tuple[str, str], int] = {}
    for i, pair in enumerate(doc["pairs"]):
        where = f"pairs[{i}]"
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
            raise _Invalid(where, "expected an [account, region] pair of strings")
        key = (_account(pair[0], f"{where}[0]"), _region(pair[1], f"{where}[1]", scope=True))
        if key in pairs:
            raise _Invalid(where, f"the same pair as pairs[{pairs[key]}]")
        pairs[key] = i
    if not pairs:
        raise _Invalid("pairs", "no (account, region) pair: the snapshot scanned nothing")
    _expect(doc["accounts"], dict, "accounts", "an object of account ids")
    in_pairs = {account for account, _ in pairs}
    for account in sorted(in_pairs - set(doc["accounts"])):
        raise _Invalid("accounts", f"no state for account {account}, which pairs lists")
    for account in sorted(set(doc["accounts"]) - in_pairs):
        raise _Invalid(f"accounts.{account}", "an account that no pair lists")
    if shard[1] == 1:
        for account in sorted(in_pairs):
            if (account, GLOBAL) not in pairs:
                raise _Invalid(
                    "pairs",
                    f"no [{account!r}, {GLOBAL!r}] pair: the global services (IAM, S3 "
                    "buckets) of that account would all look unscanned",
                )
    scopes = {account: {r for a, r in pairs if a == account} for account in in_pairs}
    for account, state in sorted(doc["accounts"].items()):
        _state(state, f"accounts.{account}", scopes[account], default)
    context = doc.get("context")
    if context is not None:
        _expect(context, dict, "context", "an object")
        for key, value in context.items():
            _expect(value, str, f"context.{key}", "a string")
    return shard


def _shard(value: Any) -> tuple[int, int]:
    if value is None:
        return (1, 1)
    _expect(value, str, "shard", "'I/N'")
    index, _, total = str(value).partition("/")
    if not (index.isdigit() and total.isdigit() and 1 <= int(index) <= int(total)):
        raise _Invalid("shard", f"expected 'I/N' with 1 <= I <= N, got {value!r}")
    return (int(index), int(total))


def _account(value: str, where: str) -> str:
    if not (value.isdigit() and len(value) == 12):
        raise _Invalid(where, f"{value!r} is not a 12-digit AWS account id")
    return value


def _state(state: Any, where: str, scopes: set[str], default: str) -> None:
    _expect(state, dict, where, "an object with resources, errors and incomplete_scans")
    _keys(state, _STATE, 1, where)
    _expect(state["resources"], list, f"{where}.resources", "an array of resources")
    seen: dict[tuple[str, str, str], int] = {}
    for i, resource in enumerate(state["resources"]):
        key = _resource(resource, f"{where}.resources[{i}]", scopes, default)
        if key in seen:
            raise _Invalid(
                f"{where}.resources[{i}]",
                f"{key[0]} {key[1]} is given twice (also resources[{seen[key]}])",
            )
        seen[key] = i
    errors = state.get("errors", [])
    _expect(errors, list, f"{where}.errors", "an array")
    for i, error in enumerate(errors):
        at = f"{where}.errors[{i}]"
        _expect(error, dict, at, "an object with scope and message")
        _keys(error, ("scope", "message"), 2, at)
        _expect(error["scope"], str, f"{at}.scope", "a string")
        _expect(error["message"], str, f"{at}.message", "a string")
    incomplete = state.get("incomplete_scans", [])
    _expect(incomplete, list, f"{where}.incomplete_scans", "an array")
    for i, item in enumerate(incomplete):
        at = f"{where}.incomplete_scans[{i}]"
        if not (isinstance(item, list) and len(item) == 2 and item[0] in SCANS):
            raise _Invalid(at, "expected a [scan name, region] pair naming a known scan")
        _region(item[1], f"{at}[1]", scope=True)


def _resource(resource: Any, where: str, scopes: set[str], default: str) -> tuple[str, str, str]:
    _expect(resource, dict, where, "an object with type, id, region and attrs")
    _keys(resource, _RESOURCE, 4, where)
    rtype = resource["type"]
    _expect(rtype, str, f"{where}.type", "a resource type")
    if rtype not in TYPES:
        raise _Invalid(f"{where}.type", f"{rtype!r} is not a resource type driftctl reads")
    rid = resource["id"]
    _expect(rid, str, f"{where}.id", "the resource's id")
    if not rid:
        raise _Invalid(f"{where}.id", "empty")
    region = resource.get("region")
    if region is not None:
        _region(region, f"{where}.region")
    attrs = resource["attrs"]
    _expect(attrs, dict, f"{where}.attrs", "an object")
    tags = attrs.get("tags")
    if tags is not None:
        _expect(tags, dict, f"{where}.attrs.tags", "an object of string values")
        for key, value in tags.items():
            _expect(value, str, f"{where}.attrs.tags.{key}", "a string")
    scope = GLOBAL if SCANS[TYPES[rtype].scan].global_service else region or default
    if scope not in scopes:
        raise _Invalid(where, f"{rtype} {rid} is in {scope}, which no pair of its account lists")
    return rtype, rid, region or default
