"""What the RDS types share: tags by ListTagsForResource, where the describe call carries
none, the tag calls of a revert, and a fresh read by the describe call's identifier filter."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.core.model import Resource, is_known
from driftctl.resources.generic import read_first, resource_name_tagger
from driftctl.resources.spec import DetailCall, ScanSpec
from driftctl.revert.calls import Attrs, Call, Ctx

if TYPE_CHECKING:
    from driftctl.revert.readers import Reader


def tags_updater(kind: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """AddTagsToResource / RemoveTagsFromResource on the resource's ARN."""
    return resource_name_tagger("rds", kind)


def tag_details(arn_key: str, gone: frozenset[str]) -> DetailCall:
    """ListTagsForResource per item, where the describe call carries no tags."""
    return DetailCall(
        "tags",
        "list_tags_for_resource",
        lambda item: {"ResourceName": item[arn_key]},
        gone,
    )


def read_by(
    spec: ScanSpec, operation: str, key: str, gone: frozenset[str]
) -> Callable[[Reader, Any], list[Resource]]:
    """A fresh read of one item: the scan's describe call with its identifier."""
    return read_first(spec, "rds", operation, key, gone)


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
