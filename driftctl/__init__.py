"""driftctl: keep live AWS infrastructure equal to what a git repository declares.

The Python API (docs/api.md) is re-exported here from driftctl.api, loaded on first use:
`import driftctl` stays as cheap as the CLI's start needs it to be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.util.version import __version__ as __version__

if TYPE_CHECKING:
    from driftctl.api import (
        LiveSnapshot,
        Rendered,
        Report,
        RevertPlan,
        check_rules,
        evaluate,
        load_rules,
        plan_revert,
        read_live,
        render,
        scan,
    )
    from driftctl.errors import DriftctlError

__all__ = [
    "DriftctlError",
    "LiveSnapshot",
    "Rendered",
    "Report",
    "RevertPlan",
    "check_rules",
    "evaluate",
    "load_rules",
    "plan_revert",
    "read_live",
    "render",
    "scan",
]
_API = frozenset(__all__) - {"DriftctlError"}


def __getattr__(name: str) -> Any:
    if name in _API:
        from driftctl import api

        return getattr(api, name)
    if name == "DriftctlError":
        from driftctl.errors import DriftctlError

        return DriftctlError
    raise AttributeError(f"module 'driftctl' has no attribute {name!r}")
