"""Where a canonical (Terraform) attribute is written in a Crossplane or ACK manifest: the
inverse of each kind's mapping, as its type module declares it (`CrossplaneKind.fields`,
`AckKind.fields`), for the attributes driftctl writes back.

A location is (how, path), the path relative to the family's root (`spec.forProvider`
for Crossplane, `spec` for ACK):

  scalar    the value at the path (a v1beta1 nested block written as a one-item list is
            stepped through: `versioningConfiguration: [{status: Enabled}]`)
  map       a map of user data at the path; the drift's path names the key (tags.Owner)
  tag_list  ACK's list of {key, value} at the path; the drift's path names the key

Any other attribute (or type) needs a human.
"""

from __future__ import annotations

from driftctl.base.manifest import ACK, CROSSPLANE
from driftctl.resources.registry import ACK_KINDS, CROSSPLANE_KINDS

Where = tuple[str, tuple[str, ...]]

ROOTS: dict[str, tuple[str, ...]] = {CROSSPLANE: ("spec", "forProvider"), ACK: ("spec",)}

# tags the controller writes itself (Crossplane's tagger, ACK's controller tags): a drift
# on them is not the manifest's to codify
CONTROLLER_TAGS: dict[str, tuple[str, ...]] = {
    CROSSPLANE: ("crossplane-kind", "crossplane-name", "crossplane-providerconfig"),
    ACK: ("services.k8s.aws/",),
}

# Terraform type -> attribute -> where the manifest writes it
CROSSPLANE_FIELDS: dict[str, dict[str, Where]] = {
    k.type: dict(k.fields) for k in CROSSPLANE_KINDS.values() if k.fields
}
ACK_FIELDS: dict[str, dict[str, Where]] = {
    tf_type: dict(fields) for k in ACK_KINDS.values() for tf_type, fields in k.fields.items()
}

FIELDS: dict[str, dict[str, dict[str, Where]]] = {
    CROSSPLANE: CROSSPLANE_FIELDS,
    ACK: ACK_FIELDS,
}


def attribute(path: str, table: dict[str, Where]) -> str | None:
    """The table's attribute that path is (or is inside of): tags for tags.Owner."""
    for attr in sorted(table, key=len, reverse=True):
        if path == attr or path.startswith((attr + ".", attr + "[")):
            return attr
    return None


def is_controller_tag(family: str, key: str) -> bool:
    return any(key.startswith(prefix) for prefix in CONTROLLER_TAGS.get(family, ()))
