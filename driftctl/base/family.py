"""One record per type module: everything driftctl knows about a type, or a family of
types AWS reads together (a bucket and its split configurations), in one place.

A type module (`driftctl/resources/<service>/<type>.py`) builds one `Family`: its
canonical types and how each is compared (`ResourceType`), how it is read live
(`ScanSpec`) and read again for a revert (`readers`), how it is reverted
(`RevertSpec`), and how CloudFormation, Crossplane and ACK declare it (with the hints
`driftctl pr` needs to write a live value back). The registry (registry.py) collects
the families; the generic machinery reads them and names no type.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.cfn import Declaring
from driftctl.base.raw import RawResource
from driftctl.base.revert import RevertSpec
from driftctl.base.spec import ResourceType, ScanSpec
from driftctl.core.model import Drift, Resource

if TYPE_CHECKING:
    from driftctl.base.calls import Unit
    from driftctl.base.reader import Reader

# Where a canonical attribute is written in a source, for `driftctl pr`: (how, path).
#   CloudFormation (path below Properties): scalar | tags | document | set
#   Kubernetes (path below spec.forProvider / spec): scalar | map | tag_list
Where = tuple[str, tuple[str, ...]]

# A fresh read of one scan item (a bucket, a role, ...) for a revert: every canonical
# resource the scanner builds from it, or [] when it is gone.
ReadOne = Callable[["Reader", "Unit"], list[Resource]]
# A narrow fresh read for one event (driftctl watch): the attributes an event touched of
# the unit's own resource (the scan's item: the bucket, the role), read by the fewest
# calls; None where they cannot be read alone (the whole unit is read then). A value None
# in the answer means the attribute is absent.
ReadAttrs = Callable[["Reader", "Unit", frozenset[str]], "dict[str, Any] | None"]


@dataclasses.dataclass(frozen=True)
class CfnType:
    """A CloudFormation resource type mapped onto Terraform's shape."""

    name: str  # "AWS::S3::Bucket"
    convert: Callable[[Declaring], None]  # emits the Terraform-shaped resources
    emits: tuple[str, ...] = ()  # the Terraform types it declares (those driftctl reads)
    ref: tuple[str, ...] | None = None  # what `!Ref` returns: a path of the Terraform resource
    getatt: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    # the name attribute CloudFormation generates when the template leaves it out
    name_attr: str | None = None
    # codify: Terraform type -> attribute -> where the template writes it
    properties: Mapping[str, Mapping[str, Where]] = dataclasses.field(default_factory=dict)
    # codify: a `set` attribute's canonical item -> the template's entry for it
    entries: Mapping[str, Callable[[Any], dict[str, Any]]] = dataclasses.field(default_factory=dict)
    # codify: Terraform type -> its properties from live attributes (unmanaged -> template)
    imports: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]] = dataclasses.field(
        default_factory=dict
    )


# (external name or None, metadata.name, attrs) -> the explicit id, setting attrs as it goes
ExternalName = Callable[[str | None, str, dict[str, Any]], str | None]


def _no_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    return None


@dataclasses.dataclass(frozen=True)
class CrossplaneKind:
    """An Upbound provider kind (upjet-generated from the Terraform provider)."""

    service: str  # "s3" of s3.aws.upbound.io
    kind: str  # "Bucket"
    type: str  # the Terraform type it is generated from
    # crossplane.io/external-name (or metadata.name) -> identity (upjet's config per kind)
    external_name: ExternalName = _no_external_name
    # reference fields of forProvider (without Ref/Selector) -> (target kind, its path)
    refs: Mapping[str, tuple[str, tuple[str, ...]]] = dataclasses.field(default_factory=dict)
    tagged: bool = False  # the provider tags it with crossplane-kind/-name/-providerconfig
    regional: bool = True  # forProvider has a region (IAM kinds have none)
    # codify: attribute -> where forProvider writes it
    fields: Mapping[str, Where] = dataclasses.field(default_factory=dict)
    # codify: an unmanaged resource can be declared as this kind (adopted by external name)
    importable: bool = False
    # codify: attributes an imported manifest leaves out, and those that make it refuse
    import_skip: frozenset[str] = frozenset()
    import_refuse: Mapping[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class AckKind:
    """An AWS Controllers for Kubernetes kind, mapped field by field."""

    service: str  # "s3" of s3.services.k8s.aws
    kind: str  # "Bucket"
    type: str  # the Terraform type the kind itself declares (an adopted one is of it)
    convert: Callable[[AckContext], list[RawResource]]
    emits: tuple[str, ...] = ()  # every Terraform type it declares (its own first)
    version: str = "v1alpha1"
    # codify: Terraform type -> attribute -> where spec writes it
    fields: Mapping[str, Mapping[str, Where]] = dataclasses.field(default_factory=dict)
    # codify: (live id, live attributes) -> (spec, adoption-fields) of an adopting manifest
    adopt: Callable[[str, dict[str, Any]], tuple[dict[str, Any], dict[str, str]]] | None = None


def _no_id(*_: Any) -> str | None:
    return None


@dataclasses.dataclass(frozen=True)
class SnykIds:
    """An id space snyk driftctl's .driftignore lines use for a type whose ids driftctl's
    differ from: such a line is matched in snyk's space, so an old file keeps working
    (driftignore.py)."""

    type: str  # the type snyk's lines name
    space: str  # the space's name
    snyk_form: str  # how snyk writes a line, for the notice: `TYPE.POLICY-ROLE`
    our_form: str  # how driftctl writes it
    # whether a line's id part (after `TYPE.`; "" for the type alone) is in snyk's space
    claims: Callable[[str], bool]
    # snyk's id of a drifted resource, and of one change (path) of a drift, or None
    of_resource: Callable[[Drift], str | None] = _no_id
    of_change: Callable[[Drift, str], str | None] = _no_id


@dataclasses.dataclass(frozen=True)
class Family:
    types: tuple[ResourceType, ...]
    scans: tuple[ScanSpec, ...] = ()
    reverts: tuple[RevertSpec, ...] = ()
    readers: Mapping[str, ReadOne] = dataclasses.field(default_factory=dict)  # by scan name
    attr_readers: Mapping[str, ReadAttrs] = dataclasses.field(default_factory=dict)  # by scan
    cfn: tuple[CfnType, ...] = ()
    crossplane: tuple[CrossplaneKind, ...] = ()
    ack: tuple[AckKind, ...] = ()
    snyk: tuple[SnykIds, ...] = ()  # snyk driftctl's ids, where they differ (.driftignore)


def cfn_tags(attrs: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """Live tags as CloudFormation's Tags list (None when there are none)."""
    tags = attrs.get("tags") or {}
    return [{"Key": k, "Value": v} for k, v in sorted(tags.items())] or None
