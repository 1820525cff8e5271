"""Terraform state (format v4: Terraform >= 0.12 and OpenTofu) as declared state.

`--from tfstate://FILE` reads a local state file, `tfstate+s3://BUCKET/KEY` one in S3
(through boto3, with the scan's profile and endpoint). Every module's managed resources
of the supported types are read, one per `count`/`for_each` instance, with addresses as
Terraform writes them (`module.net.aws_subnet.private["a"]`); data sources are skipped.
The ids come from state, and state's attribute values are the declared values.

State holds computed attributes too. Where one resource's computed attributes repeat a
separate resource of the same state (a role's `inline_policy` lists the policies of its
aws_iam_role_policy resources; a bucket's `versioning` mirrors its
aws_s3_bucket_versioning), the separate resource is kept and the repetition dropped, so
nothing is declared twice. Empty strings and nulls are "not set". The paths state lists
as `sensitive_attributes` (values Terraform marked sensitive) stay sensitive.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from driftctl.aws.registry import terraform_types
from driftctl.declared.hcl.values import key_suffix
from driftctl.declared.raw import RawDeclared, RawResource
from driftctl.errors import DriftctlError
from driftctl.model import SourceRef
from driftctl.sensitive import join_keys

# types whose state id is the id driftctl uses (the others match by their natural key)
STATE_IDS = frozenset(
    {
        "aws_s3_bucket",
        "aws_vpc",
        "aws_subnet",
        "aws_security_group",
        "aws_iam_role",
        "aws_iam_role_policy",
        "aws_iam_policy",
        "aws_iam_user",
    }
)
# aws_s3_bucket's computed inline attribute -> the separate type that owns it when present
BUCKET_INLINE = {
    "versioning": "aws_s3_bucket_versioning",
    "server_side_encryption_configuration": "aws_s3_bucket_server_side_encryption_configuration",
    "policy": "aws_s3_bucket_policy",
}


def parse_state(name: str, text: str) -> dict[str, Any]:
    try:
        state = json.loads(text)
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


def load_state_text(name: str, text: str) -> RawDeclared:
    return from_state(name, parse_state(name, text))


def load_state_s3(location: str, client: Callable[[], Any]) -> RawDeclared:
    """State at s3://BUCKET/KEY, read with the S3 client `client()` makes."""
    bucket, _, key = location.partition("/")
    if not bucket or not key:
        raise DriftctlError(f"tfstate+s3://{location}: expected tfstate+s3://BUCKET/KEY")
    import botocore.exceptions

    try:
        body = client().get_object(Bucket=bucket, Key=key)["Body"].read()
    except botocore.exceptions.ClientError as exc:
        code = exc.response.get("Error", {}).get("Code", "error")
        raise DriftctlError(f"cannot read s3://{bucket}/{key}: {code}") from exc
    except botocore.exceptions.BotoCoreError as exc:
        raise DriftctlError(f"cannot read s3://{bucket}/{key}: {exc}") from exc
    return load_state_text(f"s3://{bucket}/{key}", body.decode("utf-8"))


def from_state(name: str, state: dict[str, Any]) -> RawDeclared:
    known = set(terraform_types())
    found: list[RawResource] = []
    unsupported: dict[str, int] = {}
    for res in state.get("resources") or ():
        if not isinstance(res, dict) or res.get("mode") != "managed":
            continue  # data sources read, they do not declare
        rtype, rname, module = str(res.get("type")), str(res.get("name")), res.get("module") or ""
        if rtype not in known:
            unsupported[rtype] = unsupported.get(rtype, 0) + len(res.get("instances") or ())
            continue
        for inst in res.get("instances") or ():
            attrs = inst.get("attributes") if isinstance(inst, dict) else None
            if not isinstance(attrs, dict):
                continue
            prefix = f"{module}." if module else ""
            address = f"{prefix}{rtype}.{rname}{key_suffix(inst.get('index_key'))}"
            state_id = attrs.get("id")
            found.append(
                RawResource(
                    rtype,
                    address,
                    _declared_attrs(attrs),
                    SourceRef(name, 1),
                    import_id=state_id
                    if rtype in STATE_IDS and isinstance(state_id, str)
                    else None,
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


def _drop_repeated(found: list[RawResource]) -> None:
    """Drop computed attributes that repeat a separate resource of the same state."""
    separate: set[tuple[str, ...]] = set()
    for r in found:
        a = r.attrs
        if r.type in BUCKET_INLINE.values():
            separate.add((r.type, str(a.get("bucket"))))
        elif r.type == "aws_iam_role_policy":
            separate.add((r.type, str(a.get("role")), str(a.get("name"))))
        elif r.type == "aws_iam_role_policy_attachment":
            separate.add((r.type, str(a.get("role")), str(a.get("policy_arn"))))
    for r in found:
        a = r.attrs
        if r.type == "aws_s3_bucket":
            for inline, owner in BUCKET_INLINE.items():
                if (owner, str(a.get("bucket"))) in separate:
                    a.pop(inline, None)
        elif r.type == "aws_iam_role":
            role = str(a.get("name"))
            a["inline_policy"] = [
                b
                for b in a.get("inline_policy") or ()
                if isinstance(b, dict)
                and b.get("name")
                and ("aws_iam_role_policy", role, str(b["name"])) not in separate
            ]
            a["managed_policy_arns"] = [
                arn
                for arn in a.get("managed_policy_arns") or ()
                if ("aws_iam_role_policy_attachment", role, str(arn)) not in separate
            ]
