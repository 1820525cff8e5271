"""The registry is explicit and complete: every type module is listed once, and what
each family declares fits together (kinds name types driftctl reads, one revert spec
and one scan per type, the create order respects parents)."""

from __future__ import annotations

import importlib
import pkgutil

import driftctl.resources as package
from driftctl.base.family import Family
from driftctl.resources.registry import (
    ACK_KINDS,
    CROSSPLANE_KINDS,
    FAMILIES,
    MODULES,
    ORDER,
    READERS,
    REVERTS,
    SCANS,
    TYPES,
    terraform_types,
)


def _type_modules() -> dict[str, Family]:
    """Every module of driftctl/resources/<service>/ that defines a FAMILY."""
    found = {}
    for service in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if not service.ispkg:
            continue
        services = importlib.import_module(service.name)
        for info in pkgutil.iter_modules(services.__path__, services.__name__ + "."):
            module = importlib.import_module(info.name)
            family = getattr(module, "FAMILY", None)
            if isinstance(family, Family):
                found[info.name] = family
    return found


def test_every_type_module_is_registered_once() -> None:
    modules = _type_modules()
    assert modules, "no type modules found"
    listed = {m.__name__ for m in MODULES}
    unlisted = sorted(set(modules) - listed)
    assert not unlisted, f"add to MODULES in driftctl/resources/registry.py: {unlisted}"
    assert len(listed) == len(MODULES) == len(FAMILIES)


def test_no_name_is_declared_twice() -> None:
    for attr in ("types", "scans", "reverts", "cfn", "crossplane", "ack"):
        names = [
            getattr(item, "name", None) or getattr(item, "type", None) or (item.service, item.kind)
            for f in FAMILIES
            for item in getattr(f, attr)
        ]
        assert len(names) == len(set(map(str, names))), f"{attr} declared twice"


def test_each_type_is_scanned_read_again_and_reverted() -> None:
    assert set(REVERTS) == set(TYPES)
    for rtype in TYPES.values():
        assert rtype.scan in SCANS and rtype.scan in READERS, rtype.name
    assert set(READERS) <= set(SCANS)


def test_kinds_name_types_driftctl_reads() -> None:
    known = set(terraform_types())
    for kind in CROSSPLANE_KINDS.values():
        assert kind.type in known, kind
        written = {path.split(".")[0] for path in kind.fields}
        assert not written or written <= TYPES[kind.type].compared, kind
    for ack in ACK_KINDS.values():
        assert ack.type in TYPES and set(ack.fields) <= set(TYPES)
        for tf_type, fields in ack.fields.items():
            assert {path.split(".")[0] for path in fields} <= TYPES[tf_type].compared


def test_the_create_order_puts_parents_and_dependencies_first() -> None:
    assert sorted(ORDER) == sorted(TYPES)
    for name, rtype in TYPES.items():
        for before in (*rtype.after, *(rtype.parent[:1] if rtype.parent else ())):
            assert ORDER.index(before) < ORDER.index(name), f"{before} after {name}"
