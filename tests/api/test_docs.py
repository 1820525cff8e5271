"""docs/api.md's examples run as written: every ```python block, in order, in one
namespace, inside moto's mock_aws (us-east-1, fake credentials), in a scratch directory."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from moto import mock_aws

from driftctl.demo import emulator

DOC = Path(__file__).parents[2] / "docs" / "api.md"


def blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", DOC.read_text(), flags=re.M | re.S)


def test_the_page_has_examples() -> None:
    assert len(blocks()) >= 5


def test_the_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for key, value in emulator.FAKE_CREDENTIALS.items():
        monkeypatch.setenv(key, value)
    for key in ("AWS_ENDPOINT_URL", "AWS_PROFILE", "AWS_REGION", "AWS_DEFAULT_REGION"):
        monkeypatch.delenv(key, raising=False)
    namespace: dict[str, object] = {}
    with mock_aws():
        for number, code in enumerate(blocks(), 1):
            exec(compile(code, f"{DOC.name} example {number}", "exec"), namespace)
