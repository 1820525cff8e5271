"""The parse cache: keyed by content and parser versions, robust to bad entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl.declared.hcl import cache as hcl_cache
from driftctl.declared.hcl.cache import ParseCache, encode
from driftctl.declared.hcl.load import load_hcl
from driftctl.errors import DriftctlError
from tests.declared.hcl.hcltest import write

TEXT = 'resource "x_y" "z" {\n  v = "a"\n}\n'


def entries(directory: Path) -> list[Path]:
    return sorted(directory.rglob("*.tree"))


def test_second_load_reads_the_cache_and_gives_the_same_result(tmp_path: Path) -> None:
    write(tmp_path / "src", {"main.tf": TEXT, "vars.tf": 'variable "x" { default = 1 }\n'})
    cache = tmp_path / "cache"
    cold = load_hcl(tmp_path / "src", cache_dir=cache)
    assert len(entries(cache)) == 2
    warm = load_hcl(tmp_path / "src", cache_dir=cache)
    assert repr(warm) == repr(cold)


def test_hits_and_misses_follow_the_content(tmp_path: Path) -> None:
    cache = ParseCache(tmp_path)
    cache.parse(TEXT, "a.tf")
    cache.parse(TEXT, "b.tf")  # same content, other name: a hit
    cache.parse(TEXT + "\n", "a.tf")
    assert (cache.hits, cache.misses) == (1, 2)


def test_the_key_includes_the_parser_versions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = ParseCache(tmp_path).key(TEXT)
    monkeypatch.setattr(hcl_cache, "_version", lambda package: "other")
    assert ParseCache(tmp_path).key(TEXT) != before


def test_a_corrupt_entry_is_parsed_again_and_replaced(tmp_path: Path) -> None:
    cache = ParseCache(tmp_path)
    cache.parse(TEXT, "a.tf")
    (entry,) = entries(tmp_path)
    entry.write_bytes(b"not marshal data")
    fresh = ParseCache(tmp_path)
    tree = fresh.parse(TEXT, "a.tf")
    assert [item.type for item in tree.items] == ["resource"]
    assert fresh.misses == 1
    assert encode(ParseCache(tmp_path).parse(TEXT, "a.tf")) == encode(tree)


def test_an_unwritable_cache_directory_is_not_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert len(ParseCache(blocker / "cache").parse(TEXT, "a.tf").items) == 1


def test_syntax_errors_are_reported_and_not_cached(tmp_path: Path) -> None:
    cache = ParseCache(tmp_path)
    with pytest.raises(DriftctlError, match=r"^bad\.tf:2:\d+: syntax error"):
        cache.parse('resource "x" "y" {\n  a = \n}\n', "bad.tf")
    assert entries(tmp_path) == []


def test_an_entry_reads_back_as_the_same_tree(tmp_path: Path) -> None:
    text = (
        'resource "x" "y" {\n  a = [1.5, "s${var.v}", {k = null}]\n'
        "  b = <<-EOT\n    %{ for x in [1] }${x}%{ endfor }\n    EOT\n"
        "  c = local.l[*].x[0]\n}\n"
    )
    cache = ParseCache(tmp_path)
    tree = cache.parse(text, "a.tf")
    (entry,) = entries(tmp_path)
    again = ParseCache._read(entry)
    assert again is not None
    assert encode(again) == encode(tree)
    entry.write_bytes(entry.read_bytes()[:-3])  # truncated: parsed again
    assert ParseCache._read(entry) is None
    assert repr(again.items[0].body.items[0].expr) == repr(tree.items[0].body.items[0].expr)
