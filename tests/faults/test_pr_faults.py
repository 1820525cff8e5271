"""`driftctl pr` under faults: a scan made incomplete by any fault of one call never
closes (or comments on, updates, pushes to) an open drift pull request, and exits 2."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import git
import pytest

from tests.e2e.github_fake import FakeGitHub, fake_github
from tests.e2e.gitrepo import checkout_with_origin
from tests.e2e.test_pr import MAIN_TF, RULES, apply_and_drift, s3
from tests.faults.helpers import Injected, clean, run
from tests.faults.proxy import KINDS, Fault, fault_proxy
from tests.kit.cli import Run

TAGS = "s3:GetBucketTagging"


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    with fake_github() as server:
        yield server


@pytest.fixture
def base(tmp_path: Path) -> Path:
    def write(clone: Path) -> None:
        (clone / "infra").mkdir()
        (clone / "infra" / "main.tf").write_text(MAIN_TF)

    checkout_with_origin(tmp_path, write, "infra")
    (tmp_path / "rules.yaml").write_text(RULES)
    return tmp_path


def pr(aws: str, fake: FakeGitHub, base: Path, *extra: str, hang: bool = False) -> Run:
    return run(
        "pr",
        "--from",
        "infra",
        "--endpoint-url",
        aws,
        "--region",
        "us-east-1",
        "--rules",
        str(base / "rules.yaml"),
        "--repo",
        "acme/infra",
        "--github-api-url",
        fake.url,
        "--github-token",
        "t0ken",
        "--no-cache",
        "--max-attempts",
        "2",
        *extra,
        cwd=base / "clone",
        hang=hang,
    )


def remote_heads(base: Path) -> dict[str, str]:
    return {h.name: h.commit.hexsha for h in git.Repo(base / "remote.git").heads}


def fix_the_drift_live(endpoint: str) -> None:
    """What a complete scan would take for "the drift is gone" (and close the PR)."""
    client = s3(endpoint)
    client.put_bucket_tagging(
        Bucket="acme-data",
        Tagging={"TagSet": [{"Key": "Team", "Value": "core"}, {"Key": "Zone", "Value": "raw"}]},
    )
    client.delete_bucket(Bucket="acme-scratch")


@pytest.mark.parametrize("kind", KINDS)
def test_an_incomplete_scan_leaves_the_open_pull_request_alone(
    endpoint: str, fake: FakeGitHub, base: Path, injected: Injected, kind: str
) -> None:
    apply_and_drift(endpoint)
    opened = pr(endpoint, fake, base)
    assert opened.code == 0, opened.stderr
    assert fake.pulls[1]["state"] == "open"
    fix_the_drift_live(endpoint)
    heads = remote_heads(base)
    fake.requests.clear()
    with fault_proxy(endpoint, [Fault(TAGS, kind)]) as (proxy, stats):
        got = pr(proxy, fake, base, hang=kind == "hang")
    injected.record("pr", stats)
    assert stats.injected_ops() == {TAGS}
    assert got.code == 2, got.stderr
    first = got.stderr.splitlines()[0]
    assert first.startswith("error: the scan is incomplete (s3/global: GetBucketTagging: "), first
    assert first.endswith("no pull request was opened, updated or closed"), first
    assert clean(got.stderr)
    # nothing was said to GitHub beyond reading, nothing pushed: the PR is as it was
    assert [r.method for r in fake.requests if r.method != "GET"] == []
    assert fake.pulls[1]["state"] == "open" and fake.comments.get(1, []) == []
    assert remote_heads(base) == heads
    if kind not in ("deny", "garbage"):
        return
    # and the same with --dry-run: no body claiming "in sync"
    with fault_proxy(endpoint, [Fault(TAGS, kind)]) as (proxy, stats):
        dry = pr(proxy, fake, base, "--dry-run", hang=kind == "hang")
    injected.record("pr", stats)
    assert dry.code == 2 and "in sync" not in dry.stdout and dry.stdout == ""


@pytest.mark.parametrize("kind", ["throttle", "5xx", "drop"])
def test_a_transient_fault_is_retried_and_the_pull_request_closes_as_it_should(
    endpoint: str, fake: FakeGitHub, base: Path, injected: Injected, kind: str
) -> None:
    """Survived, not just refused: one failed attempt of a call is retried, the scan is
    complete, and the drift that is really gone closes its pull request."""
    apply_and_drift(endpoint)
    assert pr(endpoint, fake, base).code == 0
    fix_the_drift_live(endpoint)
    with fault_proxy(endpoint, [Fault(TAGS, kind, times=1)]) as (proxy, stats):
        got = pr(proxy, fake, base)
    injected.record("pr", stats)
    assert stats.injected[(TAGS, kind)] == 1
    assert got.code == 0, got.stderr
    assert fake.pulls[1]["state"] == "closed"
