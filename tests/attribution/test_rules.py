"""Rules on attribution (docs/rules.md): `match: {actor: ...}` and `match: {via: ...}`,
the rule file's `iac_principals`, and the order: drifts attributed before the rules decide
when a rule needs it. CloudTrail is the fake LookupEvents of test_lookup.py, reached
through the session the settings carry (as the Python API's `session=`)."""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path
from typing import Any

import pytest

from driftctl import settings
from driftctl.core.model import Change, Drift, Report
from driftctl.errors import DriftctlError
from driftctl.rules import policy as rules
from driftctl.rules.decide import Decider
from tests.attribution.test_lookup import RECORDS, SG, FakeCloudTrail

NOW = datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.timezone.utc)


class FakeSession:
    def __init__(self, client: FakeCloudTrail) -> None:
        self.fake = client

    def client(self, service: str, **_: Any) -> FakeCloudTrail:
        assert service == "cloudtrail"
        return self.fake


def _report() -> Report:
    drifts = (
        Drift(  # alice (an IAM user) opened port 22 with the CLI
            "changed",
            "aws_security_group",
            SG,
            "aws_security_group.web",
            None,
            (Change("ingress[1]", None, {"from_port": 22}),),
            region="eu-west-1",
        ),
        # carol, through IAM Identity Center, made this bucket
        Drift("unmanaged", "aws_s3_bucket", "carol-scratch", None, None, region="global"),
    )
    summary = {
        **dict.fromkeys(("declared", "live", "managed", "ignored", "unknown"), 1),
        "changed": 1,
        "missing": 0,
        "unmanaged": 1,
        "coverage": 0.5,
    }
    return Report(summary, drifts)


def _policy(tmp_path: Path, text: str, ignore: str | None = None) -> rules.Policy:
    (tmp_path / "r.yaml").write_text(text)
    return rules.load_policy([tmp_path / "r.yaml"], defaults=False, ignore_text=ignore)


def _decide(policy: rules.Policy, client: FakeCloudTrail, **kw: Any) -> Report:
    attribution = settings.Attribution(True, now=NOW, **kw)
    conf = settings.Settings(attribution=attribution, session=FakeSession(client))
    return Decider(conf, policy).decide(_report(), "eu-west-1")


RULES = """
rules:
  - name: break-glass
    match: {actor: "assumed-role/BreakGlass/*"}
    action: report
    severity: critical
  - {name: by-hand-cli, match: {via: cli}, action: revert, severity: high}
  - {name: sso-user, match: {actor: "carol@*"}, action: pr, severity: low}
"""


def test_rules_decide_on_who_and_how(tmp_path: Path) -> None:
    report = _decide(_policy(tmp_path, RULES), FakeCloudTrail(RECORDS))
    changed, bucket = report.drifts
    assert (changed.rule, changed.action, changed.attribution["actor"]) == (
        "by-hand-cli",
        "revert",
        "alice",
    )
    assert (bucket.rule, bucket.action, bucket.age_days) == ("sso-user", "pr", 5)


def test_an_actor_glob_matches_the_arn_tail_the_whole_arn_or_the_actor() -> None:
    bob = {
        "actor": "BreakGlass/bob",
        "principal_arn": "arn:aws:sts::123456789012:assumed-role/BreakGlass/bob",
        "via": "console",
    }
    drift = Drift("changed", "aws_vpc", "vpc-1", None, None, attribution=bob)

    def matches(**match: Any) -> bool:
        return rules.Match(**match).drift(drift)

    glob = rules.globs.parse
    assert matches(actors=(glob("assumed-role/BreakGlass/*"),))
    assert matches(actors=(glob("arn:aws:sts::123456789012:*"),))
    assert matches(actors=(glob("BreakGlass/bob"),))
    assert not matches(actors=(glob("BreakGlass"),))  # a glob matches the whole string
    assert matches(vias=frozenset({"console"})) and not matches(vias=frozenset({"cli"}))
    unknown = dataclasses.replace(drift, attribution={"unknown": "no trail"})
    assert not rules.Match(actors=(glob("*"),)).drift(unknown)
    assert not rules.Match(vias=frozenset({"console"})).drift(unknown)


def test_the_pipelines_principals_in_the_rule_file_are_never_the_culprit(tmp_path: Path) -> None:
    # the pipeline's user wrote the same attribute as alice, in the same second: when it is
    # named as the pipeline's, its write counts as the earlier one and alice is the culprit
    alice = next(r for r in RECORDS if r["eventName"] == "AuthorizeSecurityGroupIngress")
    deployer = {
        **alice,
        "eventID": "ffffffff-0000-0000-0000-000000000000",
        "userIdentity": {
            **alice["userIdentity"],
            "arn": "arn:aws:iam::123456789012:user/deployer",
            "userName": "deployer",
        },
    }
    client = FakeCloudTrail([*RECORDS, deployer])
    changed, _ = _decide(_policy(tmp_path, RULES), client).drifts
    assert changed.attribution["actor"] == "deployer"
    policy = _policy(tmp_path, RULES + 'iac_principals: ["arn:aws:iam::*:user/deploy*"]\n')
    assert policy.iac_principals == ("arn:aws:iam::*:user/deploy*",)
    changed, _ = _decide(policy, client, iac_principals=("arn:aws:iam::*:role/ci",)).drifts
    assert changed.attribution["actor"] == "alice"
    conf = settings.Settings(attribution=settings.Attribution(True, iac_principals=("a",)))
    assert Decider(conf, policy).conf.attribution.iac_principals == (
        "a",
        "arn:aws:iam::*:user/deploy*",
    )


def test_drifts_driftignore_ignores_are_not_attributed(tmp_path: Path) -> None:
    client = FakeCloudTrail(RECORDS)
    report = _decide(_policy(tmp_path, RULES, ignore="aws_s3_bucket.*\n"), client)
    assert [d.type for d in report.drifts] == ["aws_security_group"]
    assert report.summary["ignored"] == _report().summary["ignored"] + 1
    asked = {c["LookupAttributes"][0]["AttributeValue"] for c in client.calls}
    assert asked == {SG}


def test_without_rules_on_who_ignored_drifts_cost_no_call(tmp_path: Path) -> None:
    client = FakeCloudTrail(RECORDS)
    text = "rules:\n  - {name: no-buckets, match: {type: aws_s3_bucket}, action: ignore}\n"
    report = _decide(_policy(tmp_path, text), client)
    assert [d.attribution["actor"] for d in report.drifts] == ["alice"]
    assert {c["LookupAttributes"][0]["AttributeValue"] for c in client.calls} == {SG}


def test_deciding_again_asks_cloudtrail_nothing_new(tmp_path: Path) -> None:
    client = FakeCloudTrail(RECORDS)
    conf = settings.Settings(
        attribution=settings.Attribution(True, now=NOW), session=FakeSession(client)
    )
    decider = Decider(conf, _policy(tmp_path, RULES))
    first = decider.decide(_report(), "eu-west-1")
    calls = len(client.calls)
    assert decider.decide(_report(), "eu-west-1") == first and len(client.calls) == calls


def test_a_rule_on_who_without_attribute_is_an_error(tmp_path: Path) -> None:
    policy = _policy(tmp_path, RULES)
    with pytest.raises(DriftctlError, match=r"r.yaml:3: rule 'break-glass' .* needs --attribute"):
        Decider(settings.Settings(), policy)
    conf = settings.Settings(rules=settings.RuleSettings(paths=(tmp_path / "r.yaml",)))
    with pytest.raises(DriftctlError, match="needs --attribute"):
        rules.policy_for(conf)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            "rules:\n  - {name: a, match: {via: consol}, action: report}\n",
            "r.yaml:2: rules[0].match.via: 'consol' is not a valid via (use one of console | "
            "cli | sdk | terraform | cloudformation | driftctl | aws-service | other)",
        ),
        (
            "rules:\n  - {name: a, match: {actor: 'x[oops'}, action: report}\n",
            "r.yaml:2: rules[0].match.actor: bad glob 'x[oops': unbalanced '[' at position 2",
        ),
        (
            "rules: []\niac_principals: arn:aws:iam::*:role/ci\n",
            "r.yaml:2: iac_principals: expected a list, got a string",
        ),
    ],
)
def test_mistakes_in_the_new_keys_are_named(tmp_path: Path, text: str, error: str) -> None:
    (tmp_path / "r.yaml").write_text(text)
    _, errors = rules.check([tmp_path / "r.yaml"])
    assert errors == [error.replace("r.yaml", str(tmp_path / "r.yaml"))]


def test_a_rule_with_a_path_matches_the_person_who_made_that_change(tmp_path: Path) -> None:
    # alice opened port 22 (cli), a day later bob (BreakGlass) retagged the group: the
    # drift's culprit is bob, but the ingress change is alice's
    sg = dataclasses.replace(
        _report().drifts[0],
        changes=(
            Change("ingress[1]", None, {"from_port": 22}),
            Change("tags.Owner", "web", "bob"),
        ),
    )
    text = (
        "rules:\n  - {name: alice-ingress, match: {path: 'ingress*', actor: user/alice},"
        " action: revert}\n"
    )
    client = FakeCloudTrail(RECORDS, page=50)
    conf = settings.Settings(
        attribution=settings.Attribution(True, now=NOW), session=FakeSession(client)
    )
    report = Decider(conf, _policy(tmp_path, text)).decide(
        dataclasses.replace(_report(), drifts=(sg,)), "eu-west-1"
    )
    ingress, tags = report.drifts
    assert ([c.path for c in ingress.changes], ingress.rule) == (["ingress[1]"], "alice-ingress")
    assert ingress.attribution["actor"] == "alice"
    assert ([c.path for c in tags.changes], tags.rule) == (["tags.Owner"], None)
    assert tags.attribution["actor"] == "BreakGlass/bob"
    assert len(client.calls) == 1  # one query (one page) for the group, whatever is asked


class LookupFrom:
    """A CloudTrail client whose LookupEvents is the fake's (the scan's calls, such as
    DescribeTrails, go to moto)."""

    def __init__(self, fake: FakeCloudTrail, real: Any) -> None:
        self.lookup_events, self._real = fake.lookup_events, real

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


class CloudTrailOf:
    """A boto3 session (moto's, in process) whose CloudTrail events are the fake's."""

    def __init__(self, session: Any, fake: FakeCloudTrail) -> None:
        self._session, self._fake = session, fake

    def client(self, service: str, *args: Any, **kw: Any) -> Any:
        real = self._session.client(service, *args, **kw)
        return LookupFrom(self._fake, real) if service == "cloudtrail" else real

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


def test_revert_plans_what_a_rule_on_the_actor_sends_to_revert(aws: None, tmp_path: Path) -> None:
    import boto3

    from driftctl import api

    (tmp_path / "main.tf").write_text('resource "aws_s3_bucket" "data" {\n  bucket = "data"\n}\n')
    s3 = boto3.client("s3", region_name="us-east-1")
    for name in ("data", "carol-scratch", "other"):
        s3.create_bucket(Bucket=name)
    (tmp_path / "r.yaml").write_text(
        "rules:\n  - {name: sso-made, match: {actor: 'carol@*', kind: unmanaged}, action: revert}\n"
    )
    fake = FakeCloudTrail(RECORDS, page=50)
    session = CloudTrailOf(boto3.Session(region_name="us-east-1"), fake)
    args: dict[str, Any] = {"session": session, "rules": tmp_path / "r.yaml"}
    plan = api.plan_revert(
        tmp_path, **args, no_default_rules=True, attribute=True, attribute_now=NOW
    )
    assert [s.label for s in plan.steps] == ["aws_s3_bucket.carol-scratch"]  # not `other`
    # the printed plan says who made what it would delete, with the event's link
    who = plan.lines()[3]
    assert who.startswith("    by carol@example.com (sso) via ") and "#/events/" in who, who
    with pytest.raises(DriftctlError, match="rule 'sso-made' matches on actor or via"):
        api.plan_revert(tmp_path, **args, no_default_rules=True)


def test_pr_sends_by_actor_and_its_body_says_who(aws: None, tmp_path: Path) -> None:
    import io

    import boto3
    import git

    from driftctl.pullrequest import flow

    repo = git.Repo.init(tmp_path, initial_branch="main")
    (tmp_path / "main.tf").write_text('resource "aws_s3_bucket" "data" {\n  bucket = "data"\n}\n')
    repo.index.add(["main.tf"])
    repo.index.commit("infra")
    s3 = boto3.client("s3", region_name="us-east-1")
    for name in ("data", "carol-scratch", "other"):
        s3.create_bucket(Bucket=name)
    rules_file = tmp_path.parent / f"{tmp_path.name}-rules.yaml"
    rules_file.write_text(
        "rules:\n  - {name: adopt-carols, match: {actor: 'carol@*', kind: unmanaged}, action: pr}\n"
    )
    fake = FakeCloudTrail(RECORDS, page=50)
    conf = settings.build(
        settings.Options(
            sources=[str(tmp_path)],
            rules=[rules_file],
            no_default_rules=True,
            attribute=True,
            attribute_now=NOW,
            session=CloudTrailOf(boto3.Session(region_name="us-east-1"), fake),
        )
    )
    out = io.StringIO()
    result = flow.run(conf, flow.PrOptions(dry_run=True), out)
    assert [d.id for d in result.plan.codified] == ["carol-scratch"]
    row = next(line for line in result.body.splitlines() if "carol-scratch" in line)
    assert "by carol@example.com (sso) via " in row and ", 5 days old</a> |" in row
    assert "cloudtrail/home?region=" in row
