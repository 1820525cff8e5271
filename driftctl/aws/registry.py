"""The explicit registry of scan specs and resource types. Built here, nowhere else."""

from __future__ import annotations

from driftctl.aws import ec2, iam, s3
from driftctl.aws.types import Fold, ResourceType, ScanSpec

SCANS: dict[str, ScanSpec] = {spec.name: spec for mod in (s3, ec2, iam) for spec in mod.SCANS}
TYPES: dict[str, ResourceType] = {t.name: t for mod in (s3, ec2, iam) for t in mod.TYPES}

# Terraform type -> (canonical type, converter); folds -> (owning type, Fold)
CONVERTERS = {tf: (t, conv) for t in TYPES.values() for tf, conv in t.from_terraform.items()}
FOLDS: dict[str, tuple[ResourceType, Fold]] = {
    tf: (t, fold) for t in TYPES.values() for tf, fold in t.folds.items()
}


def terraform_types() -> list[str]:
    """Every Terraform type driftctl reads (canonical types plus folded and split ones)."""
    return sorted({*CONVERTERS, *FOLDS})
