"""What the RDS instance and cluster share: how both sides are normalized. (Their tags,
tag calls and fresh reads are base/helpers' resource_name_tags, resource_name_tagger and
read_first, shared with ElastiCache.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftctl.core.model import is_known

# the parts of a full engine version ("16.3" is 2; "8.0.35" is 3), by engine
FULL_VERSION = {"postgres": 2, "aurora-postgresql": 2, "mysql": 3, "mariadb": 3, "aurora-mysql": 3}


def normalize(window_attr: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Both sides of an instance or a cluster: the maintenance window (`window_attr`) in
    lower case as AWS keeps it; a major-only engine version left out (AWS picks the minor
    one); no KMS key as ""."""

    def normalized(attrs: dict[str, Any]) -> dict[str, Any]:
        out = dict(attrs)
        window = out.get(window_attr)
        if isinstance(window, str) and is_known(window):
            out[window_attr] = window.lower()
        version, engine = out.get("engine_version"), out.get("engine")
        if isinstance(version, str) and is_known(version) and isinstance(engine, str):
            parts = FULL_VERSION.get(engine)
            if parts and len(version.split(".")) < parts:
                out.pop("engine_version")
        if out.get("kms_key_id") is None and "kms_key_id" in out:
            out["kms_key_id"] = ""
        return out

    return normalized
