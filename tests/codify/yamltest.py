"""Helpers for the golden tests of yaml:// sources: load a file as `driftctl scan` does,
diff one declaration against a live resource with the real differ, codify, and check the
edited file declares exactly the live value (and nothing else changed)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from driftctl import settings
from driftctl.aws.canonical import Declared
from driftctl.codify.base import Context
from driftctl.codify.plan import Plan, make_plan
from driftctl.commands.render import rendered
from driftctl.core.model import Change, Drift, Resource
from driftctl.engine import pipeline
from driftctl.engine.diff import diff_attrs
from driftctl.resources.registry import TYPES


@dataclasses.dataclass(frozen=True)
class Live:
    """A live resource: what the drift is against (canonical attributes)."""

    type: str
    address: str | None  # the declaration it matches; None: unmanaged
    id: str
    attrs: dict[str, Any]
    # the changes, where the differ alone cannot tell them (a $ref resolved by matching)
    changes: tuple[Change, ...] = ()


def crlf(text: str) -> str:
    """text with CRLF line endings."""
    return text.replace("\n", "\r\n")


def crlf_patch(patch: str) -> str:
    """The patch that makes the same change to the file with CRLF line endings: its
    lines of the file end in CRLF, its own header lines do not."""
    lines = patch.splitlines(keepends=True)
    own = ("--- ", "+++ ", "@@ ", "\\ ")
    return "".join(ln if ln.startswith(own) else ln[:-1] + "\r\n" for ln in lines)


def load(path: Path, parameters: tuple[str, ...] = ()) -> Declared:
    conf = settings.build(
        settings.Options(
            sources=[f"yaml://{path}"], regions=["us-east-1"], parameters=list(parameters)
        )
    )
    return pipeline.load_declared(conf)


def normalized(live: Live) -> Resource:
    attrs = TYPES[live.type].normalize(dict(live.attrs))
    return Resource(live.type, live.id, None, attrs)


def drifts(declared: Declared, lives: list[Live]) -> list[Drift]:
    out = []
    for live in lives:
        if live.address is None:
            out.append(Drift("unmanaged", live.type, live.id, None, None, action="pr"))
            continue
        res = declaration(declared, live)
        changes = live.changes or tuple(
            diff_attrs(TYPES[live.type], res.attrs, normalized(live).attrs)
        )
        assert changes, f"{live.address} does not drift"
        out.append(Drift("changed", live.type, live.id, res.address, res.source, changes, "pr"))
    return out


def declaration(declared: Declared, live: Live) -> Resource:
    return next(r for r in declared.resources if (r.type, r.address) == (live.type, live.address))


def codify(path: Path, lives: list[Live], parameters: tuple[str, ...] = ()) -> Plan:
    declared = load(path, parameters)
    found = drifts(declared, lives)
    index = {(live.type, live.id): normalized(live) for live in lives}
    imports = {d.fingerprint: path.name for d in found if d.kind == "unmanaged"}
    ctx = Context(
        path.parent,
        declared,
        index,
        imports,
        "yaml",
        path.name,
        frozenset(p.split("=")[0] for p in parameters),
    )
    return make_plan(found, ctx)


def check_codified(path: Path, lives: list[Live], before: Declared) -> None:
    """The edited file declares each live resource exactly, and nothing else changed."""
    after = load(path)
    for live in lives:
        if live.address is None:
            res = next(r for r in after.resources if r.type == live.type and r.id == live.id)
        else:
            res = declaration(after, live)
        assert diff_attrs(TYPES[live.type], res.attrs, normalized(live).attrs) == [], live
    touched = {(live.type, live.address) for live in lives}
    old = {(r["type"], r["address"]): r for r in rendered(before)["resources"]}
    new = {(r["type"], r["address"]): r for r in rendered(after)["resources"]}
    for key, entry in old.items():
        if key not in touched:
            assert {k: v for k, v in new[key].items() if k != "source"} == {
                k: v for k, v in entry.items() if k != "source"
            }, key
