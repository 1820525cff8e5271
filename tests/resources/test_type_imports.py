"""A type module stands on the base package alone (docs/architecture.md §9).

A module under driftctl/resources/<service>/ imports only what lies below the type modules
(driftctl/base/, driftctl/core/, driftctl/errors, the small utilities: floors 0 to 2 of
scripts/layers.py) and its own service's modules (its `common.py`, a sibling type it
reads with). Not another service, not the registry, not revert/, declared/, aws/ or
report/: they all read the type modules, so an import of theirs would run back up.
Function-level and TYPE_CHECKING imports count like any other.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

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
FILES = layers.modules()
SERVICES = sorted(
    p for p in (ROOT / "driftctl" / "resources").iterdir() if (p / "__init__.py").exists()
)


def wrong_imports(files: dict[str, Path], root: Path = ROOT) -> list[str]:
    """file:line -> module for every import of a type module that is not allowed."""
    wrong = []
    for imp in layers.imports(files, root):
        room = layers.room_of(imp.source, files)
        if layers.floor_of(room) != 3:
            continue
        target = layers.room_of(imp.target, files)
        if target == room or layers.floor_of(target) <= 2:
            continue
        wrong.append(f"{imp.where} imports {imp.target}")
    return sorted(wrong)


@pytest.fixture(scope="module")
def found() -> list[str]:
    return wrong_imports(FILES)


@pytest.mark.parametrize("service", SERVICES, ids=lambda p: p.name)
def test_a_type_module_imports_only_the_base_and_its_own_service(
    service: Path, found: list[str]
) -> None:
    prefix = f"driftctl/resources/{service.name}/"
    assert [w for w in found if w.startswith(prefix)] == []


def test_the_check_sees_lazy_imports_of_another_service_and_of_the_engine(
    tmp_path: Path,
) -> None:
    package = tmp_path / "driftctl"
    code = {
        "__init__.py": "",
        "base/__init__.py": "",
        "base/spec.py": "",
        "resources/__init__.py": "",
        "resources/registry.py": "",
        "resources/kms/__init__.py": "",
        "resources/kms/key.py": "from driftctl.base import spec\nfrom . import common\n",
        "resources/kms/common.py": "",
        "resources/sqs/__init__.py": "",
        "resources/sqs/queue.py": (
            "def f():\n    from driftctl.resources.kms import key\n"
            "    import driftctl.resources.registry\n"
        ),
    }
    for name, text in code.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    files = layers.modules(package)
    assert wrong_imports(files, tmp_path) == [
        "driftctl/resources/sqs/queue.py:2 imports driftctl.resources.kms.key",
        "driftctl/resources/sqs/queue.py:3 imports driftctl.resources.registry",
    ]
