"""Where report files go, and how their source paths are made to point into the repository."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from pathlib import Path

from driftctl.declared import listing


def write_text(target: str, text: str) -> None:
    """Write text to the file target (atomically: report/writer.py), or to stdout for `-`."""
    from driftctl.report import writer

    writer.write_one(target, text)


def display_dir(directory: Path) -> str:
    """directory as a posix path relative to the working directory where it lies below it.

    "" for the working directory itself; an absolute path elsewhere.
    """
    path = directory
    if path.is_absolute():
        try:
            path = path.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            return path.as_posix()
    text = path.as_posix()
    return "" if text == "." else text.removeprefix("./")


def source_root(sources: Sequence[Path]) -> str:
    """The directory a drift's `source.file` is relative to, as seen from the working directory.

    With one source the report names files relative to it (`network.tf`); links and SARIF
    locations need them relative to the repository (`infra/network.tf`). A source that is
    a file (`tfstate://states/prod.tfstate`, `yaml://stack.yaml`) names its files relative
    to its directory. With several sources the report's files already carry their source
    directory.
    """
    if len(sources) != 1:
        return ""
    source = sources[0]
    return display_dir(source.parent if source.is_file() else source)


def located(root: str, file: str) -> str:
    """file (relative to root) as a path relative to the working directory: a Kustomize
    base seen from its overlay (`../../base/x.yaml`) becomes `base/x.yaml`. A remote
    state's URL (`https://host/state`, `s3://bucket/key`) is no file: as it is."""
    if not root or file.startswith("/") or "://" in file:
        return file
    return posixpath.normpath(f"{root}/{file}")


def anchor_file(sources: Sequence[Path]) -> str | None:
    """A file to attach results that have no declaring file to (unmanaged resources).

    The first source's main.tf, else its first *.tf file by name; None without one.
    """
    if not sources or not sources[0].is_dir():
        return None
    directory = sources[0]
    names = [p.name for p in listing.files(directory) if p.name.endswith(".tf")]
    if not names:
        return None
    name = "main.tf" if "main.tf" in names else names[0]
    return located(display_dir(directory), name)
