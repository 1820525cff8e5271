"""One CloudFormation resource being mapped onto Terraform's shape (properties evaluated).

Each CloudFormation type's mapping lives with its resource type
(driftctl/resources/<service>/<type>.py, `CfnType.convert`): it reads `props` and
emits Terraform-shaped resources with the logical id as address. What it splits out
of the resource (a bucket's versioning) or attaches to another (a managed policy's
attachments) names the type a Ref to the logical id means (`owner`).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.manifest import tag_list
from driftctl.base.raw import RawResource
from driftctl.core.model import SourceRef
from driftctl.errors import DriftctlError


class Declaring:
    """One resource of the template being mapped: where it is and how to emit its parts."""

    def __init__(self, logical: str, source: SourceRef, props: dict[str, Any]) -> None:
        self.logical, self.source, self.props = logical, source, props
        self.out: list[RawResource] = []

    def emit(self, tf_type: str, attrs: dict[str, Any], owner: str | None = None) -> None:
        kept = {k: v for k, v in attrs.items() if v is not None}
        self.out.append(RawResource(tf_type, self.logical, kept, self.source, address_type=owner))

    def tags(self, prop: str = "Tags") -> dict[str, Any]:
        """The tag list under `prop` (EFS's `FileSystemTags`, Route53's `HostedZoneTags`)."""
        value = self.props.get(prop)
        where = f"{self.source.file}:{self.source.line}: Resources.{self.logical}.Properties.{prop}"
        if isinstance(value, dict):  # CloudFormation rejects it; dropping it hid the tags
            raise DriftctlError(
                f"{where}: a mapping, but this type's {prop} are a list",
                f"write them as a list: {prop}: [{{Key: Env, Value: prod}}]",
            )
        for i, item in enumerate(value if isinstance(value, list) else ()):
            if not (isinstance(item, dict) and "Key" in item and "Value" in item):
                raise DriftctlError(
                    f"{where}[{i}]: expected {{Key: ..., Value: ...}}",
                    "write each tag as {Key: NAME, Value: TEXT}",
                )
        return tag_list(value)
