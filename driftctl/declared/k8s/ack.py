"""AWS Controllers for Kubernetes (ACK) kinds onto Terraform's shape.

ACK's specs follow the AWS API (`cidrBlocks`, `ingressRules[].ipRanges[].cidrIP`,
`tagging.tagSet`), so each kind is mapped field by field, by its resource type's module
(`AckKind.convert`, with the shared helpers of ack_context.py). An S3 bucket carries its
versioning, encryption, public access block and policy inline; they are split into
Terraform's separate types, as an inline Terraform block is.

Identity: a bucket, role, policy or user name is `spec.name`; resources AWS names by id
(VPCs, subnets, security groups) are identified by the ids in
`services.k8s.aws/adoption-fields` when the manifest adopts an existing resource
(`services.k8s.aws/adoption-policy: adopt`).
`services.k8s.aws/read-only: "true"` is observe-only: only what the manifest sets is
compared (observe.observe_only_attrs), tags included. The controller tags what it
manages with services.k8s.aws/controller-version (its version: unknown here, never
drift) and services.k8s.aws/namespace.
"""

from __future__ import annotations

from driftctl.base.ack import READ_ONLY, AckContext
from driftctl.base.manifest import Manifest, References
from driftctl.base.raw import RawResource
from driftctl.declared.k8s.observe import observe_only_attrs
from driftctl.resources.registry import ACK_KINDS


def to_raw(m: Manifest, refs: References) -> list[RawResource] | None:
    """The Terraform-shaped resources a manifest declares; None for a kind not read yet."""
    kind = ACK_KINDS.get((m.service, m.kind))
    if kind is None:
        return None
    ctx = AckContext(m, refs)
    out = kind.convert(ctx)
    if ctx.observe_only:
        for raw in out:
            raw.attrs = observe_only_attrs(raw.type, raw.attrs, f"{READ_ONLY}: true")
    return out
