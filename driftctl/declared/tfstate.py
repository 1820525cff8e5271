"""Terraform state (format v4: Terraform >= 0.12 and OpenTofu) as declared state.

`--from tfstate://FILE` reads a local state file, `tfstate+s3://BUCKET/KEY` one in S3
(through boto3, with the scan's profile and endpoint). Every module's managed resources
of the supported types are read, one per `count`/`for_each` instance, with addresses as
Terraform writes them (`module.net.aws_subnet.private["a"]`); data sources are skipped.
The ids come from state, and state's attribute values are the declared values.

State holds computed attributes too. Where one resource's computed attributes repeat a
separate resource of the same state (a role's `inline_policy` lists its separate inline
policies; a bucket's `versioning` mirrors its separate versioning resource), the
separate resource is kept and the repetition dropped, so nothing is declared twice: each
type says how (`ResourceType.state_key` and `state_drop`). Empty strings and nulls are
"not set". A type's state id is driftctl's id where the type says so (`state_id`);
the others match by their natural keys. The paths state lists as `sensitive_attributes`
(values Terraform marked sensitive) stay sensitive.

The structure is checked before anything is read: a state whose `resources` is not a list,
or an instance whose `attributes` is not an object, is an error naming the file and the
JSON path (`$.resources[2].instances[0].attributes`), never "0 resources" (a revert would
then take every live resource for unmanaged).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from driftctl.base.raw import RawDeclared, RawResource
from driftctl.core.model import SourceRef
from driftctl.core.sensitive import join_keys
from driftctl.declared import keyglob
from driftctl.declared.hcl.lang.values import key_suffix
from driftctl.errors import DriftctlError
from driftctl.resources.registry import TYPES, terraform_types
from driftctl.util import safejson


def parse_state(name: str, text: str) -> dict[str, Any]:
    try:
        state = safejson.loads(text)
    except json.JSONDecodeError as exc:
        raise DriftctlError(f"{name}:{exc.lineno}: not a Terraform state file: {exc.msg}") from exc
    if not isinstance(state, dict):
        raise DriftctlError(f"{name}: not a Terraform state file")
    if "encrypted_data" in state:
        raise DriftctlError(f"{name}: an encrypted OpenTofu state", "decrypt it first")
    version = state.get("version")
    if version != 4:
        raise DriftctlError(
            f"{name}: state format version {version} is not supported",
            "driftctl reads format 4 (Terraform >= 0.12, OpenTofu): run terraform state pull",
        )
    return state


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "a number"
    return names.get(type(value), type(value).__name__)


def _expect(name: str, path: str, value: Any, wanted: tuple[type, ...], what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, wanted):  # True is an int to Python
        raise DriftctlError(
            f"{name}: not a valid Terraform state: {path} must be {what}, not {_kind(value)}",
            "the file is damaged or not written by Terraform: run terraform state pull",
        )


def check_structure(name: str, state: dict[str, Any]) -> None:
    """The shape of a format-4 state, checked where driftctl reads it: `resources` a list of
    objects with string mode/type/name and a list of instances, each instance an object
    whose `attributes` is an object (and index_key, if any, a string or a number)."""
    if "resources" not in state:
        raise DriftctlError(
            f"{name}: not a valid Terraform state: $.resources is missing",
            "the file is damaged or not written by Terraform: run terraform state pull",
        )
    resources = state["resources"]
    _expect(name, "$.resources", resources, (list,), "a list")
    for i, res in enumerate(resources):
        where = f"$.resources[{i}]"
        _expect(name, where, res, (dict,), "an object")
        for key in ("mode", "type", "name"):
            _expect(name, f"{where}.{key}", res.get(key), (str,), "a string")
        if res["mode"] not in ("managed", "data"):
            raise DriftctlError(
                f"{name}: not a valid Terraform state: {where}.mode must be "
                f'"managed" or "data", not {res["mode"]!r}'
            )
        if res.get("module") is not None:
            _expect(name, f"{where}.module", res["module"], (str,), "a string")
        _expect(name, f"{where}.instances", res.get("instances"), (list,), "a list")
        for j, inst in enumerate(res["instances"]):
            at = f"{where}.instances[{j}]"
            _expect(name, at, inst, (dict,), "an object")
            _expect(name, f"{at}.attributes", inst.get("attributes"), (dict,), "an object")
            if inst.get("index_key") is not None:
                _expect(
                    name, f"{at}.index_key", inst["index_key"], (str, int), "a string or a number"
                )


def load_state_text(name: str, text: str, shown: str | None = None) -> RawDeclared:
    """The state in `text`; `name` is the file resources say they come from, `shown` (the
    path as given) what errors name."""
    state = parse_state(shown or name, text)
    check_structure(shown or name, state)
    return from_state(name, state)


def load_state_s3(location: str, client: Callable[[], Any]) -> RawDeclared:
    """State at s3://BUCKET/KEY, read with the S3 client `client()` makes. A KEY with glob
    characters (`prod/**/*.tfstate`, as snyk's driftctl took) reads every matching key:
    the bucket is listed from the part before the first glob character."""
    bucket, _, key = location.partition("/")
    if not bucket or not key:
        raise DriftctlError(f"tfstate+s3://{location}: expected tfstate+s3://BUCKET/KEY")
    import botocore.exceptions

    from driftctl.aws.session import CALL_ERRORS, call_failure

    s3 = client()
    keys = [key]
    doing = "read"
    try:
        if keyglob.has_magic(key):
            doing = "list"
            keys = _matching_keys(s3, bucket, key)
            doing = "read"
        texts = [
            (k, s3.get_object(Bucket=bucket, Key=k)["Body"].read().decode("utf-8")) for k in keys
        ]
    except botocore.exceptions.ClientError as exc:
        code = exc.response.get("Error", {}).get("Code", "error")
        raise DriftctlError(f"cannot {doing} s3://{bucket}/{key}: {code}") from exc
    except CALL_ERRORS as exc:
        raise DriftctlError(f"cannot {doing} s3://{bucket}/{key}: {call_failure(exc)}") from exc
    loaded = [load_state_text(f"s3://{bucket}/{k}", text) for k, text in texts]
    return loaded[0] if len(loaded) == 1 and keys == [key] else _combined(loaded)


def _matching_keys(s3: Any, bucket: str, pattern: str) -> list[str]:
    """The keys of bucket matching pattern (`*` within one /-separated part, `**` any
    depth), sorted; Terraform's `.terraform/` directories left out, as for local globs."""
    prefix = keyglob.literal_prefix(pattern)
    matcher = keyglob.compile_path_glob(pattern)
    found: list[str] = []
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
        for item in page.get("Contents") or ():
            k = item["Key"]
            if matcher.fullmatch(k) and ".terraform" not in k.split("/"):
                found.append(k)
    if not found:
        raise DriftctlError(
            f"tfstate+s3://{bucket}/{pattern}: no Terraform state found (no key matches)",
            f"list them with: aws s3 ls s3://{bucket}/{prefix} --recursive",
        )
    return sorted(found)


def _combined(parts: list[RawDeclared]) -> RawDeclared:
    """The states of one source, read as one (each resource names its own s3:// key)."""
    out = RawDeclared([])
    for part in parts:
        out.resources.extend(part.resources)
        out.warnings.extend(w for w in part.warnings if w not in out.warnings)
        for rtype, n in part.unsupported.items():
            out.unsupported[rtype] = out.unsupported.get(rtype, 0) + n
    out.unsupported = dict(sorted(out.unsupported.items()))
    return out


def from_state(name: str, state: dict[str, Any]) -> RawDeclared:
    check_structure(name, state)
    known = set(terraform_types())
    found: list[RawResource] = []
    unsupported: dict[str, int] = {}
    for res in state["resources"]:
        if res["mode"] != "managed":
            continue  # data sources read, they do not declare
        rtype, rname, module = res["type"], res["name"], res.get("module") or ""
        if rtype not in known:
            unsupported[rtype] = unsupported.get(rtype, 0) + len(res["instances"])
            continue
        for inst in res["instances"]:
            attrs = inst["attributes"]
            prefix = f"{module}." if module else ""
            address = f"{prefix}{rtype}.{rname}{key_suffix(inst.get('index_key'))}"
            state_id = attrs.get("id")
            found.append(
                RawResource(
                    rtype,
                    address,
                    _declared_attrs(attrs),
                    SourceRef(name, 1),
                    import_id=state_id if _state_id(rtype) and isinstance(state_id, str) else None,
                    sensitive=_sensitive(inst.get("sensitive_attributes")),
                )
            )
    _drop_repeated(found)
    warnings = [
        f"{n} {t} in state not compared (a type driftctl does not read yet)"
        for t, n in sorted(unsupported.items())
    ]
    return RawDeclared(found, warnings=warnings, unsupported=dict(sorted(unsupported.items())))


def _sensitive(listed: Any) -> frozenset[str]:
    """State's sensitive_attributes ([[{"type": "get_attr", "value": "tags"}, {"type":
    "index", "value": {"value": "Secret", "type": "string"}}], ...]) as attribute paths."""
    out: set[str] = set()
    for steps in listed if isinstance(listed, list) else ():
        keys: list[str | int] = []
        for step in steps if isinstance(steps, list) else ():
            value = step.get("value") if isinstance(step, dict) else None
            if isinstance(value, dict):  # an index: {"value": ..., "type": ...}
                value = value.get("value")
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                break  # a step driftctl cannot name: the path so far is sensitive
            keys.append(value)
        if keys:
            if keys[0] == "tags_all":
                keys[0] = "tags"
            out.add(join_keys(keys))
    return frozenset(out)


def _declared_attrs(attrs: dict[str, Any]) -> dict[str, Any]:
    out = {
        k: v if k in ("tags", "tags_all") else _set(v)
        for k, v in attrs.items()
        if _is_set(v) and k not in ("id", "arn")
    }
    if isinstance(out.get("tags_all"), dict):  # the effective tags, provider default_tags too
        out["tags"] = out.pop("tags_all")
    return out


def _is_set(value: Any) -> bool:
    return value is not None and value != ""


def _set(value: Any) -> Any:
    """State writes an unset string as "" (even inside blocks): leave those out."""
    if isinstance(value, dict):
        return {k: _set(v) for k, v in value.items() if _is_set(v)}
    if isinstance(value, list):
        return [_set(v) for v in value]
    return value


def _state_id(rtype: str) -> bool:
    known = TYPES.get(rtype)
    return known is not None and known.state_id


def _drop_repeated(found: list[RawResource]) -> None:
    """Drop computed attributes that repeat a separate resource of the same state."""
    separate: set[tuple[str, tuple[str, ...]]] = set()
    for r in found:
        known = TYPES.get(r.type)
        if known is not None and known.state_key is not None:
            separate.add((r.type, known.state_key(r.attrs)))

    def has(rtype: str, key: tuple[str, ...]) -> bool:
        return (rtype, key) in separate

    for r in found:
        known = TYPES.get(r.type)
        if known is not None and known.state_drop is not None:
            known.state_drop(r.attrs, has)
