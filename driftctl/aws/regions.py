"""Is a region name one AWS has? Checked before any call, so that a typo (`us-east1`) is
"not an AWS region", not a DNS failure reported as "cannot reach the AWS endpoint".

A region is known when botocore's partition data lists it, or when it has the form of a
partition's regions (botocore's `regionRegex`) with a direction some known region has
(`ap-southeast-99`): a region newer than the installed botocore still passes.
"""

from __future__ import annotations

import difflib
import functools
import re
from typing import Any

from driftctl.errors import DriftctlError


@functools.cache
def _partitions() -> list[dict[str, Any]]:
    from driftctl.aws.accounts import process_loader

    data: dict[str, Any] = process_loader().load_data("partitions")
    return list(data.get("partitions", []))


@functools.cache
def known_regions() -> frozenset[str]:
    return frozenset(
        name
        for partition in _partitions()
        for name in partition.get("regions", {})
        if not name.endswith("-global")
    )


@functools.cache
def _forms() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The directions of known regions (`southeast`, `gov-west`), and each partition's
    region pattern."""
    words = frozenset(
        r.split("-", 1)[1].rsplit("-", 1)[0] for r in known_regions() if r.count("-") >= 2
    )
    patterns = tuple(re.compile(p["regionRegex"]) for p in _partitions() if p.get("regionRegex"))
    return words, patterns


def is_region(name: str) -> bool:
    if name in known_regions():
        return True
    words, patterns = _forms()
    middle = name.split("-", 1)[-1].rsplit("-", 1)[0]
    return middle in words and any(p.fullmatch(name) for p in patterns)


def check_region(name: str, where: str) -> str:
    """name, or a DriftctlError naming where it came from (`--region us-east1`,
    `AWS_REGION=us-east1`, ...)."""
    if is_region(name):
        return name
    close = difflib.get_close_matches(name.lower(), sorted(known_regions()), n=1, cutoff=0.6)
    raise DriftctlError(
        f"{where}: not an AWS region",
        f"did you mean {close[0]}?" if close else "e.g. us-east-1 or eu-west-1",
    )


@functools.cache
def _offered_in(service: str) -> dict[str, frozenset[str]]:
    """Per partition, the regions botocore's endpoint data offers `service` in."""
    import botocore.session

    from driftctl.aws.accounts import shared_loader

    session = botocore.session.get_session()
    # the scan's clients parse the same service models: parsed once, through their loader
    session.register_component("data_loader", shared_loader(session))
    return {
        p: frozenset(session.get_available_regions(service, p))
        for p in session.get_available_partitions()
    }


@functools.cache
def _partition_of(region: str) -> str | None:
    """The partition botocore lists `region` in (None: a region it does not know)."""
    for partition in _partitions():
        if region in partition.get("regions", {}):
            return str(partition["id"])
    return None


def offered(service: str, region: str) -> bool:
    """Whether a scan reads `service` in `region`: not where botocore knows the region and
    offers the service elsewhere in its partition or nowhere in it (Cognito's user pools
    in the China regions: no endpoint answers there). A region botocore does not know
    (newer than it) is read, and so is a service whose endpoint data botocore lacks."""
    partition = _partition_of(region)
    regions = _offered_in(service).get(partition or "")
    if partition is None or regions is None or not any(_offered_in(service).values()):
        return True
    return region in regions
