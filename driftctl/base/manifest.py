"""Kubernetes objects as the Crossplane and ACK mappings see them, and their references.

A declared Kubernetes resource's address is `Kind/name` (`Bucket/logs`): unique within one
rendered kustomization for the kinds driftctl reads, and what a reference (`bucketRef`,
`vpcRef.from.name`, a label selector) names. A reference becomes `Ref("Kind/name", path)`,
resolved by matching once the target is bound to a live resource, exactly like a
Terraform reference.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from typing import Any

from driftctl.core.model import Ref, SourceRef, Unknown

CROSSPLANE = "crossplane"
ACK = "ack"


@dataclasses.dataclass(frozen=True)
class Manifest:
    api_version: str
    kind: str
    name: str
    namespace: str | None
    labels: Mapping[str, str]
    annotations: Mapping[str, str]
    spec: Mapping[str, Any]
    source: SourceRef

    @property
    def group(self) -> str:
        return self.api_version.rpartition("/")[0]

    @property
    def service(self) -> str:
        """`s3` of `s3.aws.upbound.io/v1beta1`."""
        return self.group.split(".", 1)[0]

    @property
    def family(self) -> str | None:
        """Whose AWS kind this is: Crossplane's Upbound provider, ACK, or neither."""
        group = self.group
        if group.endswith((".aws.upbound.io", ".aws.m.upbound.io")):
            return CROSSPLANE
        if group.endswith(".services.k8s.aws"):
            return ACK
        return None

    @property
    def is_aws(self) -> bool:
        """An AWS kind of some controller (supported or not), not a Deployment or ConfigMap."""
        group = self.group
        return self.family is not None or group.endswith(("aws.crossplane.io", "services.k8s.aws"))

    @property
    def address(self) -> str:
        return f"{self.kind}/{self.name}"

    @property
    def kind_id(self) -> str:
        return f"{self.api_version} {self.kind}"


class References:
    """The manifests of one rendering, by family and kind, for resolving references."""

    def __init__(self, manifests: Iterable[Manifest]) -> None:
        self._by_kind: dict[tuple[str | None, str], list[Manifest]] = {}
        for m in sorted(manifests, key=lambda m: (m.kind, m.name, m.namespace or "")):
            self._by_kind.setdefault((m.family, m.kind), []).append(m)
        self.warnings: list[str] = []

    def named(self, family: str, kind: str, name: Any, path: tuple[str, ...], where: str) -> Any:
        """Ref to the manifest of that kind and name; Unknown if it is not in the rendering."""
        found = [m for m in self._by_kind.get((family, kind), []) if m.name == name]
        if found:
            return Ref(found[0].address, path)
        self.warnings.append(
            f"{where}: references {kind}/{name}, which this source does not declare"
        )
        return Unknown(f"{kind}/{name} is not declared here", depends_on=f"{kind}/{name}")

    def selected(
        self, family: str, kind: str, labels: Mapping[str, Any], path: tuple[str, ...], where: str
    ) -> Any:
        """Ref to the first manifest (by name, as the API server lists them) with the labels."""
        found = [
            m
            for m in self._by_kind.get((family, kind), [])
            if all(m.labels.get(k) == v for k, v in labels.items())
        ]
        if found:
            return Ref(found[0].address, path)
        shown = ",".join(f"{k}={v}" for k, v in sorted(labels.items()))
        self.warnings.append(f"{where}: no {kind} in this source has the labels {shown}")
        return Unknown(f"no declared {kind} matches the selector {shown}")


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def snake(name: str) -> str:
    """`mapPublicIpOnLaunch` -> `map_public_ip_on_launch`, `cidrIpv4` -> `cidr_ipv4`."""
    return _CAMEL.sub("_", name).lower()


# attributes whose dict value is a map of user data (never a nested block, keys kept as is)
MAP_ATTRS = frozenset({"tags", "tags_all"})


def terraform_shape(value: Any, key: str = "") -> Any:
    """Crossplane forProvider -> Terraform's attribute shape: snake_case keys, nested blocks
    as lists of dicts (v1beta2 writes a single nested block as an object, v1beta1 as a list)."""
    if isinstance(value, dict):
        if key in MAP_ATTRS:
            return dict(value)
        block = {snake(k): terraform_shape(v, snake(k)) for k, v in value.items()}
        return [block] if key else block
    if isinstance(value, list):
        return [
            {snake(k): terraform_shape(v, snake(k)) for k, v in item.items()}
            if isinstance(item, dict)
            else terraform_shape(item, key)
            for item in value
        ]
    return value


def tag_list(value: Any) -> dict[str, Any]:
    """ACK's [{key, value}] (CloudFormation's [{Key, Value}]) as a dict."""
    out: dict[str, Any] = {}
    for item in value if isinstance(value, list) else ():
        if isinstance(item, dict):
            key = item.get("key", item.get("Key"))
            if isinstance(key, (str, int, float)):  # `Key: 2024` reads as an int
                out[key if isinstance(key, str) else str(key)] = item.get(
                    "value", item.get("Value", "")
                )
    return out
