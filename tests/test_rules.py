"""Rules decide each drift's action and severity: every match key, first match wins, the
shipped defaults, splitting a changed drift by path, and the report's summary."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from driftctl.commands.scan import exit_status
from driftctl.core.model import Change, Drift, Report, SourceRef
from driftctl.errors import ExitStatus
from driftctl.rules import policy as rules

OPEN_SSH = {"cidr_blocks": ["0.0.0.0/0"], "from_port": 22, "protocol": "tcp", "to_port": 22}
SG = Drift(
    "changed",
    "aws_security_group",
    "sg-0123",
    "aws_security_group.web",
    SourceRef("network.tf", 1),
    (
        Change("description", "web", "web (edited)"),
        Change("ingress[0]", None, OPEN_SSH),
        Change("tags.Owner", "team-a", "mallory"),
    ),
    tags={"Env": "prod", "Owner": "team-a"},
)
BUCKET = Drift(
    "missing", "aws_s3_bucket", "acme-logs", "aws_s3_bucket.logs", SourceRef("s3.tf", 3),
    tags={"Env": "dev"},
)  # fmt: skip
USER = Drift("unmanaged", "aws_iam_user", "bob", None, None)
ALL = (SG, BUCKET, USER)


def policy(tmp_path: Path, text: str, defaults: bool = False) -> rules.Policy:
    path = tmp_path / "rules.yaml"
    path.write_text(text)
    return rules.Policy(rules.load_rules([path], defaults))


def one_rule(match: str, action: str = "pr", severity: str = "high") -> str:
    return (
        f"rules:\n  - name: r\n    match: {match}\n    action: {action}\n    severity: {severity}\n"
    )


def decisions(p: rules.Policy, drift: Drift) -> list[tuple[str | None, str, str, list[str]]]:
    return [
        (d.rule, d.action, d.severity, [c.path for c in d.changes]) for d in rules.decide(p, drift)
    ]


@pytest.mark.parametrize(
    ("match", "matched"),
    [
        ("{}", {"SG", "BUCKET", "USER"}),
        ('{type: "aws_s3_*"}', {"BUCKET"}),
        ("{type: [aws_iam_user, aws_s3_bucket]}", {"BUCKET", "USER"}),
        ('{address: "aws_security_group.*"}', {"SG"}),
        ("{address: bob}", {"USER"}),  # an unmanaged resource is matched by its id
        ("{address: acme-logs}", {"BUCKET"}),  # a declared one by its id too
        ("{address: sg-0123}", {"SG"}),  # a changed one by its id
        ("{address: sg-9999}", set()),
        ("{kind: missing}", {"BUCKET"}),
        ("{kind: [changed, unmanaged]}", {"SG", "USER"}),
        ("{tags: {Env: prod}}", {"SG"}),
        ('{tags: {Env: "*"}}', {"SG", "BUCKET"}),
        ("{tags: {Env: prod, Owner: team-b}}", set()),
        ('{path: "tags.*"}', {"SG"}),  # only the drift with a matching change
    ],
)
def test_each_match_key(tmp_path: Path, match: str, matched: set[str]) -> None:
    p = policy(tmp_path, one_rule(match))
    drifts = {"SG": SG, "BUCKET": BUCKET, "USER": USER}
    decided = {n for n, d in drifts.items() if any(x.rule == "r" for x in rules.decide(p, d))}
    assert decided == matched


def test_no_matching_rule_means_report_medium_and_no_rule(tmp_path: Path) -> None:
    p = policy(tmp_path, one_rule("{type: aws_vpc}"))
    assert decisions(p, BUCKET) == [(None, "report", "medium", [])]


def test_the_first_matching_rule_wins(tmp_path: Path) -> None:
    p = policy(
        tmp_path,
        """
rules:
  - {name: prod-first, match: {tags: {Env: prod}}, action: revert, severity: critical}
  - {name: all-sg, match: {type: aws_security_group}, action: ignore}
""",
    )
    assert decisions(p, SG) == [("prod-first", "revert", "critical", [c.path for c in SG.changes])]


def test_a_path_rule_splits_a_changed_drift_into_one_drift_per_decision(tmp_path: Path) -> None:
    p = policy(
        tmp_path,
        """
rules:
  - {name: ingress, match: {path: "ingress*"}, action: revert, severity: high}
  - {name: tags, match: {path: "tags.*"}, action: pr, severity: low}
""",
    )
    assert decisions(p, SG) == [
        (None, "report", "medium", ["description"]),
        ("ingress", "revert", "high", ["ingress[0]"]),
        ("tags", "pr", "low", ["tags.Owner"]),
    ]
    parts = rules.decide(p, SG)
    # a part's fingerprint is that of its own content, whatever decided it
    assert [d.fingerprint for d in parts] == [
        dataclasses.replace(SG, changes=(c,)).fingerprint for c in SG.changes
    ]
    assert rules.decide(p, SG) == parts  # deterministic


def test_a_drift_decided_whole_keeps_its_changes_and_fingerprint(tmp_path: Path) -> None:
    p = policy(tmp_path, one_rule('{path: "*"}'))
    [whole] = rules.decide(p, SG)
    assert whole.changes == SG.changes and whole.fingerprint == SG.fingerprint


def test_a_path_rule_never_decides_a_drift_without_changes(tmp_path: Path) -> None:
    p = policy(tmp_path, one_rule('{path: "*"}'))
    assert decisions(p, USER) == [(None, "report", "medium", [])]


def test_ignored_drifts_leave_the_report_and_are_counted(tmp_path: Path) -> None:
    p = policy(
        tmp_path,
        """
rules:
  - {name: users, match: {kind: unmanaged}, action: ignore}
  - {name: tags, match: {path: "tags.*"}, action: ignore}
""",
    )
    summary = {"declared": 2, "live": 2, "managed": 1, "changed": 1, "missing": 1,
               "unmanaged": 1, "ignored": 0, "unknown": 0, "coverage": 0.5}  # fmt: skip
    report = rules.apply(p, Report(summary, ALL))
    assert [(d.kind, [c.path for c in d.changes]) for d in report.drifts] == [
        ("changed", ["description", "ingress[0]"]),
        ("missing", []),
    ]
    assert report.summary == {**summary, "unmanaged": 0, "ignored": 2, "coverage": 1.0}


def test_only_ignored_drift_exits_0(tmp_path: Path) -> None:
    p = policy(tmp_path, one_rule("{}", action="ignore"))
    summary = {"managed": 1, "changed": 1, "missing": 1, "unmanaged": 1, "ignored": 0}
    report = rules.apply(p, Report(summary, ALL))
    assert report.drifts == () and report.summary["ignored"] == 3
    assert exit_status(report) is ExitStatus.OK


# -- the shipped defaults --------------------------------------------------------------


def changed(rtype: str, path: str) -> Drift:
    return Drift("changed", rtype, "x", f"{rtype}.x", None, (Change(path, "a", "b"),))


@pytest.mark.parametrize(
    ("drift", "expected"),
    [
        (changed("aws_s3_bucket", "tags.aws:cloudformation:stack-name"),
         "ignore-aws-reserved-tags"),
        (changed("aws_security_group", "tags.elasticbeanstalk:environment-id"),
         "ignore-elastic-beanstalk-tags"),
        (changed("aws_lambda_function", "last_modified"), "ignore-timestamps"),
        (changed("aws_security_group", "ingress[3]"), "security-group-ingress-changed"),
        (changed("aws_iam_role", "assume_role_policy.Statement[0].Principal"),
         "iam-policy-changed"),
        (changed("aws_iam_role_policy", "policy.Statement[1].Action[0]"), "iam-policy-changed"),
        (changed("aws_s3_bucket_public_access_block", "block_public_acls"),
         "s3-public-access-block-weakened"),
        (changed("aws_s3_bucket_policy", "policy.Statement[0]"), "s3-bucket-policy-changed"),
        (Drift("unmanaged", "aws_iam_user", "bob", None, None), "iam-created-out-of-band"),
        (Drift("unmanaged", "aws_iam_role", "AWSServiceRoleForSupport", None, None),
         "ignore-aws-owned-roles"),
        (changed("aws_s3_bucket", "tags.Owner"), None),
        (changed("aws_security_group", "egress[0]"), None),
        (changed("aws_iam_role", "tags.policy-owner"), None),  # a tag, not a policy
    ],
)  # fmt: skip
def test_shipped_defaults(drift: Drift, expected: str | None) -> None:
    [decided] = rules.decide(rules.Policy(rules.load_rules([], defaults=True)), drift)
    assert decided.rule == expected
    if expected is not None:
        ignore = expected.startswith("ignore")
        assert (decided.action, decided.severity) == (
            ("ignore", "low") if ignore else ("report", "high")
        )


def test_user_rules_come_before_the_defaults(tmp_path: Path) -> None:
    p = policy(tmp_path, one_rule("{type: aws_security_group}", action="revert"), defaults=True)
    assert [d.rule for d in rules.decide(p, changed("aws_security_group", "ingress[0]"))] == ["r"]
    assert p.rules[-1].origin.startswith(rules.DEFAULTS_NAME)


def test_no_default_rules_leaves_only_the_users(tmp_path: Path) -> None:
    p = policy(tmp_path, one_rule("{type: aws_vpc}"), defaults=False)
    assert [r.name for r in p.rules] == ["r"]
    assert decisions(p, changed("aws_iam_role", "policy"))[0][:3] == (None, "report", "medium")


def test_the_shipped_defaults_are_the_repository_rules_defaults_yaml() -> None:
    repo_copy = Path(__file__).resolve().parents[1] / "rules" / "defaults.yaml"
    assert rules.defaults_text() == repo_copy.read_text()


def test_every_shipped_default_is_documented() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text()
    for rule in rules.load_rules([], defaults=True):
        assert f"`{rule.name}`" in doc
