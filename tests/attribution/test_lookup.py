"""The `lookup` source and a scan's attribution (attribution/lookup.py, run.py).

A fake CloudTrail client answers LookupEvents from records in CloudTrail's format
(data/records.json), in pages, as the real API does (moto has no LookupEvents); a scan
through the Python API under moto shows that a scan without --attribute makes no
CloudTrail call, and that a CloudTrail that fails leaves the report as it was, each
drift's attribution `unknown`.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import boto3
import botocore.exceptions
import jsonschema
import pytest

from driftctl import api
from driftctl.attribution.lookup import LookupSource
from driftctl.attribution.run import attribute
from driftctl.core.model import Change, Drift, Report
from driftctl.errors import DriftctlError
from driftctl.settings import Attribution, parse_attribution
from tests.schemas import REPORT_SCHEMA, validate_report

RECORDS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "records.json").read_text("utf-8")
)
NOW = datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.timezone.utc)
SG = "sg-0123456789abcdef0"


class FakeCloudTrail:
    """LookupEvents over a list of records: by ResourceName (the ids a record names in
    requestParameters, responseElements or resources[]) or EventName, `page` per page."""

    def __init__(self, records: list[dict[str, Any]], page: int = 2, deny: bool = False):
        self.records, self.page, self.deny = records, page, deny
        self.calls: list[dict[str, Any]] = []

    def lookup_events(self, **params: Any) -> dict[str, Any]:
        self.calls.append(params)
        if self.deny:
            error = {"Error": {"Code": "AccessDeniedException", "Message": "no"}}
            raise botocore.exceptions.ClientError(error, "LookupEvents")
        attr = params["LookupAttributes"][0]
        value = attr["AttributeValue"]
        found = [
            r
            for r in self.records
            if (attr["AttributeKey"] == "EventName" and r.get("eventName") == value)
            or (attr["AttributeKey"] == "ResourceName" and value in json.dumps(r))
        ]
        start = int(params.get("NextToken") or 0)
        out: dict[str, Any] = {
            "Events": [{"CloudTrailEvent": json.dumps(r)} for r in found[start : start + self.page]]
        }
        if start + self.page < len(found):
            out["NextToken"] = str(start + self.page)
        return out


def _report() -> Report:
    drifts = (
        Drift(
            "changed",
            "aws_security_group",
            SG,
            "aws_security_group.web",
            None,
            (Change("ingress[1]", None, {"from_port": 22}),),
            region="eu-west-1",
        ),
        Drift(
            "missing", "aws_iam_role", "legacy-batch", "aws_iam_role.batch", None, region="global"
        ),
        Drift("unmanaged", "aws_s3_bucket", "carol-scratch", None, None, region="global"),
        Drift("unmanaged", "aws_s3_bucket", "nobody-knows", None, None, region="global"),
    )
    summary = {
        **dict.fromkeys(("declared", "live", "managed", "ignored", "unknown"), 2),
        "changed": 1,
        "missing": 1,
        "unmanaged": 2,
        "coverage": 0.5,
    }
    return Report(summary, drifts)


def _attribute(client: FakeCloudTrail, **kw: Any) -> tuple[Report, LookupSource, list[float]]:
    slept: list[float] = []
    clock = [0.0]

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock[0] += seconds

    start = NOW - datetime.timedelta(days=7)
    source = LookupSource(lambda region: client, start, NOW, sleep=sleep, clock=lambda: clock[0])
    report = attribute(_report(), Attribution(True, now=NOW, **kw), lambda r: client, (), source)
    return report, source, slept


def test_each_drift_gets_its_culprit_and_the_report_validates() -> None:
    client = FakeCloudTrail(RECORDS)
    report, _, _ = _attribute(client)
    changed, missing, carol, nobody = (d.to_json() for d in report.drifts)
    assert changed["attribution"]["actor"] == "alice"
    assert changed["attribution"]["via"] == "cli"
    assert missing["attribution"]["actor"] == "dave"
    assert (carol["attribution"]["actor"], carol["created"], carol["age_days"]) == (
        "carol@example.com",
        "2026-11-22T13:31:09Z",
        5,
    )
    assert nobody == {**nobody, "attribution": {"unknown": nobody["attribution"]["unknown"]}}
    assert "window (7d)" in nobody["attribution"]["unknown"]
    assert (nobody["created"], nobody["age_days"]) == (None, None)
    drift_schema = {"$ref": "#/$defs/drift", "$defs": REPORT_SCHEMA["$defs"]}
    for drift in (changed, missing, carol, nobody):
        jsonschema.Draft202012Validator(drift_schema).validate(drift)
    # attribution changes no drift's identity: same drifts, same fingerprints, same counts
    assert [d.fingerprint for d in report.drifts] == [d.fingerprint for d in _report().drifts]
    assert report.summary == _report().summary


def test_lookup_queries_by_resource_name_pages_to_the_end_and_keeps_to_2_calls_a_second() -> None:
    client = FakeCloudTrail(RECORDS * 3, page=1)  # every page one event: many pages
    _, source, slept = _attribute(client)
    assert {c["LookupAttributes"][0]["AttributeKey"] for c in client.calls} == {"ResourceName"}
    assert all(c["StartTime"] == NOW - datetime.timedelta(days=7) for c in client.calls)
    assert source.calls == len(client.calls) > 4
    # in each of the two regions asked (eu-west-1, us-east-1 for global drifts): a burst
    # of 2, then one call every half second
    assert sum(slept) == pytest.approx((len(client.calls) - 2 * 2) * 0.5)


def test_access_denied_makes_attribution_unknown_and_is_asked_once_per_region() -> None:
    client = FakeCloudTrail(RECORDS, deny=True)
    report, _, _ = _attribute(client)
    reasons = {d.attribution["unknown"] for d in report.drifts if d.attribution}
    assert reasons == {
        "access denied to CloudTrail (cloudtrail:LookupEvents) in eu-west-1",
        "access denied to CloudTrail (cloudtrail:LookupEvents) in us-east-1",
    }
    assert len(client.calls) == 2
    assert [d.fingerprint for d in report.drifts] == [d.fingerprint for d in _report().drifts]


def test_a_type_cloudtrail_does_not_index_by_id_is_looked_up_by_event_name() -> None:
    client = FakeCloudTrail(RECORDS)
    drift = Drift("unmanaged", "aws_iam_role_policy", "app:inline", None, None, region="global")
    source = LookupSource(lambda region: client, NOW - datetime.timedelta(days=7), NOW)
    report = attribute(
        Report({}, (drift,)), Attribution(True, now=NOW), lambda r: client, (), source
    )
    assert {c["LookupAttributes"][0]["AttributeKey"] for c in client.calls} == {"EventName"}
    assert report.drifts[0].to_json()["attribution"]["via"] == "cloudformation"


def test_the_window_and_the_source_are_checked() -> None:
    assert parse_attribution(window="30d").window_days == 30
    assert parse_attribution(cloudtrail="lookup").enabled
    with pytest.raises(DriftctlError, match="CloudTrail keeps 90 days"):
        parse_attribution(window="91d")
    assert parse_attribution(cloudtrail="s3://trail-bucket/prefix").source.startswith("s3://")
    with pytest.raises(DriftctlError, match="no bucket"):
        parse_attribution(cloudtrail="s3:///prefix")
    with pytest.raises(DriftctlError, match="unknown source"):
        parse_attribution(cloudtrail="gs://trail-bucket")


STACK = 'resource "aws_s3_bucket" "data" {\n  bucket = "data-prod"\n}\n'


def test_a_scan_without_attribute_makes_no_cloudtrail_call(aws: None, tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text(STACK)
    boto3.client("s3", region_name="us-east-1").create_bucket(Bucket="hand-made")
    session = boto3.Session(region_name="us-east-1")
    calls: list[str] = []
    # the scan reads trails (aws_cloudtrail); attribution is LookupEvents
    session.events.register(
        "before-call.cloudtrail.LookupEvents", lambda **kw: calls.append(kw["event_name"])
    )
    plain = api.scan(tmp_path, session=session)
    assert calls == []
    assert "attribution" not in json.dumps(plain.to_json())
    attributed = api.scan(tmp_path, session=session, attribute=True, attribute_now=NOW)
    assert calls  # now CloudTrail is asked; moto has no LookupEvents: it fails
    assert [d.fingerprint for d in attributed.drifts] == [d.fingerprint for d in plain.drifts]
    assert attributed.summary == plain.summary and attributed.errors == plain.errors
    assert all("unknown" in (d.attribution or {}) for d in attributed.drifts)
    validate_report(attributed.to_json())


def test_the_console_says_who_in_one_line_with_a_link_to_the_event() -> None:
    import io

    from rich.console import Console

    from driftctl.report import console

    report, _, _ = _attribute(FakeCloudTrail(RECORDS))
    out = io.StringIO()
    console.render(report, Console(file=out, width=400, highlight=False, soft_wrap=True))
    text = out.getvalue()
    assert (
        "by alice (iam-user) via cli: AuthorizeSecurityGroupIngress at 2026-11-20T09:14:03Z "
        "https://console.aws.amazon.com/cloudtrail/home?region=eu-west-1#/events/"
        "0c7a2d6e-0002-4f00-8000-000000000002"
    ) in text
    assert "via console: CreateBucket at 2026-11-22T13:31:09Z, 5 days old" in text
    assert "by: unknown (no CloudTrail event for it in the window (7d))" in text
    plain = io.StringIO()
    console.render(_report(), Console(file=plain, width=400, highlight=False, soft_wrap=True))
    assert "by " not in plain.getvalue()
