"""Is a region name one AWS has? Checked before any call, so that a typo (`us-east1`) is
"unknown region", not a DNS failure reported as "cannot reach the AWS endpoint".

A region is known when botocore's partition data lists it, or when it has the form of a
partition's regions (botocore's `regionRegex`): a region newer than the installed
botocore still passes.
"""

from __future__ import annotations

import difflib
import functools
import re
from typing import Any

from driftctl.errors import DriftctlError


@functools.cache
def _partitions() -> list[dict[str, Any]]:
    import botocore.loaders

    data: dict[str, Any] = botocore.loaders.create_loader().load_data("partitions")
    return list(data.get("partitions", []))


@functools.cache
def known_regions() -> frozenset[str]:
    return frozenset(
        name
        for partition in _partitions()
        for name in partition.get("regions", {})
        if not name.endswith("-global")
    )


def is_region(name: str) -> bool:
    if name in known_regions():
        return True
    return any(
        re.fullmatch(str(p["regionRegex"]).strip("^$"), name)
        for p in _partitions()
        if p.get("regionRegex")
    )


def check_region(name: str, where: str) -> str:
    """name, or a DriftctlError saying where it came from (`--region`, `AWS_REGION`, ...)."""
    if is_region(name):
        return name
    close = difflib.get_close_matches(name.lower(), sorted(known_regions()), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]}?" if close else "e.g. us-east-1, eu-west-1"
    raise DriftctlError(f"{where} {name}: unknown AWS region", hint)
