"""The markdown report: counts, one table per kind, source links, folded long values, masking."""

from __future__ import annotations

from driftctl.report import markdown
from tests.report.sample import CLEAN, PARTIAL, REPORT


def test_counts_by_kind_and_severity() -> None:
    text = markdown.render(REPORT)
    assert text.startswith("## driftctl: drift found\n")
    assert "| changed | 3 |" in text and "| missing | 1 |" in text and "| unmanaged | 1 |" in text
    assert "| critical | 1 |" in text and "| high | 1 |" in text and "| medium | 2 |" in text
    assert "| low | 1 |" in text
    assert "coverage 75%" in text


def test_a_table_per_kind_with_source_links_relative_to_the_repository() -> None:
    text = markdown.render(REPORT, root="infra")
    assert "### Changed — declared and live differ (3)" in text
    assert "### Missing — declared, not found live (1)" in text
    assert "### Unmanaged — live, not declared (1)" in text
    row = next(line for line in text.splitlines() if "instance_class" in line)
    assert row == (
        "| <code>aws_db_instance.main</code> (<code>db-1</code>) | [infra/db.tf:7](infra/db.tf#L7)"
        " | <code>instance_class</code> | <code>&quot;db.t3.micro&quot;</code> → "
        "<code>&quot;db.m5.large&quot;</code> | medium |"
    )
    assert "| <code>aws_s3_bucket</code> | <code>acme-scratch</code> | low |" in text
    assert "[infra/iam.tf:20](infra/iam.tf#L20)" in text
    assert "critical (<code>no-open-ssh</code>)" in text


def test_secrets_are_masked() -> None:
    text = markdown.render(REPORT)
    assert "hunter2" not in text
    assert "<code>&quot;***&quot;</code> → <code>&quot;***&quot;</code>" in text


def test_long_values_fold_into_details() -> None:
    text = markdown.render(REPORT)
    row = next(line for line in text.splitlines() if "aws_iam_policy.p" in line)
    assert row.count("<details><summary>") == 1  # the long expected policy, not the short actual
    assert "</summary><code>{&quot;Statement&quot;" in row
    assert row.endswith("high (<code>no-policy-edits</code>) |")


def test_every_table_row_has_as_many_cells_as_its_header() -> None:
    blocks = [b.splitlines() for b in markdown.render(REPORT).split("\n\n")]
    tables = [rows for rows in blocks if rows and rows[0].startswith("|")]
    assert len(tables) == 5
    for rows in tables:
        assert len({row.count("|") for row in rows}) == 1, rows


def test_clean_and_incomplete_scans() -> None:
    assert markdown.render(CLEAN).startswith("## driftctl: in sync\n")
    assert "###" not in markdown.render(CLEAN)
    partial = markdown.render(PARTIAL)
    assert partial.startswith("## driftctl: incomplete scan\n")
    assert "- `s3/global`: AccessDenied: no" in partial


def test_the_same_report_renders_byte_identically() -> None:
    assert markdown.render(REPORT, "infra") == markdown.render(REPORT, "infra")
