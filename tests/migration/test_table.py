"""docs/migrating-from-snyk.md's table: 46 rows, the counts its text gives, and a test
that exists for every row (each runs the snyk form)."""

from __future__ import annotations

import ast
import re

from tests.paths import ROOT, TESTS

DOC = ROOT / "docs" / "migrating-from-snyk.md"


def rows() -> list[list[str]]:
    out = []
    for line in DOC.read_text().splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) == 5 and cells[0].isdigit():
            out.append(cells)
    return out


def status(cell: str) -> str:
    for word in ("identical", "different", "accepted", "error"):
        if cell.startswith(word):
            return word
    raise AssertionError(f"unknown status {cell!r}")


def test_the_table_has_46_numbered_rows_with_the_counts_it_states() -> None:
    table = rows()
    assert [int(r[0]) for r in table] == list(range(1, 47))
    counts = {k: sum(status(r[2]) == k for r in table) for k in ("identical", "different")}
    counts["accepted"] = sum(status(r[2]) == "accepted" for r in table)
    counts["error"] = sum(status(r[2]) == "error" for r in table)
    text = DOC.read_text()
    assert f"**{counts['identical']} work identically**" in text
    assert f"**{counts['different']} differently**" in text
    assert f"**{counts['accepted']} are accepted and do nothing**" in text
    assert f"**{counts['error']} are clear errors**" in text
    assert sum(counts.values()) == 46
    for row in table:  # a difference or an error says why, and what to do instead
        if status(row[2]) != "identical":
            assert len(row[3]) > 20, row


def test_every_row_names_a_test_that_exists() -> None:
    for row in rows():
        module, _, name = row[4].partition("::")
        path = TESTS / "migration" / module
        assert path.is_file(), row
        names = {
            n.name for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.FunctionDef)
        }
        assert name in names and name.startswith("test_"), row
