"""S3 key globs (tfstate+s3://BUCKET/GLOB) pick what Python's recursive glob picks on disk."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest

from driftctl.declared import keyglob

KEYS = [
    "envs/terraform.tfstate",
    "envs/a/terraform.tfstate",
    "envs/a/b/terraform.tfstate",
    "envs/a/notes.txt",
    "envs/b1/x.tfstate",
    "other/terraform.tfstate",
]


@pytest.mark.parametrize(
    "pattern",
    [
        "envs/**/*.tfstate",
        "envs/*/*.tfstate",
        "envs/**",
        "envs/a/*",
        "envs/?/*.tfstate",
        "envs/[ab]*/*.tfstate",
        "envs/[!a]*/*.tfstate",
        "**/terraform.tfstate",
    ],
)
def test_as_the_local_glob(tmp_path: Path, pattern: str) -> None:
    for key in KEYS:
        (tmp_path / key).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / key).write_text("")
    on_disk = {
        Path(p).relative_to(tmp_path).as_posix()
        for p in glob.glob(f"{tmp_path}/{pattern}", recursive=True)
        if Path(p).is_file()
    }
    matcher = keyglob.compile_path_glob(pattern)
    assert {k for k in KEYS if matcher.fullmatch(k)} == on_disk


def test_prefix() -> None:
    assert keyglob.literal_prefix("envs/a/**/*.tfstate") == "envs/a/"
    assert keyglob.literal_prefix("envs/prod?.tfstate") == "envs/prod"
    assert not keyglob.has_magic("envs/prod.tfstate")
