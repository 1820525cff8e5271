"""Scanning an in-process emulator (moto's `mock_aws`, as the pytest plugin's users do).

moto imports a service's backend on that service's first request, in the thread that
makes it, and a scan's first requests come from many threads at once: two imports that
need each other's modules can deadlock Python's import locks (`_DeadlockError` importing
moto.elb, then moto.kinesis.models, seen under load). `import_moto_backends` imports the
backends of every service a scan reads first, once per process, when moto is loaded.
"""

from __future__ import annotations

import sys

_done: list[bool] = []


def import_moto_backends() -> None:
    """Import moto's backend of every service a scan reads, if moto is in this process."""
    if _done or "moto" not in sys.modules:
        return
    from moto.backends import get_backend

    from driftctl.resources.registry import SCANS

    for service in sorted({spec.service for spec in SCANS.values()} | {"sts"}):
        get_backend(service)  # type: ignore[call-overload]
    _done.append(True)
