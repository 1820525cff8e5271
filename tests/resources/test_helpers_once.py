"""Each helper a type module is written with is defined once (docs/architecture.md §9).

driftctl/base/helpers.py holds the small helpers (`keep`, `as_bool`, `as_int`, the
"replace needed" reason, the external-name factories, ...). A type module, a service's
`common.py` or another base module that defines one of its names again (a function, a
class or a module-level assignment) is a second copy that will drift from the first.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.paths import ROOT

HELPERS = ROOT / "driftctl" / "base" / "helpers.py"
CHECKED = sorted(
    [*(ROOT / "driftctl" / "resources").rglob("*.py"), *(ROOT / "driftctl" / "base").glob("*.py")]
)


def defined(source: str) -> dict[str, int]:
    """Public module-level names a module defines, with their line."""
    names: dict[str, int] = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names[node.name] = node.lineno
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    names[target.id] = node.lineno
    return {name: line for name, line in names.items() if not name.startswith("_")}


EXPORTED = frozenset(defined(HELPERS.read_text(encoding="utf-8")))


def test_the_helpers_export_the_shared_names() -> None:
    assert {"keep", "as_bool", "as_int", "REPLACE", "xp_prefixed", "json_text"} <= EXPORTED
    assert "text" not in EXPORTED  # two meanings, two names: json_text and attr_text


@pytest.mark.parametrize(
    "path", [p for p in CHECKED if p != HELPERS], ids=lambda p: str(p.relative_to(ROOT))
)
def test_no_module_defines_a_helper_again(path: Path) -> None:
    again = {
        name: line
        for name, line in defined(path.read_text(encoding="utf-8")).items()
        if name in EXPORTED
    }
    where = ", ".join(f"{name} (line {line})" for name, line in sorted(again.items()))
    assert not again, f"{path.relative_to(ROOT)} defines {where}: import it from base/helpers"


def test_the_lint_sees_functions_classes_and_assignments() -> None:
    code = "def keep(): ...\nclass as_int: ...\nREPLACE = 'x'\n_private = 1\nnew_id: int = 2\n"
    assert defined(code) == {"keep": 1, "as_int": 2, "REPLACE": 3, "new_id": 5}
