"""The `s3://` source (attribution/s3logs.py): trail log files in moto's S3 (in-process).

The records of data/records.json written as CloudTrail delivers them
(tests/attribution/trailfiles.py); the same drifts as test_lookup.py attributed from
them, and what a user meets: only the window's days, the scanned accounts and the
drifts' regions listed; organization trails; a corrupt file named and skipped; records
out of order or with fields missing; access denied, no bucket, no files.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime
import gzip
import json
from typing import Any

import boto3
import botocore.exceptions
import pytest

from driftctl.attribution.run import attribute, s3_source
from driftctl.attribution.s3logs import S3Source
from driftctl.core.model import Drift, Report
from driftctl.settings import Attribution
from tests.attribution import trailfiles
from tests.attribution.test_lookup import NOW, RECORDS, SG, _report

BUCKET = "org-trail"
ACCOUNT = "123456789012"
SETTINGS = Attribution(True, source=f"s3://{BUCKET}/trails", window_days=30, now=NOW)


def _drifts(report: Report) -> Report:
    """test_lookup's drifts, scanned in ACCOUNT, plus a role policy (looked up by event)."""
    policy = Drift("unmanaged", "aws_iam_role_policy", "app:inline", None, None, region="global")
    drifts = (*report.drifts, policy)
    return dataclasses.replace(
        report, drifts=tuple(dataclasses.replace(d, account=ACCOUNT) for d in drifts)
    )


def _s3(records: list[dict[str, Any]] | None = None, **where: Any) -> Any:
    client = boto3.client("s3", region_name="us-east-1")
    client.create_bucket(Bucket=BUCKET)
    if records:
        trailfiles.upload(client, BUCKET, records, prefix="trails", **where)
    return client


def _run(client: Any, settings: Attribution = SETTINGS, report: Report | None = None) -> Any:
    report = report or _drifts(_report())
    source = s3_source(report, settings, client, ("eu-west-1",))
    done = attribute(report, settings, lambda r: None, ("eu-west-1",), source)
    return {d.id: d.to_json() for d in done.drifts}, source


def test_each_drift_is_attributed_from_the_trail_files(aws: None) -> None:
    found, source = _run(_s3(RECORDS))
    assert found[SG]["attribution"]["actor"] == "alice"
    assert found["legacy-batch"]["attribution"]["actor"] == "dave"
    carol = found["carol-scratch"]
    assert (carol["attribution"]["actor"], carol["created"], carol["age_days"]) == (
        "carol@example.com",
        "2026-11-22T13:31:09Z",
        5,
    )
    assert found["app:inline"]["attribution"]["via"] == "cloudformation"
    assert found["nobody-knows"]["attribution"] == {
        "unknown": "no CloudTrail event for it in the window (30d)"
    }
    assert source.skipped == [] and source.files == len(trailfiles.files(RECORDS))


def test_only_the_window_days_the_account_and_the_drifts_regions_are_listed(aws: None) -> None:
    other = copy.deepcopy(RECORDS[1])  # the same change, in another account
    other["recipientAccountId"] = "210987654321"
    settings = dataclasses.replace(SETTINGS, window_days=2)  # 2026-11-26T12:00 .. NOW
    late = copy.deepcopy(RECORDS[2])
    late["eventTime"] = "2026-11-27T10:00:00Z"
    client = _s3([*RECORDS, other, late])
    drift = Drift("changed", "aws_security_group", SG, "aws_security_group.web", None, ())
    report = Report({}, (dataclasses.replace(drift, region="eu-west-1", account=ACCOUNT),))
    found, source = _run(client, settings, report)
    assert source.listed == [
        "trails/AWSLogs/",
        f"trails/AWSLogs/{ACCOUNT}/CloudTrail/eu-west-1/2026/11/26/",
        f"trails/AWSLogs/{ACCOUNT}/CloudTrail/eu-west-1/2026/11/27/",
        f"trails/AWSLogs/{ACCOUNT}/CloudTrail/eu-west-1/2026/11/28/",
    ]
    assert source.files == 1  # the one file of those days: not us-east-1's, not the other account's
    assert found[SG]["attribution"]["actor"] == "BreakGlass/bob"


def test_an_organization_trail_has_its_own_level(aws: None) -> None:
    found, source = _run(_s3(RECORDS, org="o-a1b2c3d4e5"))
    assert found[SG]["attribution"]["actor"] == "alice"
    assert f"trails/AWSLogs/o-a1b2c3d4e5/{ACCOUNT}/CloudTrail/us-east-1/2026/11/23/" in (
        source.listed
    )
    assert not any(p.startswith(f"trails/AWSLogs/{ACCOUNT}/") for p in source.listed)


def test_a_corrupt_file_is_named_and_skipped_the_others_still_read(aws: None) -> None:
    client = _s3(RECORDS)
    good = trailfiles.body([RECORDS[0]])
    broken = {
        "garbage": b"not gzip at all",
        "truncated": good[: len(good) // 2],
        "not-json": gzip.compress(b'{"Records":[{"eventVersion":"1.09",'),
    }
    when = datetime.datetime(2026, 11, 25, 10, 0, tzinfo=datetime.timezone.utc)
    keys = {}
    for name, data in broken.items():
        keys[name] = trailfiles.key_of(ACCOUNT, "eu-west-1", when, "trails", unique=name)
        client.put_object(Bucket=BUCKET, Key=keys[name], Body=data)
    found, source = _run(client)
    assert found[SG]["attribution"]["actor"] == "alice"
    assert [s.split(": skipped, ")[0] for s in source.skipped] == sorted(
        f"s3://{BUCKET}/{k}" for k in keys.values()
    )
    assert "not a gzip file" in " ".join(source.skipped)
    assert "truncated" in " ".join(source.skipped)
    reason = found["nobody-knows"]["attribution"]["unknown"]
    assert reason.startswith("no CloudTrail event for it in the window (30d); s3://org-trail/")
    assert reason.endswith("(and 2 more)")


def test_records_out_of_order_and_with_fields_missing(aws: None) -> None:
    # alice's ingress change (11-20) and a later one by eve (11-22) in one file, newest
    # first; later ones by mallory without eventTime or without eventName, and one without
    # eventVersion (the key each record of a delivered file starts with), in the same file
    eve = copy.deepcopy(RECORDS[1])
    eve["eventTime"] = "2026-11-22T08:00:00Z"
    eve["eventID"] = "eve"
    eve["userIdentity"] = {"type": "IAMUser", "userName": "eve", "arn": "arn:aws:iam::1:user/eve"}
    mallory = copy.deepcopy(eve)
    mallory["eventTime"] = "2026-11-23T08:00:00Z"
    mallory["userIdentity"] = {"type": "IAMUser", "userName": "mallory"}
    no_time = {k: v for k, v in mallory.items() if k != "eventTime"}
    no_name = {k: v for k, v in mallory.items() if k != "eventName"}
    no_version = {k: v for k, v in RECORDS[0].items() if k != "eventVersion"}
    bunch = [eve, no_time, no_version, RECORDS[1], no_name]
    client = _s3([r for r in RECORDS if r is not RECORDS[1]])
    when = datetime.datetime(2026, 11, 21, 10, 5, tzinfo=datetime.timezone.utc)
    for unique, data in (
        ("compact", trailfiles.body(bunch)),
        ("pretty", gzip.compress(json.dumps({"Records": bunch}, indent=2).encode())),
    ):
        key = trailfiles.key_of(ACCOUNT, "eu-west-1", when, "trails", unique=unique)
        client.put_object(Bucket=BUCKET, Key=key, Body=data)
    found, source = _run(client)
    assert found[SG]["attribution"]["actor"] == "eve"
    assert found[SG]["attribution"]["event_id"] == "eve"
    assert source.skipped == []


class _Denied:
    """An s3 client refused everything, as a bucket policy without the grants does."""

    def __init__(self, code: str) -> None:
        self.code = code

    def get_paginator(self, name: str) -> Any:
        raise botocore.exceptions.ClientError(
            {"Error": {"Code": self.code, "Message": "no"}}, "ListObjectsV2"
        )


@pytest.mark.parametrize(
    ("client", "reason"),
    [
        (
            _Denied("AccessDenied"),
            "access denied to s3://org-trail/trails/AWSLogs/ (s3:ListBucket): grant it, "
            "or use --cloudtrail lookup",
        ),
        (_Denied("NoSuchBucket"), "no bucket org-trail (--cloudtrail s3://org-trail/trails)"),
    ],
)
def test_a_bucket_that_cannot_be_read_makes_every_attribution_unknown(
    client: Any, reason: str
) -> None:
    found, _ = _run(client)
    assert {d["attribution"]["unknown"] for d in found.values()} == {reason}


def test_no_files_for_the_window_says_where_it_looked(aws: None) -> None:
    found, source = _run(_s3(RECORDS), dataclasses.replace(SETTINGS, now=NOW.replace(year=2027)))
    assert found[SG]["attribution"] == {
        "unknown": f"no trail log files in s3://{BUCKET}/trails/AWSLogs/{ACCOUNT}/CloudTrail/"
        "eu-west-1/ for 2027-10-29..2027-11-28: check that a trail delivers this region's "
        "events to this bucket and prefix"
    }
    assert source.files == 0


def test_the_source_reads_nothing_before_it_is_asked(aws: None) -> None:
    source = S3Source(_Denied("AccessDenied"), f"s3://{BUCKET}", NOW, NOW, [])
    assert source.listed == [] and source.by_event("eu-west-1", "CreateTags") == []


def test_a_region_without_files_does_not_hide_the_events_of_another(aws: None) -> None:
    # a bucket is global: its events are looked for in us-east-1 and the scanned region;
    # the trail has files in eu-west-1 only
    found, _ = _run(_s3([r for r in RECORDS if r["awsRegion"] == "eu-west-1"]))
    assert found["carol-scratch"]["attribution"]["actor"] == "carol@example.com"
    # the others are looked for in us-east-1 too: the reason says it has no files
    for rid in ("nobody-knows", "legacy-batch"):
        assert found[rid]["attribution"]["unknown"].startswith(
            "no CloudTrail event for it in the window (30d); no trail log files in "
            f"s3://{BUCKET}/trails/AWSLogs/{ACCOUNT}/CloudTrail/us-east-1/"
        )
