"""snyk driftctl's scan flags that need no machinery of their own: checked here, once.

Each is either identical in effect, a clear error naming driftctl's way, or accepted with a
note that says why it changes nothing (docs/migrating-from-snyk.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from driftctl.errors import DriftctlError

PROVIDERS = ("aws+tf",)
OTHER_CLOUDS = {"github+tf": "GitHub", "gcp+tf": "Google Cloud", "azure+tf": "Azure"}


def check_to(to: str) -> None:
    """--to: driftctl compares with AWS only."""
    if to in PROVIDERS:
        return
    cloud = OTHER_CLOUDS.get(to)
    what = f"{cloud} is not supported" if cloud else "unknown cloud provider"
    raise DriftctlError(
        f"--to {to}: {what}: driftctl compares with AWS only",
        "drop --to, or pass --to aws+tf",
    )


def check_one_filter(args: Sequence[str] | None) -> None:
    """--filter given twice is an error, as in snyk's driftctl: click keeps only the last
    value of an option, and a scan silently filtered by half of what was asked for would
    report too much. args: the command's arguments as typed (None: not known)."""
    if args is None:
        return
    end = list(args).index("--") if "--" in args else len(args)
    given = [a for a in args[:end] if a == "--filter" or a.startswith("--filter=")]
    if len(given) > 1:
        raise DriftctlError(
            f"--filter given {len(given)} times: pass one expression",
            'combine them with && in one expression: --filter "(A) && (B)"',
        )


def notes(
    tf_provider_version: str | None,
    tf_lockfile: Path | None,
    deep: bool,
    azurerm_storage_account: str | None,
    azurerm_account_key: str | None,
) -> list[str]:
    """What the accepted-but-unneeded flags mean here; errors for the unsupported ones."""
    if azurerm_storage_account or azurerm_account_key:
        flag = "--azurerm-storage-account" if azurerm_storage_account else "--azurerm-account-key"
        raise DriftctlError(
            f"{flag}: Terraform state in Azure Blob Storage (tfstate+azurerm://) is not supported",
            "pull it first (terraform state pull > current.tfstate) and pass "
            "--from tfstate://current.tfstate",
        )
    out = []
    if tf_provider_version is not None:
        if not re.fullmatch(r"\d+\.\d+\.\d+", tf_provider_version):
            raise DriftctlError(
                f"--tf-provider-version {tf_provider_version}: expected X.Y.Z (e.g. 5.100.0)"
            )
        out.append(
            f"--tf-provider-version {tf_provider_version} is not needed: driftctl reads AWS "
            "with boto3 and downloads no Terraform provider"
        )
    if tf_lockfile is not None:
        out.append(
            f"--tf-lockfile {tf_lockfile} is not needed: driftctl downloads no Terraform provider"
        )
    if deep:
        out.append("--deep is how driftctl always works: every declared attribute is compared")
    return out
