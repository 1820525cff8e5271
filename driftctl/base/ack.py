"""One ACK manifest being mapped onto Terraform's shape, as each kind's mapping sees it.

Each ACK kind's mapping lives with its resource type (driftctl/resources/<service>/
<type>.py, `AckKind.convert`); this is what they share: the spec, references to other
manifests, the controller's own tags, identity from adoption annotations, and how a
Terraform-shaped resource is emitted (declared/k8s/ack.py applies read-only afterwards).
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.base.manifest import ACK, Manifest, References, tag_list
from driftctl.base.raw import RawResource
from driftctl.core.model import Unknown

ADOPTION_POLICY = "services.k8s.aws/adoption-policy"
ADOPTION_FIELDS = "services.k8s.aws/adoption-fields"
READ_ONLY = "services.k8s.aws/read-only"
REGION = "services.k8s.aws/region"


class AckContext:
    """One manifest being mapped: its spec, references, and what every resource shares."""

    def __init__(self, m: Manifest, refs: References) -> None:
        self.m, self.refs, self.spec = m, refs, m.spec
        self.observe_only = m.annotations.get(READ_ONLY) == "true"
        adopt = m.annotations.get(ADOPTION_POLICY)
        self.adopt_ids = adopt == "adopt"  # adopt-or-create may create: its ids may differ
        try:
            fields = json.loads(m.annotations.get(ADOPTION_FIELDS) or "{}") if adopt else {}
        except json.JSONDecodeError:
            fields = {}
        self.adoption: dict[str, Any] = fields if isinstance(fields, dict) else {}

    def ref(self, value: Any, ref: Any, kind: str, path: tuple[str, ...] = ("id",)) -> Any:
        """A literal id, else the `xxxRef: {from: {name}}` reference to a manifest."""
        if value is not None or not isinstance(ref, dict):
            return value
        source = ref.get("from")
        name = source.get("name") if isinstance(source, dict) else None
        return self.refs.named(ACK, kind, name, path, f"{self.m.address} spec")

    def tags(self, declared: Any) -> dict[str, Any] | None:
        """ACK's tag list as a dict, with the controller's own tags; for a read-only
        resource only the tags it declares (None: none declared, not compared)."""
        tags = tag_list(declared)
        if self.observe_only:
            return tags if declared is not None else None
        return {
            **tags,
            "services.k8s.aws/controller-version": Unknown("set by the ACK controller"),
            "services.k8s.aws/namespace": self.m.namespace
            or Unknown("the namespace the manifest is applied to"),
        }

    def raw(
        self, tf_type: str, attrs: dict[str, Any], import_id: Any = None, owner: str | None = None
    ) -> RawResource:
        region = self.m.annotations.get(REGION)
        attrs = {k: v for k, v in attrs.items() if v is not None}
        return RawResource(
            tf_type,
            self.m.address,
            attrs,
            self.m.source,
            import_id=import_id if isinstance(import_id, str) and self.adopt_ids else None,
            region=region,
            observe_only=self.observe_only,
            address_type=owner,
        )

    def name(self) -> Any:
        return self.spec.get("name") or self.adoption.get("name") or self.m.name

    def policy_arns(self) -> list[Any]:
        """`policies` (ARNs) and `policyRefs` (Policy manifests) of a role or user."""
        arns = [a for a in self.spec.get("policies") or () if isinstance(a, str)]
        refs = [self.ref(None, r, "Policy", ("arn",)) for r in self.spec.get("policyRefs") or ()]
        return [*arns, *refs]

    def inline_policies(self) -> list[dict[str, Any]]:
        """`inlinePolicies` (name -> document) of a role or user, by name."""
        inline = self.spec.get("inlinePolicies")
        items = sorted(inline.items()) if isinstance(inline, dict) else []
        return [{"name": name, "policy": doc} for name, doc in items]
