"""Every CloudFormation property a type maps, against the CloudFormation resource schemas
cfn-lint ships (the registry schemas of each type, us-east-1).

Each CfnType's `convert` is run on a probe: a properties object that answers exactly as
the type's schema allows (an object for an object, one item for a list, a sample scalar)
and records every property the mapping reads; each must exist in the schema. Then the
codify tables: every property path `driftctl pr` writes, every `Fn::GetAtt` attribute
and every property an imported resource is given must exist as well.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from cfnlint.schema import PROVIDER_SCHEMA_MANAGER

from driftctl.aws.canonical import canonicalize
from driftctl.base.cfn import Declaring
from driftctl.base.family import CfnType
from driftctl.base.raw import RawDeclared, RawResource
from driftctl.core.model import SourceRef
from driftctl.resources.registry import CFN_TYPES
from tests.revert.samples import SAMPLES

REGION = "us-east-1"


def _schema(name: str) -> Any:
    return PROVIDER_SCHEMA_MANAGER.get_resource_schema(REGION, name)


class _Resolver:
    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root

    def __call__(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            parts = node["$ref"].lstrip("#/").split("/")
            target: Any = self.root
            for part in parts:
                target = target[part]
            node = target
        return node


class Probe(dict[str, Any]):
    """Properties that answer as the schema allows and record what is read: every read
    descends (it is truthy), and nothing is iterated (it holds no items itself)."""

    def __init__(self, node: dict[str, Any], path: str, log: Log) -> None:
        super().__init__()
        self.node, self.path, self.log = log.resolve(node), path, log

    def _child(self, key: str) -> tuple[bool, Any]:
        props = self.node.get("properties") or {}
        where = f"{self.path}.{key}" if self.path else key
        if key not in props:
            self.log.missing.add(where)
            return False, None
        self.log.read.add(where)
        return True, self.log.sample(props[key], where)

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        found, value = self._child(key)
        return value if found else default

    def __getitem__(self, key: str) -> Any:
        found, value = self._child(key)
        if not found:
            raise KeyError(key)
        return value

    def __bool__(self) -> bool:
        return True

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._child(key)[0]


class Log:
    def __init__(self, root: dict[str, Any]) -> None:
        self.resolve = _Resolver(root)
        self.read: set[str] = set()
        self.missing: set[str] = set()
        self.out: list[RawResource] = []

    def sample(self, node: dict[str, Any], path: str) -> Any:
        node = self.resolve(node)
        kind = node.get("type")
        if kind == "array" or "items" in node:
            return [self.sample(node.get("items") or {}, f"{path}[*]")]
        if kind == "object" and "properties" in node:
            return Probe(node, path, self)
        return {"string": "x", "integer": 1, "number": 1, "boolean": True}.get(
            kind if isinstance(kind, str) else "", {}
        )


def _probe(cfn: CfnType) -> Log:
    root = _schema(cfn.name).schema
    log = Log(root)
    declaring = Declaring("Probe", SourceRef("probe.yaml", 1), Probe(root, "", log))
    cfn.convert(declaring)
    log.out = declaring.out
    return log


def _exists(root: dict[str, Any], path: tuple[str, ...]) -> bool:
    resolve = _Resolver(root)
    node = resolve(root)
    for part in path:
        node = resolve(node)
        if node.get("type") == "array" or "items" in node:
            node = resolve(node.get("items") or {})
        props = node.get("properties") or {}
        if part not in props:
            return False
        node = props[part]
    return True


TAG_ENTRY_KEYS = re.compile(r"\w*Tags\[\*\]\.(?:key|value)")


@pytest.mark.parametrize("name", sorted(CFN_TYPES))
def test_every_property_a_mapping_reads_exists(name: str) -> None:
    log = _probe(CFN_TYPES[name])
    # tags (Tags, EFS's FileSystemTags, ...): the shared tag reader tries ACK's lowercase
    # keys too; the tag property itself is checked
    missing = sorted(p for p in log.missing if not TAG_ENTRY_KEYS.fullmatch(p))
    assert log.read, f"{name}: the mapping reads no property"
    assert not missing, f"{name} has no property {missing} (cfn-lint's schema)"


@pytest.mark.parametrize("name", sorted(CFN_TYPES))
def test_a_full_resource_declares_exactly_the_types_its_record_says(name: str) -> None:
    """With every property set, the mapping declares each type of `emits` (canonical)."""
    cfn = CFN_TYPES[name]
    log = _probe(cfn)
    declared = {r.type for r in canonicalize(RawDeclared(log.out)).resources}
    assert declared == set(cfn.emits)


@pytest.mark.parametrize("name", sorted(CFN_TYPES))
def test_codify_writes_and_getatt_names_exist(name: str) -> None:
    cfn = CFN_TYPES[name]
    schema = _schema(name)
    root = schema.schema
    for tf_type, table in cfn.properties.items():
        for attr, (_, path) in table.items():
            assert _exists(root, path), f"{name}: {tf_type}.{attr} is written to {path}"
    for attribute in cfn.getatt:
        assert attribute in schema.get_atts, f"{name} has no Fn::GetAtt {attribute}"
    for tf_type, props_of in cfn.imports.items():
        written = {k for k, v in props_of(SAMPLES[tf_type][1]).items() if v is not None}
        unknown = sorted(p for p in written if not _exists(root, (p,)))
        assert not unknown, f"{name}: an imported {tf_type} would get {unknown}"
    for attr, entry_of in cfn.entries.items():
        (_, path), tf_type = _where(cfn, attr)
        for item in SAMPLES[tf_type][1].get(attr) or ():
            for key in entry_of(item):
                assert _exists(root, (*path, key)), f"{name}: {attr} entries get {key}"


def _where(cfn: CfnType, attr: str) -> tuple[tuple[str, tuple[str, ...]], str]:
    for tf_type, table in cfn.properties.items():
        if attr in table:
            return table[attr], tf_type
    raise AssertionError(f"{cfn.name}: entries for {attr}, which no property table writes")


def test_the_probe_catches_a_misspelt_property() -> None:
    def misspelt(d: Declaring) -> None:
        d.props.get("BucketNmae")

    log = _probe(CfnType("AWS::S3::Bucket", misspelt))
    assert log.missing == {"BucketNmae"}
