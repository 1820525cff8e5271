"""`driftctl revert` under faults: a fault in the scan makes no call that changes anything;
a fault in call 9 of 12 stops the run there with the journal saying what was done, and
`--undo` from that journal puts the account back as it was."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import git
import pytest

from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from tests.faults.helpers import Injected, clean, run
from tests.faults.proxy import KINDS, Fault, ProxyStats, fault_proxy
from tests.kit.cli import Run, driftctl
from tests.kit.live import snapshot
from tests.revert import stack

TRUST = "iam:UpdateAssumeRolePolicy"  # call 9 of the 12 the drifted demo stack needs
READS = ("Describe", "Get", "List", "Head")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = tmp_path / "infra"
    shutil.copytree(FIXTURE, path)
    r = git.Repo.init(path)
    r.index.add([p.name for p in sorted(path.iterdir()) if p.is_file()])
    r.index.commit("infra", author=git.Actor("t", "t@example.com"))
    (tmp_path / "rules.yaml").write_text(stack.RULES)
    return path


@pytest.fixture
def drifted(endpoint: str) -> dict[str, str]:
    ids = demo_stack.apply(endpoint)
    stack.drift_everything(endpoint, ids)
    return ids


def revert(aws: str, repo: Path, *args: str, hang: bool = False) -> Run:
    return run(
        "revert",
        "--from",
        f"hcl://{repo}",
        "--endpoint-url",
        aws,
        "--region",
        "us-east-1",
        "--rules",
        str(repo.parent / "rules.yaml"),
        "--no-cache",
        "--max-attempts",
        "2",
        *args,
        cwd=repo.parent,
        hang=hang,
    )


def live(endpoint: str, repo: Path, name: str) -> dict[tuple[str, str], Any]:
    return snapshot(endpoint, repo, repo.parent / f"{name}.json")


def changes_made(stats: ProxyStats) -> list[str]:
    """The operations sent that change something (not reads, not the preflight, not a DryRun)."""
    with stats.lock:
        ops = list(stats.requests)
    return sorted(
        op for op in ops if not op.split(":")[1].startswith(READS) and op != "sts:GetCallerIdentity"
    )


@pytest.mark.parametrize("kind", KINDS)
def test_a_fault_while_scanning_changes_nothing(
    endpoint: str, repo: Path, drifted: dict[str, str], injected: Injected, kind: str
) -> None:
    op = "ec2:DescribeVpcAttribute"
    with fault_proxy(endpoint, [Fault(op, kind)]) as (proxy, stats):
        got = revert(proxy, repo, "--approve", hang=kind == "hang")
    injected.record("revert", stats)
    assert stats.injected_ops() == {op}
    assert got.code == 2, got.stdout + got.stderr
    first = got.stderr.splitlines()[0]
    assert first.startswith("error: the scan is incomplete (ec2/us-east-1: DescribeVpcAttribute"), (
        first
    )
    assert clean(got.stderr)
    assert changes_made(stats) == []  # every request went through the proxy: none changed
    assert not (repo.parent / ".driftctl").exists()  # no journal: nothing was to be done


@pytest.mark.parametrize("kind", KINDS)
def test_a_fault_in_a_call_stops_there_and_undo_puts_everything_back(
    endpoint: str, repo: Path, drifted: dict[str, str], injected: Injected, kind: str
) -> None:
    before = live(endpoint, repo, "before")
    journal = repo.parent / "journal"
    with fault_proxy(endpoint, [Fault(TRUST, kind)]) as (proxy, stats):
        got = revert(proxy, repo, "--approve", "--journal-dir", str(journal), hang=kind == "hang")
    injected.record("revert", stats)
    assert stats.injected_ops() == {TRUST}
    assert got.code == 2, got.stdout + got.stderr
    assert clean(got.stderr)
    assert "stopped at call 9: iam.update_assume_role_policy: " in got.stdout, got.stdout
    assert "  12. s3.delete_bucket (aws_s3_bucket.acme-demo-scratch)" in got.stdout  # not done
    # nothing after the failed call was made: the two deletes come last
    assert stats.made("s3:DeleteBucket*") == 0
    events = [json.loads(x) for x in (journal / "calls.jsonl").read_text().splitlines()]
    assert [e.get("status") for e in events] == ["ok"] * 8 + ["failed", "stopped"]
    assert events[8]["call"] == "iam.update_assume_role_policy"
    assert events[-1] == {"event": "finished", "status": "stopped", "done": 8}
    # the journal is enough to put back exactly what was
    done = driftctl(
        "revert",
        "--undo",
        str(journal),
        "--endpoint-url",
        endpoint,
        "--approve",
        "--journal-dir",
        str(repo.parent / "undo"),
    )
    assert done.code == 0, done.stdout + done.stderr
    assert live(endpoint, repo, "after") == before


def test_a_call_made_whose_answer_is_lost_is_journaled_as_failed_and_undone(
    endpoint: str, repo: Path, drifted: dict[str, str], injected: Injected
) -> None:
    """The request reached AWS (the trust policy changed), the connection dropped before the
    answer: the journal says failed, not ok, and the undo still restores the prior state."""
    before = live(endpoint, repo, "before")
    journal = repo.parent / "journal"
    lost = Fault(TRUST, "drop", after_upstream=True)
    with fault_proxy(endpoint, [lost]) as (proxy, stats):
        got = revert(proxy, repo, "--approve", "--journal-dir", str(journal))
    injected.record("revert", stats)
    assert got.code == 2, got.stdout + got.stderr
    events = [json.loads(x) for x in (journal / "calls.jsonl").read_text().splitlines()]
    assert events[8]["status"] == "failed" and events[-1]["status"] == "stopped"
    assert live(endpoint, repo, "midway") != before
    done = driftctl(
        "revert",
        "--undo",
        str(journal),
        "--endpoint-url",
        endpoint,
        "--approve",
        "--journal-dir",
        str(repo.parent / "undo"),
    )
    assert done.code == 0, done.stdout + done.stderr
    assert live(endpoint, repo, "after") == before
