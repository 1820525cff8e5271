"""Accounts and regions to scan: assumed-role sessions, the organization's accounts,
the account's enabled regions."""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

import botocore.credentials
import botocore.exceptions
import botocore.loaders
import botocore.session

from driftctl.errors import DriftctlError

SESSION_NAME = "driftctl-scan"


class Session:
    """The part of boto3.Session driftctl uses, on botocore's own session: importing boto3
    (and s3transfer, which it imports) would add a tenth of a second to every scan's start."""

    def __init__(self, core: botocore.session.Session) -> None:
        self.core = core

    @property
    def region_name(self) -> str | None:
        region = self.core.get_config_variable("region")
        return str(region) if region else None

    def client(self, service: str, **kwargs: Any) -> Any:
        return self.core.create_client(service, **kwargs)


def base_session(profile: str | None) -> Session:
    try:
        core = botocore.session.Session(profile=profile)
        core.get_scoped_config()  # an unknown profile fails here, not at the first call
        # botocore's model files (endpoints, service models) parsed once per process: a
        # test suite scanning before and after each test (driftctl.pytest_plugin) would
        # otherwise parse them again for every scan, most of a scan's CPU on moto
        core.register_component("data_loader", shared_loader(core))
    except botocore.exceptions.ProfileNotFound as exc:
        raise DriftctlError(str(exc), "list profiles with: aws configure list-profiles") from exc
    return Session(core)


def shared_loader(core: botocore.session.Session) -> botocore.loaders.Loader:
    """The process's one loader of botocore's data files for this session's data path."""
    return process_loader(core.get_config_variable("data_path"))


def process_loader(data_path: str | None = None) -> botocore.loaders.Loader:
    """One loader a data path in this process (each caches the files it parsed)."""
    return _loader(data_path)


@functools.cache
def _loader(data_path: str | None) -> botocore.loaders.Loader:
    return botocore.loaders.create_loader(data_path)


def assumed_session(
    base: Session,
    role_arn: str,
    region: str,
    endpoint_url: str | None,
    clock: Callable[[], datetime] | None = None,  # aware "now" for botocore; tests fake it
) -> Session:
    """A session whose credentials come from sts:AssumeRole and refresh before they expire
    (botocore renews them 15 minutes before, and blocks callers on it from 10 minutes
    before): a scan longer than the role's session never signs with expired keys."""
    sts = base.client("sts", region_name=region, endpoint_url=endpoint_url)

    def fetch() -> dict[str, Any]:
        creds = sts.assume_role(RoleArn=role_arn, RoleSessionName=SESSION_NAME)["Credentials"]
        return {
            "access_key": creds["AccessKeyId"],
            "secret_key": creds["SecretAccessKey"],
            "token": creds["SessionToken"],
            "expiry_time": creds["Expiration"].isoformat(),
        }

    first = fetch()
    credentials = botocore.credentials.RefreshableCredentials(
        access_key=first["access_key"],
        secret_key=first["secret_key"],
        token=first["token"],
        expiry_time=datetime.fromisoformat(first["expiry_time"]),
        refresh_using=fetch,
        method="sts-assume-role",
        time_fetcher=clock or _utc_now,
    )
    core = botocore.session.get_session()
    core.register_component("data_loader", shared_loader(core))
    core._credentials = credentials  # type: ignore[attr-defined]  # botocore's injection point
    core.set_config_variable("region", region)
    return Session(core)


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def organization_accounts(base: Session, region: str, endpoint_url: str | None) -> list[str]:
    """Active accounts of the organization the credentials belong to."""
    client = base.client("organizations", region_name=region, endpoint_url=endpoint_url)
    try:
        pages = client.get_paginator("list_accounts").paginate()
        active = sorted(
            a["Id"] for page in pages for a in page["Accounts"] if a.get("Status") == "ACTIVE"
        )
    except botocore.exceptions.ClientError as exc:
        error = exc.response.get("Error", {})
        raise DriftctlError(
            f"organizations:ListAccounts failed: {error.get('Code')}: {error.get('Message')}",
            "run with credentials of the management (or a delegated administrator) account",
        ) from exc
    if not active:  # scanning nothing would report "in sync" whatever is declared
        raise DriftctlError(
            "--organization: organizations:ListAccounts lists no ACTIVE account, so there "
            "is nothing to scan",
            "check the organization's accounts, or name them with --accounts",
        )
    return active


def enabled_regions(client: Any) -> list[str]:
    """The regions enabled for the account (opted-in or not requiring opt-in)."""
    try:
        regions = client.describe_regions(AllRegions=False)["Regions"]
    except botocore.exceptions.ClientError as exc:
        error = exc.response.get("Error", {})
        raise DriftctlError(
            f"ec2:DescribeRegions failed: {error.get('Code')}: {error.get('Message')}",
            "pass the regions with --region instead of --all-regions",
        ) from exc
    # AllRegions=False already leaves out regions not opted in; an emulator may not
    return sorted(r["RegionName"] for r in regions if r.get("OptInStatus") != "not-opted-in")
