"""Attribution in every output (docs/attribution.md): markdown, HTML, SARIF (and so the
`pr` body, made by the markdown renderer) show the console's one line per drift, linked to
the event; a report read back keeps it; without --attribute nothing changes."""

from __future__ import annotations

import json

from driftctl.attribution.text import who_line
from driftctl.core.model import Change, Drift, Report
from driftctl.report import html, markdown, read, sarif

BOB = {
    "actor": "BreakGlass/bob",
    "principal_arn": "arn:aws:sts::123456789012:assumed-role/BreakGlass/bob",
    "identity_type": "assumed-role",
    "time": "2026-11-21T10:02:44Z",
    "event": "CreateTags",
    "event_id": "0c7a2d6e-<x>&y",  # not a real id: it shows the link is escaped
    "region": "eu-west-1",
    "source_ip": "192.0.2.44",
    "user_agent": "Boto3/1.35.0",
    "via": "sdk",
}
URL = "https://console.aws.amazon.com/cloudtrail/home?region=eu-west-1#/events/0c7a2d6e-%3Cx%3E%26y"


def _drifts(attributed: bool) -> tuple[Drift, ...]:
    changed = Drift(
        "changed",
        "aws_security_group",
        "sg-1",
        "aws_security_group.web",
        None,
        (Change("tags.Owner", "a", "b"),),
        region="eu-west-1",
    )
    unmanaged = Drift("unmanaged", "aws_s3_bucket", "scratch", None, None, region="global")
    missing = Drift("missing", "aws_iam_role", "old", "aws_iam_role.old", None, region="global")
    if not attributed:
        return changed, missing, unmanaged
    return (
        Drift(**{**changed.__dict__, "attribution": BOB}),
        Drift(**{**missing.__dict__, "attribution": {"unknown": "access denied <here>"}}),
        Drift(
            **{
                **unmanaged.__dict__,
                "attribution": BOB,
                "created": "2026-11-21T10:02:44Z",
                "age_days": 7,
            }
        ),
    )


def _report(attributed: bool) -> Report:
    summary = {
        **dict.fromkeys(("declared", "live", "managed", "ignored", "unknown"), 1),
        **dict.fromkeys(("changed", "missing", "unmanaged"), 1),
        "coverage": 0.5,
    }
    return Report(summary, _drifts(attributed))


def test_the_line_is_the_consoles_with_the_escaped_link() -> None:
    changed, missing, unmanaged = _drifts(True)
    assert who_line(changed) == (
        f"by BreakGlass/bob (assumed-role) via sdk: CreateTags at 2026-11-21T10:02:44Z {URL}"
    )
    assert who_line(missing) == "by: unknown (access denied <here>)"
    assert ", 7 days old " in (who_line(unmanaged) or "")


def test_markdown_and_the_pr_body_get_a_who_column_linked_to_the_event() -> None:
    text = markdown.render(_report(True))
    assert "| Resource | Source | Attribute | Expected → actual | Severity | Who |" in text
    link = f'<a href="{URL}">by BreakGlass/bob (assumed-role) via sdk: CreateTags at '
    assert link in text
    assert "by: unknown (access denied &lt;here&gt;)" in text
    assert ", 7 days old</a>" in text
    assert "<x>" not in text  # the id is quoted in the URL, and the text escaped


def test_html_shows_the_line_under_each_drift_linked_and_escaped() -> None:
    page = html.render(_report(True))
    assert f'<div class="meta who"><a href="{URL}">by BreakGlass/bob' in page
    assert '<div class="meta who">by: unknown (access denied &lt;here&gt;)</div>' in page
    assert "<here>" not in page


def test_sarif_puts_the_attribution_in_properties_and_the_line_in_the_message() -> None:
    log = json.loads(sarif.render(_report(True)))
    changed, missing, unmanaged = log["runs"][0]["results"]
    assert changed["properties"]["attribution"] == BOB
    assert changed["message"]["text"].endswith(f"via sdk: CreateTags at 2026-11-21T10:02:44Z {URL}")
    assert missing["properties"]["attribution"] == {"unknown": "access denied <here>"}
    assert missing["message"]["text"].endswith("— by: unknown (access denied <here>)")
    assert (unmanaged["properties"]["created"], unmanaged["properties"]["age_days"]) == (
        "2026-11-21T10:02:44Z",
        7,
    )


def test_without_attribute_no_output_mentions_it() -> None:
    plain = _report(False)
    for text in (markdown.render(plain), html.render(plain), sarif.render(plain)):
        assert "Who" not in text and "cloudtrail" not in text and "by:" not in text
    assert "attribution" not in sarif.render(plain)
    # the same report with attribution differs only where attribution is shown
    lines = set(markdown.render(_report(True)).splitlines())
    assert {"| Kind | Count |", "| changed | 1 |"} <= lines


def test_a_report_read_back_keeps_attribution_created_and_age() -> None:
    doc = json.loads(json.dumps(_report(True).to_json()))
    back = read.to_report(read.parse("r.json", json.dumps(doc)))
    assert back.to_json() == doc
    assert markdown.render(back) == markdown.render(_report(True))
    plain = _report(False).to_json()
    assert read.to_report(read.parse("p.json", json.dumps(plain))).to_json() == plain
