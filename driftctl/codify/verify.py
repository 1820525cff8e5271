"""After editing: the re-rendered declared state, diffed against the same live snapshot,
must have lost exactly the codified drifts and nothing else may have changed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from driftctl.aws.canonical import Declared
from driftctl.commands.render import rendered
from driftctl.core.model import Drift, Report
from driftctl.errors import DriftctlError

HINT = "nothing was pushed; codify these drifts by hand, or narrow the rule that says `pr`"


NOT_ADOPTED = (
    "the new declaration would not adopt it (it still drifts once written): declare it by hand"
)


def not_adopted(after: Report, codified: Sequence[Drift]) -> list[Drift]:
    """The unmanaged drifts whose new declaration does not declare them: still there after."""
    got = Counter(d.fingerprint for d in after.drifts)
    return [d for d in codified if d.kind == "unmanaged" and got[d.fingerprint]]


def check(
    before: Report,
    after: Report,
    codified: Sequence[Drift],
    declared_before: Declared,
    declared_after: Declared,
    settles: frozenset[tuple[str, str, str]] = frozenset(),
) -> None:
    """settles: (type, id, path) a controller changes itself once it adopts a new
    declaration; a drift of only those (absent live) is expected, not new."""
    expected = Counter(d.fingerprint for d in before.drifts)
    expected.subtract(d.fingerprint for d in codified)
    got = Counter(d.fingerprint for d in after.drifts)
    stayed = [d for d in codified if got[d.fingerprint]]
    if stayed:
        raise DriftctlError(f"the edit did not codify {_name(stayed[0])}: it still drifts", HINT)
    appeared = [
        d
        for d in after.drifts
        if got[d.fingerprint] > expected[d.fingerprint] and not _settles(d, settles)
    ]
    if appeared:
        raise DriftctlError(f"the edit would create new drift on {_name(appeared[0])}", HINT)
    gone = [d for d in before.drifts if expected[d.fingerprint] > got[d.fingerprint]]
    if gone:
        raise DriftctlError(f"the edit also changed {_name(gone[0])}, which was not codified", HINT)
    touched = {(d.type, d.address) for d in codified if d.address}
    old, new = _by_key(declared_before, touched), _by_key(declared_after, touched)
    for key in sorted(set(old) & set(new)):
        if old[key] != new[key]:
            raise DriftctlError(f"the edit also changed the declaration of {key[1]}", HINT)
    for key in sorted(set(old) - set(new)):
        raise DriftctlError(f"the edit removed the declaration of {key[1]}", HINT)


def _settles(d: Drift, settles: frozenset[tuple[str, str, str]]) -> bool:
    return (
        d.kind == "changed"
        and bool(d.changes)
        and all((d.type, d.id, c.path) in settles and c.actual is None for c in d.changes)
    )


def _by_key(declared: Declared, touched: set[tuple[str, str]]) -> dict[tuple[str, str], Any]:
    out: dict[tuple[str, str], Any] = {}
    for entry in rendered(declared, masked=False)["resources"]:  # compared, never shown
        key = (entry["type"], entry["address"])
        if key not in touched and entry["address"] is not None:
            out[key] = {k: v for k, v in entry.items() if k != "source"}
    return out


def _name(d: Drift) -> str:
    paths = ", ".join(c.path for c in d.changes)
    return f"{d.address or d.id} ({d.kind}{': ' + paths if paths else ''})"
