"""The report built from declared and live state: partial scans, summary, exit status."""

from __future__ import annotations

from driftctl.aws.canonical import Declared
from driftctl.aws.scanner import LiveState
from driftctl.commands.scan import exit_status
from driftctl.errors import ExitStatus
from driftctl.model import Resource, ScanError, SourceRef, Unknown
from driftctl.pipeline import build_report

BUCKET = Resource(
    "aws_s3_bucket", "b", "aws_s3_bucket.b", {"bucket": "b", "tags": {}}, SourceRef("s.tf", 1)
)
ROLE = Resource(
    "aws_iam_role", "r", "aws_iam_role.r", {"name": "r", "tags": {"A": "1"}}, SourceRef("i.tf", 3)
)


def test_an_incomplete_scan_reports_errors_no_false_drift_and_exits_2() -> None:
    live = LiveState(
        [Resource("aws_iam_role", "r", None, {"name": "r", "tags": {"A": "2"}})],
        [ScanError("s3/global", "GetBucketPolicy: AccessDenied: no")],
        {("s3_buckets", "global")},
    )
    report = build_report(Declared([BUCKET, ROLE]), live)
    assert [(d.kind, d.type) for d in report.drifts] == [
        ("changed", "aws_iam_role")
    ]  # bucket not "missing"
    assert report.to_json()["errors"] == [
        {"scope": "s3/global", "message": "GetBucketPolicy: AccessDenied: no"}
    ]
    assert exit_status(report) is ExitStatus.ERROR


def test_live_twins_of_unidentified_declarations_are_never_reverted() -> None:
    # bucket = "logs-${timestamp()}": any live bucket may be it, so an unmanaged bucket is
    # reported, but a rule saying revert (delete) for unmanaged must not apply to it
    unsure = Resource("aws_s3_bucket", None, "aws_s3_bucket.l", {"bucket": Unknown("ts")})
    live = LiveState(
        [
            Resource("aws_s3_bucket", "logs-1", None, {"bucket": "logs-1", "tags": {}}),
            Resource("aws_iam_role", "stray", None, {"name": "stray", "tags": {}, "path": "/"}),
        ],
        [],
        set(),
    )
    report = build_report(Declared([unsure]), live)
    assert [(d.kind, d.id, d.observe_only) for d in report.drifts] == [
        ("unmanaged", "stray", False),
        ("unmanaged", "logs-1", True),
    ]
    assert report.summary["unknown"] == 1


def test_summary_counts_and_coverage() -> None:
    live = LiveState(
        [
            Resource("aws_iam_role", "r", None, {"name": "r", "tags": {"A": "1"}}),
            Resource("aws_iam_role", "stray", None, {"name": "stray", "tags": {}, "path": "/"}),
            Resource(
                "aws_iam_role",
                "AWSServiceRoleForX",
                None,
                {"name": "x", "path": "/aws-service-role/x/"},
            ),
        ],
        [],
        set(),
    )
    report = build_report(Declared([BUCKET, ROLE]), live)
    assert report.summary == {
        "declared": 2,
        "live": 3,
        "managed": 1,
        "changed": 0,
        "missing": 1,
        "unmanaged": 1,
        "ignored": 0,
        "unknown": 0,
        "coverage": 0.5,
    }
    assert exit_status(report) is ExitStatus.DRIFT
    fingerprints = [d.fingerprint for d in report.drifts]
    assert fingerprints == [
        d.fingerprint for d in build_report(Declared([BUCKET, ROLE]), live).drifts
    ]
    assert all(f.startswith("sha256:") for f in fingerprints)
