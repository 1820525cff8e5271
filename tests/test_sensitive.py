"""Sensitive values past the evaluator: the paths they are kept as, the diff that flags
them, every report format and the revert plan that masks them, pr that leaves them to a
person, and the other declared formats (tfstate, CloudFormation) that mark them."""

from __future__ import annotations

import dataclasses
import json
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from driftctl.aws import snapshot
from driftctl.aws.canonical import Declared, canonicalize
from driftctl.aws.scanner import LiveState
from driftctl.codify.base import Context
from driftctl.codify.plan import SECRET_REASON, make_plan
from driftctl.commands.render import render_text
from driftctl.core import sensitive
from driftctl.core.model import Change, Drift, Report, Resource, SourceRef
from driftctl.declared.cfn.load import load_cloudformation
from driftctl.declared.cfn.parse import parse_template
from driftctl.declared.hcl.load import load_hcl
from driftctl.declared.tfstate import load_state_text
from driftctl.engine.pipeline import build_report
from driftctl.engine.scopes import LiveRun
from driftctl.report import console, html, jsonout, markdown, plan, sarif
from driftctl.revert.planner import Plan, Step
from driftctl.revert.render import plan_lines
from tests.schemas import validate_report, validate_sarif

SECRET = "s3cr3t-PLANTED-value"
LIVE = "s3cr3t-PLANTED-live"


@pytest.mark.parametrize(
    ("patterns", "path", "covered"),
    [
        ({"tags.Token"}, "tags.Token", True),
        ({"tags.Token"}, "tags.Tok", False),
        ({"tags.Token"}, "tags.TokenX", False),
        ({"tags.Token"}, "tags", True),  # the whole map holds it
        ({"policy"}, "policy.Statement[0].Sid", True),
        ({"ingress[*].description"}, "ingress[7].description", True),
        ({"ingress[*].description"}, "ingress[7]", True),
        ({"ingress[*].description"}, "ingress[7].from_port", False),
        ({"ingress[*].description"}, "egress[0].description", False),
        (set(), "anything", False),
    ],
)
def test_covers(patterns: set[str], path: str, covered: bool) -> None:
    assert sensitive.covers(patterns, path) is covered


def test_the_provider_list_is_the_schema_s() -> None:
    assert sensitive.provider_paths("aws_db_instance") >= {"password"}
    assert sensitive.provider_paths("aws_iam_access_key") >= {"secret"}
    assert sensitive.provider_paths("aws_ssm_parameter") >= {"value"}
    assert sensitive.provider_paths("aws_secretsmanager_secret_version") >= {"secret_string"}
    assert sensitive.provider_paths("aws_s3_bucket") == frozenset()
    doc = json.loads(
        (Path(sensitive.__file__).parents[1] / "data" / "sensitive_attrs.json").read_text()
    )
    assert doc["provider"].startswith("hashicorp/aws ")
    assert sum(len(p) for p in doc["resources"].values()) >= 150


def test_redact_hides_a_secret_wherever_it_was_copied() -> None:
    texts = sensitive.secret_texts([SECRET, 3600, True, None, ""])
    assert texts == {SECRET, "3600"}
    params = {"Doc": f'{{"Sid": "{SECRET}"}}', "Tags": [{"Key": "a", "Value": SECRET}], "N": 3600}
    assert sensitive.redact(params, texts) == {
        "Doc": "(sensitive)",
        "Tags": [{"Key": "a", "Value": "(sensitive)"}],
        "N": "(sensitive)",
    }


# -- marks follow values onto the canonical types ---------------------------------------


def _canonical(tmp_path: Path, main: str) -> dict[tuple[str, str | None], Resource]:
    (tmp_path / "main.tf").write_text(main)
    return {(r.type, r.address): r for r in canonicalize(load_hcl(tmp_path)).resources}


VARIABLE = f'variable "pw" {{\n  default   = "{SECRET}"\n  sensitive = true\n}}\n'


def test_a_split_out_policy_and_a_renamed_attribute_stay_sensitive(tmp_path: Path) -> None:
    main = VARIABLE + (
        'resource "aws_s3_bucket" "b" {\n'
        '  bucket = "acme-b"\n'
        "  policy = jsonencode({ Statement = [{ Sid = var.pw }] })\n"
        "  server_side_encryption_configuration {\n"
        "    rule {\n"
        "      apply_server_side_encryption_by_default {\n"
        '        sse_algorithm     = "aws:kms"\n'
        "        kms_master_key_id = var.pw\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "}\n"
    )
    found = _canonical(tmp_path, main)
    assert found[("aws_s3_bucket", "aws_s3_bucket.b")].sensitive == frozenset()
    assert found[("aws_s3_bucket_policy", "aws_s3_bucket.b")].sensitive == {"policy"}
    sse = found[("aws_s3_bucket_server_side_encryption_configuration", "aws_s3_bucket.b")]
    assert sse.sensitive == {"rule.kms_master_key_id"}


def test_a_folded_rule_marks_only_its_own_values(tmp_path: Path) -> None:
    main = VARIABLE + (
        'resource "aws_security_group" "g" {\n  name = "g"\n  description = "plain"\n}\n'
        'resource "aws_security_group_rule" "r" {\n'
        '  type              = "ingress"\n'
        "  security_group_id = aws_security_group.g.id\n"
        "  from_port         = 443\n"
        "  to_port           = 443\n"
        '  protocol          = "tcp"\n'
        '  cidr_blocks       = ["10.0.0.0/8"]\n'
        "  description       = var.pw\n"
        "}\n"
    )
    group = _canonical(tmp_path, main)[("aws_security_group", "aws_security_group.g")]
    assert group.sensitive == {"ingress[*].description"}


# -- the diff flags, the outputs mask ---------------------------------------------------


def _report(declared: Resource, live: Resource) -> Report:
    return build_report(Declared([declared]), LiveState([live], [], set()))


BUCKET = Resource(
    "aws_s3_bucket",
    "acme-b",
    "aws_s3_bucket.b",
    {"bucket": "acme-b", "tags": {"Build": SECRET, "Team": "core"}},
    SourceRef("main.tf", 5),
    sensitive=frozenset({"tags.Build"}),
)
LIVE_BUCKET = Resource(
    "aws_s3_bucket", "acme-b", None, {"bucket": "acme-b", "tags": {"Build": LIVE, "Team": "ops"}}
)


def _outputs(report: Report, live: Resource) -> Iterator[tuple[str, str]]:
    out = Console(record=True, width=200)
    console.render(report, out)
    yield "console", out.export_text()
    yield "json", jsonout.render(report)
    yield "markdown", markdown.render(report)
    yield "sarif", sarif.render(report, "", None)
    yield "html", html.render(report, "", "")
    yield "plan", plan.render(report, {(live.type, str(live.id)): live}, report.managed)


def test_a_sensitive_change_is_reported_as_changed_and_shown_nowhere() -> None:
    report = _report(BUCKET, LIVE_BUCKET)
    [drift] = report.drifts
    assert drift.kind == "changed"
    assert drift.changes == (
        Change("tags.Build", SECRET, LIVE, sensitive=True),  # compared with the real values
        Change("tags.Team", "core", "ops"),
    )
    for name, text in _outputs(report, LIVE_BUCKET):
        assert SECRET not in text and LIVE not in text, name
        assert "(sensitive)" in text and "ops" in text, name
    doc = json.loads(jsonout.render(report))
    validate_report(doc)
    validate_sarif(json.loads(sarif.render(report, "", None)))
    assert doc["drifts"][0]["changes"][0] == {
        "path": "tags.Build",
        "expected": "(sensitive)",
        "actual": "(sensitive)",
        "sensitive": True,
    }


def test_the_fingerprint_does_not_hash_a_sensitive_value() -> None:
    def fingerprint(live_value: str, marks: frozenset[str]) -> str:
        declared = dataclasses.replace(BUCKET, sensitive=marks)
        tags = {"Build": live_value, "Team": "core"}
        live = dataclasses.replace(LIVE_BUCKET, attrs={"bucket": "acme-b", "tags": tags})
        return _report(declared, live).drifts[0].fingerprint

    marked = frozenset({"tags.Build"})
    assert fingerprint("guess-1", marked) == fingerprint("guess-2", marked)
    assert fingerprint("guess-1", frozenset()) != fingerprint("guess-2", frozenset())


def test_a_provider_sensitive_attribute_is_masked(monkeypatch: pytest.MonkeyPatch) -> None:
    # no type driftctl compares has one yet: make the role's description one, as the
    # AWS provider does for aws_db_instance.password
    table = {"managed": {"aws_iam_role": frozenset({"description"})}, "data": {}}
    monkeypatch.setattr(sensitive, "_table", lambda: table)
    declared = Resource("aws_iam_role", "r", "aws_iam_role.r", {"name": "r", "description": SECRET})
    live = Resource("aws_iam_role", "r", None, {"name": "r", "description": LIVE})
    report = _report(declared, live)
    assert report.drifts[0].changes == (Change("description", SECRET, LIVE, sensitive=True),)
    for name, text in _outputs(report, live):
        assert SECRET not in text and LIVE not in text, name


def test_render_shows_sensitive_values_as_a_marker(tmp_path: Path) -> None:
    main = VARIABLE + (
        'resource "aws_s3_bucket" "b" {\n'
        '  bucket = "acme-b"\n'
        '  tags   = { Build = var.pw, Team = "core", api_token = "plain-but-named" }\n'
        "}\n"
    )
    (tmp_path / "main.tf").write_text(main)
    text = render_text(canonicalize(load_hcl(tmp_path)))
    assert SECRET not in text and "plain-but-named" not in text
    tags = json.loads(text)["resources"][0]["attrs"]["tags"]
    assert tags == {"Build": {"$sensitive": True}, "Team": "core", "api_token": "***"}


def test_a_revert_plan_masks_sensitive_arguments() -> None:
    call_params = {"Bucket": "acme-b", "Tagging": {"TagSet": [{"Key": "Build", "Value": SECRET}]}}
    from driftctl.revert.calls import Call

    step = Step(
        "changed",
        "aws_s3_bucket",
        "aws_s3_bucket.b",
        "acme-b",
        "r",
        changes=(Change("tags.Build", SECRET, LIVE, sensitive=True),),
        calls=(Call("s3", "put_bucket_tagging", call_params, "us-east-1"),),
        secrets=sensitive.secret_texts([SECRET, LIVE]),
    )
    text = "\n".join(plan_lines(Plan([step])))
    assert SECRET not in text and LIVE not in text
    assert "tags.Build: (sensitive) -> (sensitive)" in text
    assert '"Value": "(sensitive)"' in text
    # an undo plans from its journal: its steps know no secrets, the journal's are given
    bare = dataclasses.replace(step, changes=(), secrets=frozenset())
    undo = "\n".join(plan_lines(Plan([bare]), "undo plan", sensitive.secret_texts([SECRET])))
    assert SECRET not in undo


# -- pr leaves secrets to a person ------------------------------------------------------


def _pr(tmp_path: Path, main: str, drift: Drift, live: Resource) -> tuple[Context, Drift]:
    (tmp_path / "main.tf").write_text(main)
    declared = canonicalize(load_hcl(tmp_path))
    return Context(tmp_path, declared, {(live.type, str(live.id)): live}, {}), drift


def test_pr_leaves_a_sensitive_change_to_a_person(tmp_path: Path) -> None:
    main = (
        VARIABLE
        + 'resource "aws_s3_bucket" "b" {\n  bucket = "acme-b"\n  tags = { Build = var.pw }\n}\n'
    )
    drift = Drift(
        "changed",
        "aws_s3_bucket",
        "acme-b",
        "aws_s3_bucket.b",
        SourceRef("main.tf", 5),
        (Change("tags.Build", SECRET, LIVE, sensitive=True),),
        action="pr",
    )
    ctx, drift = _pr(tmp_path, main, drift, LIVE_BUCKET)
    plan = make_plan([drift], ctx)
    assert plan.files == {} and plan.codified == []
    [human] = plan.humans
    assert human.reason == SECRET_REASON and human.live == "(sensitive)"


def test_pr_never_writes_a_declared_secret_copied_into_another_value(tmp_path: Path) -> None:
    # someone pasted the secret into a plain tag live: codifying it would put it in code
    main = VARIABLE + (
        'resource "aws_s3_bucket" "b" {\n  bucket = "acme-b"\n  tags = { Build = var.pw }\n}\n'
        'resource "aws_s3_bucket" "c" {\n  bucket = "acme-c"\n  tags = { Note = "none" }\n}\n'
    )
    drift = Drift(
        "changed",
        "aws_s3_bucket",
        "acme-c",
        "aws_s3_bucket.c",
        SourceRef("main.tf", 9),
        (Change("tags.Note", "none", f"see {SECRET}"),),
        action="pr",
    )
    live = Resource("aws_s3_bucket", "acme-c", None, {"tags": {"Note": f"see {SECRET}"}})
    ctx, drift = _pr(tmp_path, main, drift, live)
    plan = make_plan([drift], ctx)
    assert plan.codified == [] and [h.reason for h in plan.humans] == [SECRET_REASON]
    # the same drift without the secret in it is codified
    plain = dataclasses.replace(drift, changes=(Change("tags.Note", "none", "see docs"),))
    assert make_plan([plain], ctx).codified == [plain]


# -- other formats ----------------------------------------------------------------------


def test_tfstate_sensitive_attributes_stay_sensitive() -> None:
    state = {
        "version": 4,
        "resources": [
            {
                "mode": "managed",
                "type": "aws_s3_bucket",
                "name": "b",
                "instances": [
                    {
                        "attributes": {
                            "id": "acme-b",
                            "bucket": "acme-b",
                            "tags": {"Build": SECRET, "Team": "core"},
                            "tags_all": {"Build": SECRET, "Team": "core"},
                        },
                        "sensitive_attributes": [
                            [
                                {"type": "get_attr", "value": "tags_all"},
                                {"type": "index", "value": {"value": "Build", "type": "string"}},
                            ]
                        ],
                    }
                ],
            }
        ],
    }
    raw = load_state_text("terraform.tfstate", json.dumps(state))
    assert raw.resources[0].sensitive == {"tags.Build"}
    [bucket] = canonicalize(raw).resources
    assert bucket.sensitive == {"tags.Build"}


TEMPLATE = f"""\
AWSTemplateFormatVersion: "2010-09-09"
Parameters:
  Pw:
    Type: String
    NoEcho: true
    Default: {SECRET}
Resources:
  B:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: acme-cfn
      Tags:
        - Key: Build
          Value: !Ref Pw
        - Key: Joined
          Value: !Sub "x-${{Pw}}"
        - Key: Team
          Value: core
        - Key: Db
          Value: "{{{{resolve:secretsmanager:MySecret:SecretString:password}}}}"
        - Key: Param
          Value: "{{{{resolve:ssm:/acme/param}}}}"
"""


def test_cloudformation_noecho_and_secret_references() -> None:
    data, lines = parse_template("t.yaml", TEMPLATE)
    raw = load_cloudformation("t.yaml", data, lines, {})
    [bucket] = canonicalize(raw).resources
    assert bucket.sensitive == {"tags.Build", "tags.Joined", "tags.Db"}
    tags = bucket.attrs["tags"]
    # a dynamic reference is resolved at deploy time: never compared with its own text
    assert tags["Param"].reason.startswith("{{resolve:ssm:/acme/param}} is resolved")
    assert tags["Db"].reason.startswith("{{resolve:secretsmanager:")
    rendered = json.loads(render_text(Declared([bucket])))
    assert SECRET not in json.dumps(rendered)
    assert rendered["resources"][0]["attrs"]["tags"]["Db"] == {"$sensitive": True}


def test_a_saved_snapshot_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    target = tmp_path / "live.json"
    target.write_text("{}")
    target.chmod(0o644)  # an older, world-readable one is replaced, not reused
    account = "123456789012"
    run = LiveRun(
        {account: LiveState([LIVE_BUCKET], [], set(), account)},
        [(account, "global"), (account, "us-east-1")],
        "us-east-1",
    )
    snapshot.save(run, target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert snapshot.load(target).states[account].resources[0].attrs == LIVE_BUCKET.attrs
    assert [p.name for p in tmp_path.iterdir()] == ["live.json"]  # no temporary left
