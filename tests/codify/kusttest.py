"""Helpers for the golden tests of kustomize:// sources: copy a fixture tree, build it
with the real kustomize as `driftctl scan` does, diff declarations against live resources
with the real differ, codify, and check the edited tree declares the live values."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from driftctl import settings
from driftctl.aws.canonical import Declared
from driftctl.codify.base import Context, write_text
from driftctl.codify.plan import Plan, make_plan
from driftctl.commands.render import rendered
from driftctl.engine import pipeline
from driftctl.engine.diff import diff_attrs
from driftctl.resources.registry import TYPES
from tests.codify.yamltest import Live, declaration, drifts, normalized

FIXTURES = Path(__file__).parent / "kustomize"


def copy(name: str, tmp_path: Path) -> Path:
    shutil.copytree(FIXTURES / name, tmp_path / name)
    return tmp_path / name


def load(source: Path) -> Declared:
    conf = settings.build(
        settings.Options(sources=[f"kustomize://{source}"], regions=["us-east-1"])
    )
    return pipeline.load_declared(conf)


def codify(source: Path, lives: list[Live], imports: dict[str, str] | None = None) -> Plan:
    """source: the kustomization directory (or a rendered manifest file) given to --from."""
    declared = load(source)
    found = drifts(declared, lives)
    index = {
        (live.type, live.id): dataclasses.replace(normalized(live), region="us-east-1")
        for live in lives
    }
    root, single = (source, None) if source.is_dir() else (source.parent, source.name)
    files = {
        d.fingerprint: (imports or {}).get(d.id or "", single or "driftctl_imported.yaml")
        for d in found
        if d.kind == "unmanaged"
    }
    ctx = Context(root, declared, index, files, "kustomize", single)
    return make_plan(found, ctx)


def write(root: Path, plan: Plan) -> None:
    for file, (_, after) in plan.files.items():
        write_text(root / file, after)


def check_codified(source: Path, lives: list[Live], before: Declared, plan: Plan) -> None:
    """The edited tree declares each live resource exactly (a new one: up to the tags its
    controller writes when it adopts it), and no other declaration changed."""
    after = load(source)
    for live in lives:
        if live.address is None:
            res = next(r for r in after.resources if r.type == live.type and r.id == live.id)
        else:
            res = declaration(after, live)
        changes = diff_attrs(TYPES[live.type], res.attrs, normalized(live).attrs)
        assert all(
            (live.type, live.id, c.path) in plan.settles and c.actual is None for c in changes
        ), (live, changes)
    touched = {(live.type, live.address) for live in lives}
    old = {(r["type"], r["address"]): r for r in rendered(before)["resources"]}
    new = {(r["type"], r["address"]): r for r in rendered(after)["resources"]}
    for key, entry in old.items():
        if key not in touched:
            assert {k: v for k, v in new[key].items() if k != "source"} == {
                k: v for k, v in entry.items() if k != "source"
            }, key
