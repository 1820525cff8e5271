"""The registry against the Terraform AWS provider's own schema (hashicorp/aws, the
version in tests/data/terraform/aws-provider-schema.json; regenerate it with
`python scripts/terraform_schema.py` after adding a type or upgrading the provider).

For every type: each compared attribute exists, with Terraform's type and nesting
(sample values of tests/revert/samples.py are checked against it, allowing only the
deviations the type declares: `documents`, `shape`), and is not computed-only unless
the scan fills it; every other attribute the record names (natural keys, name prefix,
defaults, parent, fold parents) exists too. A typo or a guessed attribute fails here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from driftctl.base.spec import CFN_KEY, ONE_PER_REGION, ResourceType
from driftctl.resources.registry import FOLDS, TYPES, terraform_types
from tests.paths import DATA
from tests.revert.samples import SAMPLES

SCHEMA = json.loads((DATA / "terraform" / "aws-provider-schema.json").read_text())
BLOCKS: dict[str, Any] = SCHEMA["resource_schemas"]


def _field(block: dict[str, Any], name: str) -> dict[str, Any] | None:
    """An attribute ({"type": ...}) or a nested block ({"nesting_mode": ...}) of block."""
    found = block["attributes"].get(name) or block["block_types"].get(name)
    return dict(found) if found is not None else None


def _primitive(value: Any, tf_type: str, declared: bool) -> bool:
    if tf_type == "dynamic":
        return True
    if tf_type == "string":
        return isinstance(value, str)
    if tf_type == "number":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return True
        # declared "3600" is a number to Terraform (its primitive conversions)
        return (
            declared and isinstance(value, str) and value.lstrip("-").replace(".", "", 1).isdigit()
        )
    if tf_type == "bool":
        return isinstance(value, bool) or (declared and value in ("true", "false"))
    raise AssertionError(f"unknown schema type {tf_type!r}")


def _type_errors(value: Any, tf_type: Any, path: str, declared: bool) -> list[str]:
    """Where value does not have Terraform's type tf_type ("string", ["list", T], ...)."""
    if value is None:
        return []
    if isinstance(tf_type, str):
        ok = _primitive(value, tf_type, declared)
        return [] if ok else [f"{path}: {value!r} is not a {tf_type}"]
    kind, inner = tf_type
    if kind in ("list", "set"):
        if not isinstance(value, list):
            return [f"{path}: not a {kind}"]
        items = enumerate(value)
        return [e for i, v in items for e in _type_errors(v, inner, f"{path}[{i}]", declared)]
    if kind == "map":
        if not isinstance(value, dict):
            return [f"{path}: not a map"]
        pairs = value.items()
        return [e for k, v in pairs for e in _type_errors(v, inner, f"{path}.{k}", declared)]
    if kind == "object":
        if not isinstance(value, dict):
            return [f"{path}: not an object"]
        errors = []
        for key, item in value.items():
            if key not in inner:
                errors.append(f"{path}.{key}: not an attribute of the object")
            else:
                errors += _type_errors(item, inner[key], f"{path}.{key}", declared)
        return errors
    return [f"{path}: unknown schema type {tf_type!r}"]


def _fields(block: dict[str, Any], path: str, rtype: ResourceType) -> dict[str, Any]:
    """The fields a dict held for block may have: its attributes and nested blocks, and the
    attributes of the nested blocks the type flattens into it."""
    out: dict[str, Any] = {}
    for name in block["attributes"]:
        out[name] = (f"{path}.{name}", block["attributes"][name])
    for name, nested in block["block_types"].items():
        if rtype.shape.get(f"{path}.{name}") == "flatten":
            for inner, attr in nested["block"]["attributes"].items():
                out[inner] = (f"{path}.{name}.{inner}", attr)
        else:
            out[name] = (f"{path}.{name}", nested)
    return out


def _block_errors(
    value: Any, block: dict[str, Any], path: str, rtype: ResourceType, declared: bool
) -> list[str]:
    """Where a dict held for a Terraform block does not fit it (its shape deviations kept)."""
    if not isinstance(value, dict):
        return [f"{path}: not a block's attributes"]
    fields = _fields(block, path, rtype)
    errors = []
    for key, item in value.items():
        if key not in fields:
            errors.append(f"{path}.{key}: not in Terraform's {path} block")
            continue
        where, field = fields[key]
        errors += _value_errors(item, field, where, rtype, declared)
    return errors


def _value_errors(
    value: Any, field: dict[str, Any], path: str, rtype: ResourceType, declared: bool = False
) -> list[str]:
    if "type" in field:  # an attribute
        if path in rtype.documents and isinstance(value, dict) and field["type"] == "string":
            return []  # a JSON document: a string in Terraform, parsed by driftctl
        return _type_errors(value, field["type"], path, declared)
    block = field["block"]
    if rtype.shape.get(path) == "single" or field["nesting_mode"] in ("single", "group"):
        return _block_errors(value, block, path, rtype, declared)
    if not isinstance(value, list):
        return [f"{path}: a {field['nesting_mode']} of blocks, not {type(value).__name__}"]
    return [e for v in value for e in _block_errors(v, block, path, rtype, declared)]


@pytest.mark.parametrize("name", sorted(TYPES))
def test_compared_attributes_have_terraforms_type_and_nesting(name: str) -> None:
    rtype, block = TYPES[name], BLOCKS[name]
    _, live, declared = SAMPLES[name]
    errors = []
    for attr in sorted(rtype.compared):
        field = _field(block, attr)
        if field is None:
            errors.append(f"{attr}: not an attribute of {name} in the provider schema")
            continue
        for side, attrs in (("live", live), ("declared", declared)):
            if attr in attrs:
                found = _value_errors(attrs[attr], field, attr, rtype, side == "declared")
                errors += [f"{side} {e}" for e in found]
    assert not errors, "\n".join(errors)


@pytest.mark.parametrize("name", sorted(TYPES))
def test_a_computed_only_attribute_is_compared_only_when_the_scan_fills_it(name: str) -> None:
    rtype, block = TYPES[name], BLOCKS[name]
    _, live, _ = SAMPLES[name]
    for attr in sorted(rtype.compared):
        field = _field(block, attr) or {}
        computed_only = field.get("computed") and not (
            field.get("optional") or field.get("required")
        )
        assert not computed_only or attr in live, (
            f"{name}.{attr} is computed-only and not read live"
        )


@pytest.mark.parametrize("name", sorted(TYPES))
def test_every_attribute_a_record_names_exists(name: str) -> None:
    rtype, block = TYPES[name], BLOCKS[name]
    named = set(rtype.declared_defaults)
    named |= {
        k.split(".")[0]
        for key in rtype.natural_keys
        if key not in (CFN_KEY, ONE_PER_REGION)
        for k in key
    }
    named |= set(rtype.name_prefix or ())
    if rtype.parent:
        named.add(rtype.parent[1])
        assert rtype.parent[0] in TYPES
    missing = sorted(a for a in named if _field(block, a) is None)
    assert not missing, f"{name}: {missing} are not attributes in the provider schema"
    for path in rtype.shape:
        head = path.split(".")[0]
        assert _field(block, head) is not None, f"{name}: shape names {path}"
    assert set(rtype.documents) <= set(rtype.compared)


@pytest.mark.parametrize("tf_type", sorted(FOLDS))
def test_a_fold_names_its_parent_by_an_attribute_of_its_own_type(tf_type: str) -> None:
    _, fold = FOLDS[tf_type]
    assert _field(BLOCKS[tf_type], fold.parent_attr) is not None


def test_the_committed_schema_covers_every_type_the_registry_reads() -> None:
    assert sorted(BLOCKS) == terraform_types(), "run python scripts/terraform_schema.py"
    assert SCHEMA["version"], "the provider version the schema is from"


def test_the_lint_rejects_a_wrong_type_and_an_unknown_key() -> None:
    rtype = TYPES["aws_iam_role"]
    field = _field(BLOCKS["aws_iam_role"], "max_session_duration") or {}
    assert _value_errors("an hour", field, "max_session_duration", rtype)
    versioning = TYPES["aws_s3_bucket_versioning"]
    block = _field(BLOCKS["aws_s3_bucket_versioning"], "versioning_configuration") or {}
    wrong = {"status": "Enabled", "mfa": "Disabled"}
    assert _value_errors(wrong, block, "versioning_configuration", versioning)


@pytest.mark.parametrize("name", sorted(TYPES))
def test_only_attributes_terraform_computes_are_bound_to_live_values(name: str) -> None:
    """A reference to a computed attribute takes the live value once matched (bind.py);
    one Terraform does not compute is the configuration's own value (null if unset)."""
    rtype, block = TYPES[name], BLOCKS[name]
    for attr in sorted(rtype.computed):
        field = _field(block, attr) or {}
        assert field.get("computed"), f"{name}.{attr} is not computed by Terraform"
