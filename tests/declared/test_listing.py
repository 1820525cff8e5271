"""Directory listings: sorted by name whatever order the OS (or the test hook) gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl.declared import listing


def test_files_are_sorted_and_the_hook_reverses_only_the_raw_listing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("b.tf", "a.tf", "c.tf"):
        (tmp_path / name).write_text("")
    (tmp_path / "sub").mkdir()
    raw = listing.entries(tmp_path)
    assert [p.name for p in listing.files(tmp_path)] == ["a.tf", "b.tf", "c.tf"]
    monkeypatch.setenv(listing.REVERSE_FILE_ORDER, "1")
    assert listing.entries(tmp_path) == raw[::-1]
    assert [p.name for p in listing.files(tmp_path)] == ["a.tf", "b.tf", "c.tf"]
