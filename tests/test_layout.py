"""The tests' own layout: the type tests mirror the package (tests/resources/<service>/ for
driftctl/resources/<service>/), and what tests share is imported from modules (the kit,
tests/kit), never from a conftest (docs/testing.md)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent
PACKAGE = TESTS.parent / "driftctl"


def _folders(root: Path) -> set[str]:
    return {p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))}


def test_each_folder_of_the_type_tests_is_a_service_of_the_package() -> None:
    services = _folders(PACKAGE / "resources")
    folders = _folders(TESTS / "resources")
    assert folders, "no folder of type tests found"
    assert sorted(folders - services) == [], "not a folder of driftctl/resources"


def conftest_imports(source: str) -> list[str]:
    """The imports of a module's source that name a conftest."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            names = [node.module or "", *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found += [n for n in names if "conftest" in n.split(".")]
    return found


def test_conftest_imports_are_found() -> None:
    assert conftest_imports("from tests.e2e.conftest import driftctl\n") == [
        "tests.e2e.conftest",
        "tests.e2e.conftest.driftctl",
    ]
    assert conftest_imports("from tests.e2e import conftest as e2e\n") == ["tests.e2e.conftest"]
    assert conftest_imports("def f():\n    import tests.conftest\n") == ["tests.conftest"]
    assert conftest_imports("from tests.kit.cli import driftctl\n") == []


def test_no_test_module_imports_from_a_conftest() -> None:
    """A fixture is found by pytest where it is defined (a conftest, or a kit plugin
    registered in tests/conftest.py); a helper is imported from a module."""
    offenders = {
        str(path.relative_to(TESTS)): found
        for path in sorted(TESTS.rglob("*.py"))
        if (found := conftest_imports(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}
