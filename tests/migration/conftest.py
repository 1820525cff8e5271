"""A snyk driftctl user's world, built once: the fixture stack applied to moto and drifted
by hand, its Terraform state (as `terraform apply` writes it) beside a copy of its HCL,
and a live snapshot of the account, so each snyk form runs offline with `--live`.

`world.endpoint` stays up for the tests that read AWS itself (a backend's S3 state)."""

from __future__ import annotations

import json
import os
import shutil
import urllib.request
from collections.abc import Iterator

import boto3
import pytest

from driftctl.demo import emulator
from tests.declared.tfstate_fixture import stack_state
from tests.e2e import fixture_stack
from tests.migration.world import World, world_scan
from tests.paths import STACK


@pytest.fixture(scope="session")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    root = tmp_path_factory.mktemp("snyk-world")
    saved = {k: os.environ.get(k) for k in emulator.FAKE_CREDENTIALS}
    os.environ.update(emulator.FAKE_CREDENTIALS)
    try:
        with emulator.moto_server() as endpoint:
            request = urllib.request.Request(f"{endpoint}/moto-api/reset", method="POST")
            urllib.request.urlopen(request, timeout=60).close()
            ids = fixture_stack.apply(endpoint)
            iam = boto3.client("iam", region_name="us-east-1", endpoint_url=endpoint)
            arn = iam.list_policies(Scope="Local")["Policies"][0]["Arn"]
            shutil.copytree(STACK / "hcl", root / "stack")
            state = json.dumps(stack_state(ids, arn), indent=2)
            (root / "stack" / "terraform.tfstate").write_text(state)
            fixture_stack.drift(endpoint, ids)
            made = world_scan(root, endpoint)
            assert made.code == 1, made.stderr
            yield World(root, endpoint, ids, arn)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
