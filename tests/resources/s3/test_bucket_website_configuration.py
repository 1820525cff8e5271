"""aws_s3_bucket_website_configuration on moto: read with every bucket, compared (routing
rules as blocks or as JSON), reverted; no website (AWS's default) is never unmanaged."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.resources.hcl import REGION, changed, kinds, revert_all, scan
from tests.resources.helpers import drifts, plan_calls, run, write
from tests.resources.helpers import scan as scan_report

RULES = [
    {"Condition": {"KeyPrefixEquals": "docs/"}, "Redirect": {"ReplaceKeyPrefixWith": "documents/"}}
]
HCL = """
resource "aws_s3_bucket" "site" {
  bucket = "web-site"
}
resource "aws_s3_bucket_website_configuration" "site" {
  bucket = aws_s3_bucket.site.id
  index_document {
    suffix = "index.html"
  }
  error_document {
    key = "error.html"
  }
  routing_rule {
    condition {
      key_prefix_equals = "docs/"
    }
    redirect {
      replace_key_prefix_with = "documents/"
    }
  }
}
resource "aws_s3_bucket" "redirect" {
  bucket = "web-redirect"
}
resource "aws_s3_bucket_website_configuration" "redirect" {
  bucket = aws_s3_bucket.redirect.id
  redirect_all_requests_to {
    host_name = "example.com"
    protocol  = "https"
  }
}
resource "aws_s3_bucket" "json" {
  bucket = "web-json"
}
resource "aws_s3_bucket_website_configuration" "json" {
  bucket = aws_s3_bucket.json.id
  index_document {
    suffix = "index.html"
  }
  routing_rules = jsonencode(RULES_HCL)
}
resource "aws_s3_bucket" "plain" {
  bucket = "web-plain"
}
""".replace("RULES_HCL", json.dumps(RULES).replace('":', '" ='))
SITE = {
    "IndexDocument": {"Suffix": "index.html"},
    "ErrorDocument": {"Key": "error.html"},
    "RoutingRules": RULES,
}


def _buckets() -> None:
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("web-site", "web-redirect", "web-json", "web-plain"):
        s3.create_bucket(Bucket=name)
    s3.put_bucket_website(Bucket="web-site", WebsiteConfiguration=SITE)  # type: ignore[arg-type]
    s3.put_bucket_website(
        Bucket="web-redirect",
        WebsiteConfiguration={
            "RedirectAllRequestsTo": {"HostName": "example.com", "Protocol": "https"}
        },
    )
    s3.put_bucket_website(
        Bucket="web-json",
        WebsiteConfiguration={"IndexDocument": {"Suffix": "index.html"}, "RoutingRules": RULES},  # type: ignore[typeddict-item]
    )


def test_in_sync_and_no_website_is_not_unmanaged(aws: None, tmp_path: Path) -> None:
    _buckets()
    boto3.client("s3", region_name=REGION).create_bucket(Bucket="web-by-hand")
    assert kinds(scan(tmp_path, HCL)) == [("unmanaged", "aws_s3_bucket", "web-by-hand")]


def test_changed_documents_and_redirects_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    _buckets()
    s3 = boto3.client("s3", region_name=REGION)
    s3.put_bucket_website(
        Bucket="web-site",
        WebsiteConfiguration={**SITE, "IndexDocument": {"Suffix": "home.html"}},  # type: ignore[arg-type]
    )
    s3.put_bucket_website(
        Bucket="web-redirect",
        WebsiteConfiguration={
            "RedirectAllRequestsTo": {"HostName": "example.org", "Protocol": "https"}
        },
    )
    s3.put_bucket_website(
        Bucket="web-json", WebsiteConfiguration={"IndexDocument": {"Suffix": "index.html"}}
    )
    found = scan(tmp_path, HCL)
    assert changed(found, "aws_s3_bucket_website_configuration.site") == {
        "index_document.suffix": ("index.html", "home.html")
    }
    assert changed(found, "aws_s3_bucket_website_configuration.redirect") == {
        "redirect_all_requests_to.host_name": ("example.com", "example.org")
    }
    assert list(changed(found, "aws_s3_bucket_website_configuration.json")) == ["routing_rule"]
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []
    assert s3.get_bucket_website(Bucket="web-site")["RoutingRules"] == RULES


def test_an_undeclared_website_is_unmanaged_and_removed(aws: None, tmp_path: Path) -> None:
    _buckets()
    boto3.client("s3", region_name=REGION).put_bucket_website(
        Bucket="web-plain", WebsiteConfiguration={"IndexDocument": {"Suffix": "index.html"}}
    )
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan_report(directory)) == [
        ("unmanaged", "aws_s3_bucket_website_configuration.web-plain", [])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        ("delete_bucket_website", {"Bucket": "web-plain"})
    ]
    run(calls)
    assert drifts(scan_report(directory)) == []
