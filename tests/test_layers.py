"""The package's layers stay as docs/architecture.md §9 declares them (scripts/layers.py).

`python scripts/layers.py` prints the figures and each arrow running back up with an
example import; this test holds them at a budget that only goes down.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.paths import ROOT


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("layers", ROOT / "scripts" / "layers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["layers"] = module
    spec.loader.exec_module(module)
    return module


layers = _script()

# Arrows from a lower floor up to a higher one. Lower it when one goes; never raise it (a
# new upward import needs its reason in docs/architecture.md §9). 154 before the base
# package (issue #23). The 3 left: aws/fanout and engine/pipeline -> report/progress (the
# progress display the scan drives), codify/verify -> commands/render (a PR's edit is
# checked by rendering it as `driftctl render` does).
BACK_UP_BUDGET = 3
# Import cycles across folders: none. The last two went through root modules: `__version__`
# imported from driftctl/__init__ (now driftctl/util/version) and a TYPE_CHECKING import of
# settings in util/redact (now a Protocol).
CYCLE_BUDGET = 0


@pytest.fixture(scope="module")
def measured() -> Any:
    return layers.measure()


def test_every_room_of_the_package_has_a_declared_floor(measured: Any) -> None:
    assert "driftctl/resources" in measured.rooms
    assert measured.rooms["driftctl/resources"] == 4
    assert all(0 <= floor <= 7 for floor in measured.rooms.values())


def test_back_up_arrows_stay_within_the_budget(measured: Any) -> None:
    listing = "\n".join(f"{a} -> {b} e.g. {w}" for (a, b), w in measured.back_up.items())
    assert len(measured.back_up) <= BACK_UP_BUDGET, listing


def test_no_new_cycle_spans_folders(measured: Any) -> None:
    assert len(measured.cycles) <= CYCLE_BUDGET, measured.folders


def test_the_hcl_language_imports_nothing_of_terraforms_layer(measured: Any) -> None:
    """driftctl/declared/hcl/lang imports only itself, core, errors and util: never the
    Terraform layer (driftctl/declared/hcl: modules, variables, refs, the result cache)."""
    assert "driftctl/declared/hcl/lang" in measured.rooms
    assert "driftctl/declared/hcl/lang/functions" in measured.rooms
    listing = "\n".join(f"{a} -> {b} e.g. {w}" for (a, b), w in measured.outside.items())
    assert measured.outside == {}, listing


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    package = tmp_path / "driftctl"
    for name, code in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(code)
    return package


def test_lazy_and_type_checking_imports_are_arrows_and_cycles_are_found(
    tmp_path: Path,
) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            "errors.py": "def f():\n    from driftctl.report import out\n",
            "report/__init__.py": "",
            "report/out.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from driftctl.cli import main\n"
                "from .. import errors\n"
            ),
            "cli.py": "import driftctl.report.out\n",
        },
    )
    measured = layers.measure(package)
    assert measured.rooms == {
        "driftctl/__init__": 7,
        "driftctl/cli": 7,
        "driftctl/errors": 0,
        "driftctl/report": 6,
    }
    assert measured.back_up == {
        ("driftctl/errors", "driftctl/report"): "driftctl/errors.py:2",
        ("driftctl/report", "driftctl/cli"): "driftctl/report/out.py:3",
    }
    assert measured.cycles == [["driftctl.cli", "driftctl.errors", "driftctl.report.out"]]
    assert measured.folders == [["driftctl", "driftctl/report"]]


def test_an_import_of_the_terraform_layer_by_the_language_is_found(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            "errors.py": "",
            "declared/__init__.py": "",
            "declared/hcl/__init__.py": "",
            "declared/hcl/refs.py": "from driftctl.declared.hcl.lang import eval\n",
            "declared/hcl/lang/__init__.py": "",
            "declared/hcl/lang/eval.py": (
                "from driftctl import errors\n"
                "def f():\n    from driftctl.declared.hcl.refs import MISSING\n"
            ),
        },
    )
    assert layers.measure(package).outside == {
        ("driftctl/declared/hcl/lang", "driftctl/declared/hcl"): (
            "driftctl/declared/hcl/lang/eval.py:3"
        ),
    }
