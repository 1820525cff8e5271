"""The HTML report in a real browser (Debian's headless Chromium, tests/browser.py): what a
person sees is there, the page makes no request but for itself, and logs no error."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl.core.model import Change, Drift, Report, ScanError, SourceRef
from driftctl.report import formats
from tests.browser import open_page

REPORT = Report(
    {
        "declared": 4, "live": 5, "managed": 3, "changed": 2, "missing": 1, "unmanaged": 1,
        "ignored": 2, "unknown": 0, "coverage": 0.75, "unsupported": {"aws_lambda_function": 2},
    },
    (
        Drift("changed", "aws_s3_bucket", "acme-raw", 'aws_s3_bucket.data["raw"]',
              SourceRef("storage.tf", 3), (Change("tags.Zone", "raw", "analytics"),)),
        Drift("changed", "aws_security_group", "sg-0123", "aws_security_group.web",
              SourceRef("network.tf", 14),
              (Change("ingress[1]", None, {"cidr_blocks": ["0.0.0.0/0"], "from_port": 22,
                                           "protocol": "tcp", "to_port": 22}),
               Change("tags.api_token", "abc", "def")),
              "revert", "high", "no-open-ssh"),
        Drift("missing", "aws_iam_role_policy", "app:read", "aws_iam_role_policy.read",
              SourceRef("iam.tf", 7), severity="critical"),
        Drift("unmanaged", "aws_s3_bucket", "<script>alert(1)</script>", None, None,
              severity="low"),
    ),
    (ScanError("ec2/eu-west-1", "DescribeVpcs: AccessDenied"),),
)  # fmt: skip

SEEN = [
    "driftctl report", "incomplete scan", "Summary", "coverage", "75%",
    "Drift by kind", "Drift by severity", "Drift by type",
    'aws_s3_bucket.data["raw"] (acme-raw)', "tags.Zone", '- "raw"', '+ "analytics"',
    "aws_security_group.web (sg-0123)", "rule no-open-ssh", '"0.0.0.0/0"',
    "infra/network.tf:14", "aws_iam_role_policy.read", "<script>alert(1)</script>",
    "ec2/eu-west-1", "DescribeVpcs: AccessDenied", "aws_lambda_function",
]  # fmt: skip
PROBE = """({
  charts: [...document.querySelectorAll('svg[role=img]')].map(s => [
    s.getAttribute('aria-label'), Math.round(s.getBoundingClientRect().width),
    s.querySelectorAll('rect').length]),
  links: [...document.querySelectorAll('a')].map(a => a.getAttribute('href')),
  scripts: document.scripts.length,
})"""


def test_the_html_report_in_a_real_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "reports").mkdir()
    page_path = tmp_path / "reports" / "drift.html"
    monkeypatch.chdir(tmp_path)  # the scan runs here, the page is written to reports/
    page_path.write_text(formats.render("html", REPORT, [Path("infra")], "reports/drift.html"))
    page = open_page(page_path.as_uri(), PROBE)
    for seen in SEEN:
        assert seen in page.text, seen
    assert '"abc"' not in page.text and "***" in page.text  # a secret-named key is masked
    assert page.console == [] and page.exceptions == []  # zero console errors (or messages)
    assert page.requests == [page_path.as_uri()]  # nothing fetched but the page itself
    probe = page.evaluated
    assert [(label, rects) for label, _, rects in probe["charts"]] == [
        ("drift by kind", 3), ("drift by severity", 4), ("drift by type", 3),
    ]  # fmt: skip
    assert all(width > 200 for _, width, _ in probe["charts"])
    assert "../infra/network.tf#L14" in probe["links"]  # from reports/ to infra/, at the line
    assert probe["scripts"] == 0
    shot = tmp_path / "drift.png"
    shot.write_bytes(page.screenshot)
    assert page.screenshot[:8] == b"\x89PNG\r\n\x1a\n" and len(page.screenshot) > 20_000
