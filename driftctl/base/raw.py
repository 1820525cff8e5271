"""What a format loader hands to the canonicalizer: resources in Terraform's own shape.

Terraform's vocabulary is the lingua franca (docs/architecture.md §2): a loader for any
format produces `RawResource`s whose attrs look like a Terraform configuration
(nested blocks as lists of dicts), and `driftctl.aws.canonical` maps them onto the
canonical resource types the scanner reads.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from driftctl.core.model import SourceRef


@dataclasses.dataclass
class RawResource:
    type: str  # e.g. "aws_s3_bucket"
    address: str  # e.g. 'module.x.aws_s3_bucket.logs["a"]'
    attrs: dict[str, Any]  # evaluated; blocks are lists of dicts; may hold Unknown/Ref
    source: SourceRef
    provider: str = ""  # provider alias ("" = default provider)
    import_id: str | None = None  # explicit id (import block, tfstate, external-name)
    # attribute path ("tags.Owner", "versioning[0].enabled") -> where the value came from
    provenance: dict[str, SourceRef] = dataclasses.field(default_factory=dict)
    # the region the resource is declared in, where the format says it per resource
    # (Crossplane's forProvider.region); None: the provider's region (`regions` below)
    region: str | None = None
    # compared but never reverted (Crossplane managementPolicies ["Observe"], ACK read-only)
    observe_only: bool = False
    # the Terraform type a Ref to `address` means, when this resource shares its address with
    # that one (the versioning split out of a CloudFormation bucket); None: its own type
    address_type: str | None = None
    # natural-key attributes the format knows beyond Terraform's (CloudFormation's stack and
    # logical id, with --stack-name): added to the resource of the address's own type
    identity: dict[str, str] = dataclasses.field(default_factory=dict)
    # attribute paths (in attrs, as `tags.Token`, `rule[0].x`) whose values are sensitive:
    # marked in the configuration (driftctl.core.sensitive); the provider's schema adds its own
    sensitive: frozenset[str] = frozenset()
    # top-level attribute -> the live values its value was evaluated with (reference text ->
    # value), when the loader bound references through the match (declared/binding.py)
    bound: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Gap:
    """A part of the declared state that could not be read whole, and so may declare
    resources that are not declared: a module not installed, a `count`/`for_each` known
    only after apply, a CloudFormation resource whose condition is known only when the
    stack is deployed. A live resource of a type it could declare is never proven
    unmanaged: a revert does not delete it (driftctl.revert.state.World)."""

    where: str  # what could not be read: "module.logs", "aws_route53_record.v", a file
    reason: str  # why, in words, with what to do where there is something to do
    # the Terraform types it could declare; None: any type (a module not installed)
    types: frozenset[str] | None = None
    # the declared state could not be loaded whole (a module not installed, a directory
    # with only a backend block): the scan is incomplete (exit 2), not just the revert
    whole: bool = False


@dataclasses.dataclass
class RawDeclared:
    resources: list[RawResource]
    # provider alias -> default_tags.tags of that provider block
    default_tags: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    # provider alias -> region, where the provider block sets it
    regions: dict[str, Any] = dataclasses.field(default_factory=dict)
    # provider alias -> the keys of its default_tags whose values are sensitive
    sensitive_default_tags: dict[str, frozenset[str]] = dataclasses.field(default_factory=dict)
    # {"address", "path", "reason"} for every value that could not be evaluated
    unknown: list[dict[str, str]] = dataclasses.field(default_factory=list)
    warnings: list[str] = dataclasses.field(default_factory=list)
    # the declared addresses an unknown count/for_each waits on: once one is matched, its
    # live values are bound and the instances expanded again (driftctl.engine.bind)
    waiting: list[str] = dataclasses.field(default_factory=list)
    # what the loader found on its own, for the console (a backend block's state)
    notes: list[str] = dataclasses.field(default_factory=list)
    # "file:line:col: timestamp()" for each call of a non-deterministic function evaluated
    nondeterministic: list[str] = dataclasses.field(default_factory=list)
    # objects of the source that declare no AWS resource (Kubernetes Deployments, ...)
    skipped: int = 0
    # AWS kinds driftctl does not read yet ("ec2.aws.upbound.io/v1beta1 Instance") -> count
    unsupported: dict[str, int] = dataclasses.field(default_factory=dict)
    # the root module's output values (HCL): name -> plain value (Unknown where not known)
    outputs: dict[str, Any] = dataclasses.field(default_factory=dict)
    # every file the loader read (a module outside the source, a file(), a tfvars, ...), as
    # it named them (symlinks unresolved): what the revert's git guard checks
    inputs: list[Path] = dataclasses.field(default_factory=list)
    # the parts of the declared state that could not be read whole (Gap)
    gaps: list[Gap] = dataclasses.field(default_factory=list)
