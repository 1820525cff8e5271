"""The rules' actions in a watch (driftctl/watch/act.py, batch.py), in process: moto's SQS
and S3 under `mock_aws`, the declared state in a real git repository, the loop run over
the messages put on the queue.

- `revert`: only with --approve, through revert's own procedure (journal first, the
  re-read that proves convergence), refused where `driftctl revert` refuses; its own
  CloudTrail events give no second line;
- `pr`: drifts of several events, one pull request (a real git repository with a local
  bare origin, a local server speaking GitHub's endpoints);
- `-o FORMAT://FILE`: the scan's report of the current drifts, rewritten when they change.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import git
import pytest

from driftctl import settings
from driftctl.cli import main
from driftctl.pullrequest.flow import PrOptions
from driftctl.revert import blast, guards
from driftctl.revert import flow as revert_flow
from driftctl.rules import policy as rules
from driftctl.watch import loop
from driftctl.watch.act import Revert, Tap
from driftctl.watch.batch import PullRequests, Reports
from driftctl.watch.events import envelope
from driftctl.watch.start import start
from driftctl.watch.state import Watched
from tests.e2e.github_fake import FakeGitHub, fake_github
from tests.e2e.gitrepo import checkout_with_origin
from tests.watch.test_watch import ACCOUNT, EVENT_TIME, LATENCY, record

MAIN_TF = """\
resource "aws_s3_bucket" "a" {
  bucket = "bucket-a"
  tags = { env = "prod" }
}

resource "aws_s3_bucket" "b" {
  bucket = "bucket-b"
  tags = { env = "prod" }
}
"""
REVERT_TAGS = "rules:\n  - {name: undo-tags, match: {path: 'tags.*'}, action: revert}\n"
DRIFTCTL = {"type": "AssumedRole", "arn": f"arn:aws:sts::{ACCOUNT}:assumed-role/driftctl/watch"}


def tag(bucket: str, env: str) -> None:
    tags = {"TagSet": [{"Key": "env", "Value": env}]}
    boto3.client("s3", region_name="us-east-1").put_bucket_tagging(Bucket=bucket, Tagging=tags)


def env_of(bucket: str) -> str:
    got = boto3.client("s3", region_name="us-east-1").get_bucket_tagging(Bucket=bucket)
    return str(got["TagSet"][0]["Value"])


class Stack:
    """Two declared buckets (env=prod) in a committed repository, a queue, a rules file."""

    def __init__(
        self, root: Path, rules_text: str, main_tf: str = MAIN_TF, types: list[str] | None = None
    ) -> None:
        self.root, self.types = root, ["aws_s3_bucket", *(types or [])]
        self.infra = root / "clone" / "infra"
        if not self.infra.exists():  # (a pr test made it, with a bare origin)
            self.infra.mkdir(parents=True)
            (self.infra / "main.tf").write_text(main_tf)
            repo = git.Repo.init(root / "clone", initial_branch="main")
            with repo.config_writer() as cw:
                cw.set_value("user", "name", "Dev")
                cw.set_value("user", "email", "dev@example.com")
            repo.git.add("infra")
            repo.index.commit("infra")
        self.rules = root / "rules.yaml"
        self.rules.write_text(rules_text)
        s3 = boto3.client("s3", region_name="us-east-1")
        for name in ("bucket-a", "bucket-b"):
            s3.create_bucket(Bucket=name)
            tag(name, "prod")
        self.sqs = boto3.client("sqs", region_name="us-east-1")
        made = self.sqs.create_queue(QueueName="events", Attributes={"VisibilityTimeout": "0"})
        self.url = made["QueueUrl"]
        self.now = EVENT_TIME.timestamp() + LATENCY

    def options(self, **extra: Any) -> settings.Options:
        return settings.Options(
            sources=[str(self.infra)],
            rules=[self.rules],
            no_default_rules=True,
            types=self.types,
            quiet=True,
            **extra,
        )

    def watch(self) -> tuple[Any, Watched, settings.Settings, rules.Policy]:
        conf = settings.build(self.options())
        policy = rules.policy_for(conf)
        queue, watched = start(conf, policy, self.url, lambda: self.now)
        queue.wait = 0  # type: ignore[attr-defined]
        return queue, watched, conf, policy

    def put(self, *records: dict[str, Any]) -> None:
        for r in records:
            self.sqs.send_message(QueueUrl=self.url, MessageBody=json.dumps(envelope(r)))

    def cli(self, *args: str) -> int:
        return main(
            [
                *("watch", "--from", str(self.infra), "--events", f"sqs://{self.url}"),
                *("--rules", str(self.rules), "--no-default-rules"),
                *("--filter", "Type=='aws_s3_bucket'"),
                *args,
            ]
        )


def after_start(monkeypatch: pytest.MonkeyPatch, change: Any) -> None:
    """The CLI's watch makes `change` once its first scan is done, as a person would."""
    from driftctl.watch import start as starting

    real = starting.start

    def started(*args: Any) -> Any:
        got = real(*args)
        change()
        return got

    monkeypatch.setattr(starting, "start", started)


def lines_of(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


# -- revert -----------------------------------------------------------------------------


def test_a_revert_rule_without_approve_only_reports(
    aws: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    stack = Stack(tmp_path, REVERT_TAGS)
    after_start(monkeypatch, lambda: tag("bucket-a", "dev"))
    stack.put(record("PutBucketTagging", "bucket-a"))
    assert stack.cli("--max-events", "1") == 0
    out, err = capsys.readouterr()
    (line,) = lines_of(out)
    assert (line["status"], line["action"], line["id"]) == ("drift", "revert", "bucket-a")
    assert err.count("pass --approve to revert their drifts") == 1
    assert env_of("bucket-a") == "dev"  # nothing changed
    assert not (tmp_path / ".driftctl").exists()  # and no journal


def test_a_revert_with_approve_journals_first_converges_and_says_so(
    aws: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stack = Stack(tmp_path, REVERT_TAGS)
    after_start(monkeypatch, lambda: tag("bucket-a", "dev"))
    stack.put(record("PutBucketTagging", "bucket-a"))
    journals = tmp_path / "journals"
    assert stack.cli("--max-events", "1", "--approve", "--journal-dir", str(journals)) == 0
    out, err = capsys.readouterr()
    drift, reverted, resolved = lines_of(out)
    assert (drift["status"], drift["id"]) == ("drift", "bucket-a")
    assert reverted["status"] == "reverted" and reverted["fingerprint"] == drift["fingerprint"]
    assert (resolved["status"], resolved["id"]) == ("resolved", "bucket-a")
    assert resolved["journal"] == reverted["journal"]
    assert env_of("bucket-a") == "prod"  # converged
    path = Path(reverted["journal"])
    assert path.parent == journals
    header = json.loads((path / "journal.json").read_text())
    # written before the call: it holds the tags as they were, read fresh
    (unit,) = header["units"]
    assert [r["attrs"]["tags"] for r in unit["before"] if r["type"] == "aws_s3_bucket"] == [
        {"env": "dev"}
    ]
    assert header["command"] == "watch" and header["only"] == ["aws_s3_bucket/aws_s3_bucket.a"]
    calls = [json.loads(x) for x in (path / "calls.jsonl").read_text().splitlines()]
    assert calls[-1]["status"] == "applied" and calls[-1]["converged"] is True
    assert "watch: reverted aws_s3_bucket.a: journal" in err


def test_approve_refuses_uncommitted_declared_files_before_watching(
    aws: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stack = Stack(tmp_path, REVERT_TAGS)
    (stack.infra / "main.tf").write_text(MAIN_TF.replace('"prod"', '"staging"', 1))
    assert stack.cli("--max-events", "1", "--approve") == 2
    err = capsys.readouterr().err
    assert "uncommitted changes (infra/main.tf)" in err and "--allow-dirty" in err
    assert "watch: watching" not in err


def _reverting(stack: Stack) -> tuple[Any, Watched, Tap, Revert]:
    queue, watched, conf, policy = stack.watch()
    tap = Tap(lambda line: None)
    opts = revert_flow.Options(approve=True)
    origin = guards.origin(stack.infra)
    chore = Revert(tap, conf, policy, opts, stack.root / "journals", [origin])
    return queue, watched, tap, chore


def _run(queue: Any, watched: Watched, chores: list[Any], messages: int) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    tap = chores[0].tap
    tap.emit = lines.append
    loop.run(queue, watched, tap, print, loop.Bounds(max_events=messages), chores=chores)
    return lines


def test_a_revert_s_own_events_come_back_without_a_line_or_a_loop(
    aws: None, tmp_path: Path
) -> None:
    stack = Stack(tmp_path, REVERT_TAGS)
    queue, watched, _tap, chore = _reverting(stack)
    tag("bucket-a", "dev")
    stack.put(record("PutBucketTagging", "bucket-a"))
    statuses = [ln["status"] for ln in _run(queue, watched, [chore], 1)]
    assert statuses == ["drift", "reverted", "resolved"]
    # CloudTrail's record of the revert's own PutBucketTagging, through the queue
    stack.put(record("PutBucketTagging", "bucket-a", who=DRIFTCTL))
    assert _run(queue, watched, [chore], 1) == []
    assert chore.done == 1 and not watched.known and env_of("bucket-a") == "prod"


def test_a_revert_whose_call_fails_says_so_and_keeps_its_journal(aws: None, tmp_path: Path) -> None:
    stack = Stack(tmp_path, REVERT_TAGS)
    queue, watched, _tap, chore = _reverting(stack)
    chore.opts = dataclasses.replace(chore.opts, fail_after=0)  # revert's test hook
    tag("bucket-a", "dev")
    stack.put(record("PutBucketTagging", "bucket-a"))
    _, failed = _run(queue, watched, [chore], 1)
    assert (failed["status"], failed["id"]) == ("revert_failed", "bucket-a")
    assert Path(failed["journal"], "journal.json").exists() and failed["reason"]
    assert env_of("bucket-a") == "dev" and watched.known  # still drifted, still known
    assert chore.failed == 1 and chore.done == 0


def test_a_delete_of_data_is_refused_as_revert_refuses_it(aws: None, tmp_path: Path) -> None:
    main_tf = MAIN_TF + 'resource "aws_cloudwatch_log_group" "app" {\n  name = "app"\n}\n'
    rules_text = (
        "rules:\n  - {name: no-strays, match: {type: aws_cloudwatch_log_group, "
        "kind: unmanaged}, action: revert}\n"
    )
    logs = boto3.client("logs", region_name="us-east-1")
    logs.create_log_group(logGroupName="app")
    stack = Stack(tmp_path, rules_text, main_tf, types=["aws_cloudwatch_log_group"])
    queue, watched, _tap, chore = _reverting(stack)
    logs.create_log_group(logGroupName="stray")
    made = record("CreateLogGroup", "-", eventSource="logs.amazonaws.com")
    stack.put({**made, "requestParameters": {"logGroupName": "stray"}, "resources": []})
    drift, refused = _run(queue, watched, [chore], 1)
    assert (drift["status"], drift["kind"], drift["id"]) == ("drift", "unmanaged", "stray")
    assert (refused["status"], refused["id"]) == ("refused", "stray")
    assert "it holds data" in refused["reason"]
    assert "--delete-data aws_cloudwatch_log_group.stray" in refused["reason"]
    assert "journal" not in refused
    groups = [g["logGroupName"] for g in logs.describe_log_groups()["logGroups"]]
    assert "stray" in groups and not (tmp_path / "journals").exists()


def test_a_delete_the_incomplete_declared_state_may_declare_is_refused(
    aws: None, tmp_path: Path
) -> None:
    """A for_each known only after apply may declare any bucket: not proven unmanaged, even
    with --delete-data naming it."""
    main_tf = MAIN_TF + (
        'data "aws_vpc" "names" {}\n'
        'resource "aws_s3_bucket" "more" {\n'
        "  for_each = data.aws_vpc.names.tags\n"
        "  bucket   = each.key\n"
        "}\n"
    )
    rules_text = (
        "rules:\n  - {name: no-strays, match: {type: aws_s3_bucket, kind: unmanaged}, "
        "action: revert}\n"
    )
    stack = Stack(tmp_path, rules_text, main_tf)
    queue, watched, conf, policy = stack.watch()
    tap = Tap(lambda line: None)
    opts = revert_flow.Options(approve=True, delete_data=("aws_s3_bucket.stray",))
    chore = Revert(tap, conf, policy, opts, tmp_path / "journals", [])
    boto3.client("s3", region_name="us-east-1").create_bucket(Bucket="stray")
    stack.put(record("CreateBucket", "stray"))
    _drift, refused = _run(queue, watched, [chore], 1)
    assert refused["status"] == "refused"
    assert "the declared state is incomplete" in refused["reason"]
    assert "stray" in [b["Name"] for b in boto3.client("s3").list_buckets()["Buckets"]]


def test_a_revert_over_the_blast_radius_is_refused_and_changes_nothing(
    aws: None, tmp_path: Path
) -> None:
    rules_text = (
        "rules:\n  - {name: no-strays, match: {type: aws_s3_bucket, kind: unmanaged}, "
        "action: revert}\n"
    )
    stack = Stack(tmp_path, rules_text)
    queue, watched, conf, policy = stack.watch()
    tap = Tap(lambda line: None)
    limits = blast.Limits(max_deletes=0)
    opts = revert_flow.Options(approve=True, limits=limits, delete_data=("aws_s3_bucket.stray",))
    chore = Revert(tap, conf, policy, opts, tmp_path / "journals", [])
    boto3.client("s3", region_name="us-east-1").create_bucket(Bucket="stray")
    stack.put(record("CreateBucket", "stray"))
    _, refused = _run(queue, watched, [chore], 1)
    assert refused["status"] == "refused" and "more than --max-deletes 0" in refused["reason"]
    assert "stray" in [b["Name"] for b in boto3.client("s3").list_buckets()["Buckets"]]


# -- pr ---------------------------------------------------------------------------------

PR_TAGS = "rules:\n  - {name: accept-tags, match: {path: 'tags.*'}, action: pr}\n"


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    with fake_github() as server:
        yield server


def test_drifts_of_several_events_make_one_pull_request(
    aws: None, tmp_path: Path, fake: FakeGitHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    def write(clone: Path) -> None:
        (clone / "infra").mkdir()
        (clone / "infra" / "main.tf").write_text(MAIN_TF)

    checkout_with_origin(tmp_path, write, "infra")
    monkeypatch.chdir(tmp_path / "clone")
    stack = Stack(tmp_path, PR_TAGS)
    queue, watched, conf, _policy = stack.watch()
    tap = Tap(lambda line: None)
    opts = PrOptions(repo="acme/infra", token="t0ken", api_url=fake.url)
    prs = PullRequests(tap, conf, opts, every=600)
    tag("bucket-a", "dev")
    stack.put(record("PutBucketTagging", "bucket-a"))
    first = _run(queue, watched, [prs], 1)
    stack.now += 300  # five minutes later, another change
    tag("bucket-b", "qa")
    stack.put(record("PutBucketTagging", "bucket-b"))
    second = _run(queue, watched, [prs], 1)
    assert [ln["status"] for ln in first + second] == ["drift", "drift"]
    assert fake.calls("POST") == []  # nothing opened yet: within the interval
    stack.now += 301  # ten minutes after the first: due at the next receive
    lines: list[dict[str, Any]] = []
    tap.emit = lines.append
    loop.run(queue, watched, tap, print, loop.Bounds(once=True), chores=[prs])
    (pr,) = lines
    assert (pr["status"], pr["result"], pr["number"], pr["lines"]) == ("pr", "created", 1, 2)
    assert pr["codified"] == sorted(ln["fingerprint"] for ln in first + second)
    assert [p for _, p in fake.calls("POST")] == [
        "/repos/acme/infra/pulls",
        "/repos/acme/infra/issues/1/labels",
    ]
    branch = fake.pulls[1]["head"]["ref"]
    tf = git.Repo(tmp_path / "remote.git").git.show(f"{branch}:infra/main.tf")
    assert 'env = "dev"' in tf and 'env = "qa"' in tf and fake.problems == []
    # nothing new: no other pull request, however long it runs
    stack.now += 3600
    loop.run(queue, watched, tap, print, loop.Bounds(once=True), chores=[prs])
    assert len(lines) == 1 and prs.runs == 1


# -- report files -----------------------------------------------------------------------


def test_report_files_hold_the_current_drifts_rewritten_when_they_change(
    aws: None, tmp_path: Path
) -> None:
    stack = Stack(tmp_path, "rules: []\n")
    out = tmp_path / "out"
    out.mkdir()
    report, markdown = out / "drift.json", out / "drift.md"
    conf = settings.build(stack.options(outputs=[f"json://{report}", f"markdown://{markdown}"]))
    queue, watched = start(conf, rules.policy_for(conf), stack.url, lambda: stack.now)
    queue.wait = 0  # type: ignore[attr-defined]
    files = Reports(conf)
    files.run(watched, print, print)  # at start: the first scan's report
    assert json.loads(report.read_text())["drifts"] == []
    tag("bucket-a", "dev")
    stack.put(record("PutBucketTagging", "bucket-a"))
    loop.run(queue, watched, [].append, print, loop.Bounds(max_events=1), chores=[files])
    doc = json.loads(report.read_text())
    assert [(d["kind"], d["id"]) for d in doc["drifts"]] == [("changed", "bucket-a")]
    assert "bucket-a" in markdown.read_text()
    assert sorted(p.name for p in out.iterdir()) == ["drift.json", "drift.md"]  # no temp file
    tag("bucket-a", "prod")  # undone: the files say so
    stack.put(record("PutBucketTagging", "bucket-a"))
    loop.run(queue, watched, [].append, print, loop.Bounds(max_events=1), chores=[files])
    assert json.loads(report.read_text())["drifts"] == []


def test_report_files_only_print_no_lines(
    aws: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stack = Stack(tmp_path, "rules: []\n")
    after_start(monkeypatch, lambda: tag("bucket-a", "dev"))
    stack.put(record("PutBucketTagging", "bucket-a"))
    report = tmp_path / "drift.json"
    assert stack.cli("-o", f"json://{report}", "--max-events", "1") == 0
    assert capsys.readouterr().out == ""  # -o names a file only: no lines on stdout
    assert [d["id"] for d in json.loads(report.read_text())["drifts"]] == ["bucket-a"]
