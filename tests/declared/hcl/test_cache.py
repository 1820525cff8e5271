"""The parse cache: keyed by content and parser versions, robust to bad entries."""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any

import pytest

from driftctl.declared.hcl import cache as hcl_cache
from driftctl.declared.hcl.cache import ParseCache, encode
from driftctl.declared.hcl.lang import nodes as n
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
        "  c = local.l[*].x[0]\n"
        '  d = a ? -b.c.* : !(f(x...)[var.i]) + "%{ if x }y%{ else }z%{ endif }"\n'
        "  e = { for k, v in m : (k) => v... if k != 1 }\n  f = [for v in l : v]\n}\n"
    )
    cache = ParseCache(tmp_path)
    tree = cache.parse(text, "a.tf")
    (entry,) = entries(tmp_path)
    source, secret = bytes.fromhex(cache.key(text)), cache.secret()
    assert secret is not None
    again = cache._read(entry, source, secret)
    assert again is not None
    assert encode(again) == encode(tree)
    # every kind of node went through the entry (each is pickled as its constructor's call)
    assert {type(node) for node in n.walk(again)} == set(hcl_cache._CLASSES)
    entry.write_bytes(entry.read_bytes()[:-3])  # truncated: parsed again
    assert cache._read(entry, source, secret) is None
    assert repr(again.items[0].body.items[0].expr) == repr(tree.items[0].body.items[0].expr)
    cache._write(tmp_path / "k.tree", tree, b"s" * 32, secret)
    read = cache._read(tmp_path / "k.tree", b"s" * 32, secret)
    assert read is not None and encode(read) == encode(tree)


# ------------------------------------------------------------------ entries are verified

TWO = """\
resource "aws_s3_bucket" "a" {
  bucket = "a"
}

resource "aws_s3_bucket" "b" {
  bucket = "b"
}
"""
ONE = 'resource "aws_s3_bucket" "a" {\n  bucket = "a"\n}\n'


def _addresses(src: Path, cache: Path) -> list[str]:
    # the parse cache alone (a result-cache entry would answer before any file is parsed)
    load = load_hcl(src, cache_dir=cache, result_cache=False)
    return sorted(r.address for r in load.resources)


def _plant(cache_dir: Path, text: str, blob: bytes) -> Path:
    key = ParseCache(cache_dir).key(text)
    path = cache_dir / key[:2] / f"{key}.tree"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(blob)
    return path


@pytest.mark.parametrize("sealed", [False, True], ids=["bare-tree", "foreign-key"])
def test_an_entry_planted_without_the_key_does_not_drop_resources(
    tmp_path: Path, sealed: bool
) -> None:
    """An entry for main.tf whose tree is that of a file with one resource less: a bare
    marshalled tree (what the cache once trusted), or a well-formed entry sealed with a key
    other than the cache's own. It is ignored and main.tf parsed again."""
    write(tmp_path / "src", {"main.tf": TWO})
    cache_dir = tmp_path / "cache"
    cache = ParseCache(cache_dir)
    assert _addresses(tmp_path / "src", cache_dir) == ["aws_s3_bucket.a", "aws_s3_bucket.b"]
    tree = marshal.dumps(encode(cache.parse(ONE, "x.tf")))
    forged = (
        hcl_cache.sealed(tree, bytes.fromhex(cache.key(TWO)), b"not the secret of this cache!!!!")
        if sealed
        else tree
    )
    planted = _plant(cache_dir, TWO, forged)
    assert _addresses(tmp_path / "src", cache_dir) == ["aws_s3_bucket.a", "aws_s3_bucket.b"]
    assert planted.read_bytes() != forged  # rewritten with the parse of the real text
    fresh = ParseCache(cache_dir)
    fresh.parse(TWO, "main.tf")
    assert (fresh.hits, fresh.rejected) == (1, 0)


def test_an_entry_copied_from_another_file_is_not_used(tmp_path: Path) -> None:
    """A genuine entry (the cache's own key) of another text, put under this text's name."""
    cache_dir = tmp_path / "cache"
    cache = ParseCache(cache_dir)
    cache.parse(ONE, "one.tf")
    (one,) = entries(cache_dir)
    _plant(cache_dir, TWO, one.read_bytes())
    fresh = ParseCache(cache_dir)
    tree = fresh.parse(TWO, "main.tf")
    assert (fresh.hits, fresh.misses, fresh.rejected) == (0, 1, 1)
    assert encode(tree) == encode(ParseCache(tmp_path / "other").parse(TWO, "main.tf"))


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[:-1],  # truncated
        lambda b: b[:-1] + bytes([b[-1] ^ 1]),  # one bit of the tree flipped
        lambda b: b[:30] + bytes([b[30] ^ 1]) + b[31:],  # the source hash edited
        lambda b: b"",  # empty
    ],
    ids=["truncated", "tree-edited", "hash-edited", "empty"],
)
def test_a_damaged_entry_is_parsed_again(tmp_path: Path, damage: Any) -> None:
    cache = ParseCache(tmp_path)
    cache.parse(TWO, "a.tf")
    (entry,) = entries(tmp_path)
    entry.write_bytes(damage(entry.read_bytes()))
    fresh = ParseCache(tmp_path)
    tree = fresh.parse(TWO, "a.tf")
    assert (fresh.hits, fresh.misses) == (0, 1)
    assert encode(tree) == encode(ParseCache(tmp_path / "other").parse(TWO, "a.tf"))


def test_a_key_others_can_read_disables_the_cache(tmp_path: Path) -> None:
    ParseCache(tmp_path).parse(TEXT, "a.tf")
    key = tmp_path / hcl_cache.KEY_FILE
    assert key.stat().st_mode & 0o777 == 0o600
    key.chmod(0o644)
    cache = ParseCache(tmp_path)
    cache.parse(TEXT, "a.tf")
    cache.parse(TEXT, "a.tf")
    assert (cache.secret(), cache.hits, cache.misses) == (None, 0, 2)
