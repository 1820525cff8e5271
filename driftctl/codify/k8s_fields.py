"""Where a canonical (Terraform) attribute is written in a Crossplane or ACK manifest: the
inverse of driftctl/declared/k8s/crossplane.py and ack.py, as data, for the attributes
driftctl writes back.

A location is (how, path), the path relative to the family's root (`spec.forProvider`
for Crossplane, `spec` for ACK):

  scalar    the value at the path (a v1beta1 nested block written as a one-item list is
            stepped through: `versioningConfiguration: [{status: Enabled}]`)
  map       a map of user data at the path; the drift's path names the key (tags.Owner)
  tag_list  ACK's list of {key, value} at the path; the drift's path names the key

Any other attribute (or type) needs a human.
"""

from __future__ import annotations

from driftctl.declared.k8s.manifest import ACK, CROSSPLANE

Where = tuple[str, tuple[str, ...]]

ROOTS: dict[str, tuple[str, ...]] = {CROSSPLANE: ("spec", "forProvider"), ACK: ("spec",)}

# tags the controller writes itself (Crossplane's tagger, ACK's controller tags): a drift
# on them is not the manifest's to codify
CONTROLLER_TAGS: dict[str, tuple[str, ...]] = {
    CROSSPLANE: ("crossplane-kind", "crossplane-name", "crossplane-providerconfig"),
    ACK: ("services.k8s.aws/",),
}


def _scalars(**fields: str) -> dict[str, Where]:
    """attr=camelCaseField pairs, each a scalar at the top of the root."""
    return {attr: ("scalar", (field,)) for attr, field in fields.items()}


XP_TAGS: Where = ("map", ("tags",))
_XP_PAB = _scalars(
    block_public_acls="blockPublicAcls",
    block_public_policy="blockPublicPolicy",
    ignore_public_acls="ignorePublicAcls",
    restrict_public_buckets="restrictPublicBuckets",
)

CROSSPLANE_FIELDS: dict[str, dict[str, Where]] = {
    "aws_s3_bucket": {"tags": XP_TAGS},
    "aws_s3_bucket_versioning": {
        "versioning_configuration.status": ("scalar", ("versioningConfiguration", "status")),
        "versioning_configuration.mfa_delete": (
            "scalar",
            ("versioningConfiguration", "mfaDelete"),
        ),
    },
    "aws_s3_bucket_public_access_block": _XP_PAB,
    "aws_vpc": {
        "tags": XP_TAGS,
        **_scalars(
            enable_dns_hostnames="enableDnsHostnames",
            enable_dns_support="enableDnsSupport",
            instance_tenancy="instanceTenancy",
        ),
    },
    "aws_subnet": {"tags": XP_TAGS, **_scalars(map_public_ip_on_launch="mapPublicIpOnLaunch")},
    "aws_security_group": {"tags": XP_TAGS, **_scalars(description="description")},
    "aws_iam_role": {
        "tags": XP_TAGS,
        **_scalars(
            description="description",
            max_session_duration="maxSessionDuration",
            path="path",
        ),
    },
    "aws_iam_policy": {"tags": XP_TAGS, **_scalars(description="description", path="path")},
    "aws_iam_user": {"tags": XP_TAGS, **_scalars(path="path")},
}

ACK_TAGS: Where = ("tag_list", ("tags",))

ACK_FIELDS: dict[str, dict[str, Where]] = {
    "aws_s3_bucket": {"tags": ("tag_list", ("tagging", "tagSet"))},
    "aws_s3_bucket_versioning": {
        "versioning_configuration.status": ("scalar", ("versioning", "status")),
        "versioning_configuration.mfa_delete": ("scalar", ("versioning", "mfaDelete")),
    },
    "aws_s3_bucket_public_access_block": {
        "block_public_acls": ("scalar", ("publicAccessBlock", "blockPublicACLs")),
        "block_public_policy": ("scalar", ("publicAccessBlock", "blockPublicPolicy")),
        "ignore_public_acls": ("scalar", ("publicAccessBlock", "ignorePublicACLs")),
        "restrict_public_buckets": ("scalar", ("publicAccessBlock", "restrictPublicBuckets")),
    },
    "aws_vpc": {
        "tags": ACK_TAGS,
        **_scalars(
            enable_dns_hostnames="enableDNSHostnames",
            enable_dns_support="enableDNSSupport",
            instance_tenancy="instanceTenancy",
        ),
    },
    "aws_subnet": {"tags": ACK_TAGS, **_scalars(map_public_ip_on_launch="mapPublicIPOnLaunch")},
    "aws_security_group": {"tags": ACK_TAGS, **_scalars(description="description")},
    "aws_iam_role": {
        "tags": ACK_TAGS,
        **_scalars(
            description="description",
            max_session_duration="maxSessionDuration",
            path="path",
        ),
    },
    "aws_iam_policy": {"tags": ACK_TAGS, **_scalars(description="description", path="path")},
    "aws_iam_user": {"tags": ACK_TAGS, **_scalars(path="path")},
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
