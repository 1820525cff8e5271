"""What the code and the README say about the project's own files stays true.

A newcomer follows a docstring's `docs/architecture.md §4` or a comment's
`docs/revert.md` to a file in this repository: every such reference must name a file
that exists, and every section it names must be a heading of that file. The README's
count of compared types comes from the registry.
"""

from __future__ import annotations

import re
from pathlib import Path

from driftctl.resources.registry import TYPES, terraform_types
from tests.paths import ROOT

# a repository path to a document or schema, as comments and docstrings write them
REFERENCE = re.compile(
    r"(?<![\w/.])((?:docs|tests|bench|driftctl)/[\w./-]+\.(?:md|json))(?![\w])(?:\s+§(\w+))?"
)
# the names a comment may give of a file outside the repository
OUTSIDE = re.compile(r"\b(?:ARCHITECTURE|CONVENTIONS|DEVELOPERS)\.md")


def _sources() -> list[Path]:
    return sorted(
        p
        for folder in ("driftctl", "tests", "bench", "scripts")
        for p in (ROOT / folder).rglob("*.py")
        if p.name != Path(__file__).name
    )


def test_every_referenced_file_exists_and_every_section_is_a_heading() -> None:
    broken = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        for match in REFERENCE.finditer(text):
            name, section = match.group(1).rstrip("."), match.group(2)
            target = ROOT / name
            where = f"{path.relative_to(ROOT)}: {match.group(0)}"
            if not target.exists():
                broken.append(f"{where} (no such file)")
            elif section and not re.search(
                rf"^#+ {re.escape(section)}\.", target.read_text(encoding="utf-8"), re.M
            ):
                broken.append(f"{where} (no section {section})")
    assert broken == []


def test_no_comment_points_outside_the_repository() -> None:
    outside = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in _sources()
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert outside == []


def test_the_readme_counts_the_types_the_registry_compares() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    stated = re.search(
        r"It compares (\d+) Terraform resource types \((\d+) canonical types", readme
    )
    assert stated is not None
    assert (int(stated.group(1)), int(stated.group(2))) == (len(terraform_types()), len(TYPES))
