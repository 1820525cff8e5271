"""docs/api.md's examples run as written: every ```python block, in order, in one
namespace, inside moto's mock_aws (the `aws` fixture: fake credentials, no default region), in a
scratch directory."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).parents[2] / "docs" / "api.md"


def blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", DOC.read_text(), flags=re.M | re.S)


def test_the_page_has_examples() -> None:
    assert len(blocks()) >= 5


@pytest.fixture
def aws_region() -> None:
    """No region in the environment: each example names the one it scans."""
    return None


def test_the_examples_run(aws: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    for number, code in enumerate(blocks(), 1):
        exec(compile(code, f"{DOC.name} example {number}", "exec"), namespace)
