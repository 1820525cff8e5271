"""driftctl scan end to end: the installed CLI against moto's server, changes made with boto3."""

from __future__ import annotations

import http.server
import json
import os
import shutil
import threading
from pathlib import Path

import boto3
import pytest

from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from tests.kit.cli import driftctl


def scan(endpoint: str, *extra: str, source: Path = FIXTURE) -> tuple[int, dict, str]:  # type: ignore[type-arg]
    run = driftctl(
        "scan",
        "--from",
        f"hcl://{source}",
        "--endpoint-url",
        endpoint,
        "--region",
        "us-east-1",
        "-o",
        "json://-",
        *extra,
    )
    assert run.code in (0, 1, 2), run.stderr
    return run.code, (json.loads(run.stdout) if run.stdout else {}), run.stderr


def drift_set(report: dict) -> set[tuple[str, str, str, tuple[str, ...]]]:  # type: ignore[type-arg]
    return {
        (d["kind"], d["type"], d["address"] or d["id"], tuple(c["path"] for c in d["changes"]))
        for d in report["drifts"]
    }


def test_a_freshly_applied_stack_is_in_sync(endpoint: str) -> None:
    demo_stack.apply(endpoint)
    code, report, stderr = scan(endpoint)
    assert report["drifts"] == [], json.dumps(report["drifts"], indent=1)
    assert code == 0, stderr
    assert report["summary"]["managed"] == report["summary"]["declared"] == 17
    assert report["errors"] == []


def test_out_of_band_changes_are_exactly_the_drift(endpoint: str) -> None:
    ids = demo_stack.apply(endpoint)
    demo_stack.drift(endpoint, ids)
    code, report, _ = scan(endpoint)
    assert code == 1
    assert drift_set(report) == {
        ("changed", "aws_security_group", "aws_security_group.web", ("ingress[1]",)),
        ("changed", "aws_s3_bucket", 'aws_s3_bucket.data["raw"]', ("tags.Zone",)),
        (
            "changed",
            "aws_s3_bucket_versioning",
            'aws_s3_bucket_versioning.data["curated"]',
            ("versioning_configuration.status",),
        ),
        ("unmanaged", "aws_s3_bucket", "acme-demo-scratch", ()),
        ("missing", "aws_iam_role_policy", "aws_iam_role_policy.read_data", ()),
    }
    ssh = next(d for d in report["drifts"] if d["type"] == "aws_security_group")
    assert ssh["changes"][0]["actual"] == {
        "protocol": "tcp",
        "from_port": 22,
        "to_port": 22,
        "cidr_blocks": ["0.0.0.0/0"],
    }
    assert ssh["source"] == {"file": "network.tf", "line": 1}
    tag = next(
        d for d in report["drifts"] if d["type"] == "aws_s3_bucket" and d["kind"] == "changed"
    )
    assert (tag["changes"][0]["expected"], tag["changes"][0]["actual"]) == ("raw", "analytics")
    assert report["summary"] | {"coverage": None} == {
        "declared": 17,
        "live": report["summary"]["live"],
        "managed": 16,
        "changed": 3,
        "missing": 1,
        "unmanaged": 1,
        "ignored": 0,
        "unknown": 0,
        "not_compared": 0,
        "unsupported": {},
        "coverage": None,
        "compared_share": 1.0,  # every declared resource is of a type driftctl compares
    }


def test_the_report_is_byte_identical_across_runs_and_offline(
    endpoint: str, tmp_path: Path
) -> None:
    ids = demo_stack.apply(endpoint)
    demo_stack.drift(endpoint, ids)
    snap = tmp_path / "live.json"
    first = driftctl(
        "scan",
        "--from",
        str(FIXTURE),
        "--endpoint-url",
        endpoint,
        "-o",
        "json://-",
        "--save-live",
        str(snap),
    )
    second = driftctl("scan", "--from", str(FIXTURE), "--endpoint-url", endpoint, "-o", "json://-")
    offline = driftctl(
        "scan",
        "--from",
        str(FIXTURE),
        "--live",
        str(snap),
        "-o",
        "json://-",
        env={"PATH": os.environ["PATH"]},
    )
    assert first.code == second.code == offline.code == 1
    assert first.stdout == second.stdout == offline.stdout


def test_console_output_names_file_line_and_values(endpoint: str) -> None:
    ids = demo_stack.apply(endpoint)
    demo_stack.drift(endpoint, ids)
    run = driftctl("scan", "--from", str(FIXTURE), "--endpoint-url", endpoint)
    assert run.code == 1
    assert "aws_security_group.web" in run.stdout and "network.tf:1" in run.stdout
    assert '"raw" → "analytics"' in run.stdout or "raw → analytics" in run.stdout
    assert "Unmanaged" in run.stdout and "acme-demo-scratch" in run.stdout


def test_a_tf_syntax_error_names_file_and_line(endpoint: str, tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text(
        'resource "aws_s3_bucket" "b" {\n  bucket = "x"\n  tags = {\n}\n}}\n'
    )
    run = driftctl("scan", "--from", f"hcl://{tmp_path}", "--endpoint-url", endpoint)
    assert run.code == 2
    assert "main.tf:5" in run.stderr and "Traceback" not in run.stderr


def test_no_credentials_is_one_clear_line(endpoint: str, tmp_path: Path) -> None:
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "AWS_REGION": "us-east-1",
        "AWS_CONFIG_FILE": str(tmp_path / "none"),
        "AWS_SHARED_CREDENTIALS_FILE": str(tmp_path / "none"),
        "AWS_EC2_METADATA_DISABLED": "true",
    }
    run = driftctl("scan", "--from", str(FIXTURE), "--endpoint-url", endpoint, env=env)
    assert run.code == 2
    assert "no AWS credentials found" in run.stderr and "Traceback" not in run.stderr


def test_an_unreachable_endpoint_is_one_clear_line(endpoint: str) -> None:
    run = driftctl("scan", "--from", str(FIXTURE), "--endpoint-url", "http://127.0.0.1:9")
    assert run.code == 2
    assert "cannot reach the AWS endpoint" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("status", [200, 502])
def test_an_endpoint_that_does_not_speak_aws_is_one_clear_line(endpoint: str, status: int) -> None:
    # a proxy or captive portal answering plain HTML: botocore cannot parse the answer
    handler = type("Handler", (_NotAws,), {"status": status})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        run = driftctl(
            "scan", "--from", str(FIXTURE), "--endpoint-url", url, "--region", "us-east-1",
            "--max-attempts", "1",
        )  # fmt: skip
    finally:
        server.shutdown()
    assert run.code == 2, run.stderr
    assert "sts:GetCallerIdentity failed" in run.stderr and "Traceback" not in run.stderr


class _NotAws(http.server.BaseHTTPRequestHandler):
    status = 200

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = b"<html><body>Welcome to the hotel network</body></html>"
        self.send_response(self.status)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_caller_identity_fills_names_during_a_scan(endpoint: str, tmp_path: Path) -> None:
    # bucket names built from the account id are known when scanning (Terraform reads
    # aws_caller_identity at plan time): the bucket matches, it is not missing + unmanaged
    (tmp_path / "main.tf").write_text(
        'data "aws_caller_identity" "me" {}\n'
        'data "aws_region" "here" {}\n'
        'resource "aws_s3_bucket" "logs" {\n'
        '  bucket = "logs-${data.aws_caller_identity.me.account_id}-${data.aws_region.here.name}"\n'
        "}\n"
    )
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1")
    account = boto3.client("sts", endpoint_url=endpoint, region_name="us-east-1")
    name = f"logs-{account.get_caller_identity()['Account']}-us-east-1"
    s3.create_bucket(Bucket=name)
    snapshot = tmp_path / "live.json"
    code, report, stderr = scan(endpoint, "--save-live", str(snapshot), source=tmp_path)
    assert report["drifts"] == [], stderr
    assert code == 0
    assert report["summary"]["managed"] == 1
    # offline, from the snapshot that scan saved: the same identity, the same report
    offline = driftctl(
        "scan", "--from", f"hcl://{tmp_path}", "--live", str(snapshot), "-o", "json://-"
    )
    assert (offline.code, offline.report) == (0, report), offline.stderr


def test_a_name_known_only_after_apply_is_not_missing(endpoint: str, tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text(
        'resource "aws_s3_bucket" "b" {\n  bucket = "b-${timestamp()}"\n}\n'
    )
    code, report, stderr = scan(endpoint, source=tmp_path)
    assert report["drifts"] == [], stderr
    assert code == 0
    assert report["summary"]["unknown"] == 1


def test_inline_and_separate_forms_compare_equal(endpoint: str, tmp_path: Path) -> None:
    """The demo stack rewritten with inline blocks (provider v3 style) is in sync too."""
    stack = tmp_path / "inline"
    shutil.copytree(FIXTURE, stack)
    (stack / "storage.tf").write_text(
        """
resource "aws_s3_bucket" "data" {
  for_each = toset(["raw", "curated"])
  bucket   = "acme-${var.env}-${each.key}"
  tags     = merge(local.common_tags, { Zone = each.key })
  versioning {
    enabled = true
  }
  server_side_encryption_configuration {
    rule {
      apply_server_side_encryption_by_default {
        sse_algorithm = "AES256"
      }
    }
  }
}

resource "aws_s3_bucket" "logs" {
  bucket = "acme-${var.env}-logs"
  tags   = local.common_tags
}

resource "aws_s3_bucket_public_access_block" "logs" {
  bucket                  = aws_s3_bucket.logs.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}
"""
    )
    (stack / "network.tf").write_text(
        (stack / "network.tf")
        .read_text()
        .replace(
            (
                'resource "aws_security_group_rule" "db_from_web" {\n'
                '  type                     = "ingress"\n'
            ),
            'resource "aws_vpc_security_group_ingress_rule" "db_from_web" {\n',
        )
        .replace(
            '  protocol                 = "tcp"\n  security_group_id',
            '  ip_protocol = "tcp"\n  security_group_id',
        )
        .replace("source_security_group_id", "referenced_security_group_id")
    )
    demo_stack.apply(endpoint)
    code, report, stderr = scan(endpoint, source=stack)
    assert report["drifts"] == [], json.dumps(report["drifts"], indent=1)
    assert code == 0, stderr


def test_demo_runs_and_exits_zero() -> None:
    run = driftctl("demo")
    assert run.code == 0, run.stderr
    for text in (
        "acme-demo-scratch",
        "aws_security_group.web",
        "versioning_configuration.status",
        "read_data",
    ):
        assert text in run.stdout


def test_render_is_canonical_json_with_sources(tmp_path: Path) -> None:
    run = driftctl("render", "--from", str(FIXTURE))
    assert run.code == 0, run.stderr
    doc = json.loads(run.stdout)
    buckets = [r for r in doc["resources"] if r["type"] == "aws_s3_bucket"]
    assert [b["address"] for b in buckets] == [
        'aws_s3_bucket.data["curated"]',
        'aws_s3_bucket.data["raw"]',
        "aws_s3_bucket.logs",
    ]
    assert buckets[1]["attrs"]["tags"] == {
        "Env": "demo",
        "ManagedBy": "terraform",
        "Project": "driftctl-demo",
        "Zone": "raw",
    }
    assert buckets[1]["source"] == {"file": "storage.tf", "line": 1}
    sg = next(r for r in doc["resources"] if r["address"] == "aws_security_group.web")
    assert sg["attrs"]["vpc_id"] == {"$unknown": "${aws_vpc.main.id} is known after apply"}
    assert driftctl("render", "--from", str(FIXTURE)).stdout == run.stdout
