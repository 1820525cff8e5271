"""The rendered declared state (`driftctl render`, docs/architecture.md §8) as frozen data.

Secrets are masked when it is turned into JSON, as in every output: a sensitive value
(driftctl.sensitive) is {"$sensitive": true}, a value under a secret-looking name ***
(driftctl.report.mask)."""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Any

from driftctl.model import Resource, to_plain

if TYPE_CHECKING:
    from driftctl.aws.canonical import Declared


@dataclasses.dataclass(frozen=True)
class Rendered:
    """The declared state, evaluated and normalized, exactly as the diff compares it:
    resources sorted by (type, address, id); what is known only after apply, by address and
    path; the loaders' warnings, sorted."""

    resources: tuple[Resource, ...]
    unknown: tuple[dict[str, str], ...] = ()
    warnings: tuple[str, ...] = ()
    outputs: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, declared: Declared) -> Rendered:
        return cls(
            tuple(sorted(declared.resources, key=lambda r: (r.type, r.address or "", r.id or ""))),
            tuple(sorted(declared.unknown, key=lambda u: (u["address"], u["path"]))),
            tuple(sorted(declared.warnings)),
            tuple(sorted(declared.outputs.items())),
        )

    def to_json(self, masked: bool = True) -> dict[str, Any]:
        """As `driftctl render` prints it: secrets masked ({"$sensitive": true} for a
        sensitive value, *** under a secret-looking name); masked=False keeps them (for
        comparing in memory, never for output)."""
        return {
            "schema_version": 1,
            "resources": [
                {
                    "type": r.type,
                    "address": r.address,
                    "id": r.id,
                    "attrs": shown_attrs(r) if masked else to_plain(r.attrs),
                    "source": r.source.to_json() if r.source else None,
                }
                for r in self.resources
            ],
            "outputs": {k: _shown_output(v) if masked else to_plain(v) for k, v in self.outputs},
            "unknown": list(self.unknown),
            "warnings": list(self.warnings),
        }

    def text(self) -> str:
        """The JSON `driftctl render` prints."""
        from driftctl import gcpause

        with gcpause.paused():  # plain data, no cycles: a large rendering is millions of objects
            return json.dumps(self.to_json(), sort_keys=True, indent=2) + "\n"


def shown_attrs(r: Resource) -> Any:
    """r's attrs as plain JSON, secrets masked."""
    from driftctl import sensitive  # its registry is loaded only when something is shown
    from driftctl.report.mask import mask_value

    plain = to_plain(r.attrs)
    return sensitive.rendered(mask_value(plain), sensitive.of(r.type, r.sensitive))


def _shown_output(value: Any) -> Any:
    """An output's value as plain JSON, secrets masked (a sensitive output is already an
    Unknown, see driftctl.declared.hcl.module)."""
    from driftctl.report.mask import mask_value

    return mask_value(to_plain(value))
