"""The Terraform groups' moto servers, forked from one warmed process (tests/tf/motofork.py):
each is an account of its own, as a fresh server was, and is gone once stopped."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import boto3

from tests.tf import harness


def _ec2(url: str) -> Any:
    return boto3.client(
        "ec2",
        endpoint_url=url,
        region_name=harness.REGION,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )


def _vpcs(url: str) -> set[str]:
    return {v["VpcId"] for v in _ec2(url).describe_vpcs()["Vpcs"] if not v["IsDefault"]}


def test_two_servers_hold_their_own_resources_under_ids_of_their_own() -> None:
    with harness.moto_server() as one, harness.moto_server() as two:
        assert one != two
        made = {
            url: _ec2(url).create_vpc(CidrBlock="10.0.0.0/16")["Vpc"]["VpcId"] for url in (one, two)
        }
        assert _vpcs(one) == {made[one]} and _vpcs(two) == {made[two]}
        assert made[one] != made[two]  # each child reseeded moto's random ids
    with harness.moto_server() as three:  # a later one starts from the warmed state again
        assert _vpcs(three) == set()


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, IndexError):
            if (
                entry.name.isdigit()
                and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid
            ):
                found.add(int(entry.name))
    return found


def test_a_stopped_server_s_process_has_ended() -> None:
    with harness.moto_server() as url:
        forks = harness._FORKS[False]
        assert forks.pid is not None
        running = _children(forks.pid)
        assert running, url  # the server's process, forked from the warmed one
    deadline = time.monotonic() + 10  # its fds close at _exit, a moment before it is gone
    while _children(forks.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _children(forks.pid) == set()
