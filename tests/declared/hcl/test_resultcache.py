"""The result cache: a whole evaluation reused only while everything it read is unchanged
(configuration files, tfvars, file()/templatefile() reads, directory listings,
fileexists()/fileset() answers), and a planted entry is never unpickled into code."""

from __future__ import annotations

import hashlib
import hmac
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from driftctl import settings
from driftctl.declared.hcl import load as hcl_load
from driftctl.declared.hcl.lang.reads import Recorder, digest
from driftctl.declared.hcl.load import load_hcl
from driftctl.declared.hcl.resultcache import FORMAT, KEY_FILE, ResultCache
from driftctl.declared.hcl.vars import VarInput
from driftctl.engine import pipeline
from tests.declared.hcl.hcltest import resource, write

CONFIG = {
    "main.tf": """
        variable "env" {
          default = "dev"
        }
        resource "aws_s3_bucket" "b" {
          bucket = "b-${var.env}"
          policy = file("${path.module}/policy.json")
          tags = {
            Exists = fileexists("${path.module}/extra.txt")
            Files  = join(",", sort(fileset(path.module, "conf/*.txt")))
          }
        }
    """,
    "policy.json": "{}",
    "conf/a.txt": "a",
}


@pytest.fixture
def evaluations(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """The directories actually evaluated (not served from the result cache)."""
    seen: list[Path] = []
    original = hcl_load._load

    def counting(directory: Path, *args: Any) -> Any:
        seen.append(directory)
        return original(directory, *args)

    monkeypatch.setattr(hcl_load, "_load", counting)
    yield seen


def bucket(directory: Path, cache: Path, **kwargs: Any) -> dict[str, Any]:
    return resource(load_hcl(directory, cache_dir=cache, **kwargs), "aws_s3_bucket.b").attrs


@pytest.fixture
def config(tmp_path: Path) -> Path:
    directory = tmp_path / "src"
    write(directory, CONFIG)
    return directory


def test_an_unchanged_configuration_is_not_evaluated_again(
    config: Path, tmp_path: Path, evaluations: list[Path]
) -> None:
    first = bucket(config, tmp_path / "cache")
    second = bucket(config, tmp_path / "cache")
    assert (
        first
        == second
        == {
            "bucket": "b-dev",
            "policy": "{}",
            "tags": {"Exists": False, "Files": "conf/a.txt"},
        }
    )
    assert len(evaluations) == 1


@pytest.mark.parametrize(
    ("change", "field", "value"),
    [
        (lambda d: (d / "main.tf").write_text((d / "main.tf").read_text() + "\n"), None, None),
        (lambda d: (d / "policy.json").write_text('{"a": 1}'), "policy", '{"a": 1}'),
        (lambda d: (d / "extra.txt").write_text(""), "tags", None),
        (lambda d: (d / "conf" / "b.txt").write_text("b"), "tags", None),
        (lambda d: (d / "other.tf").write_text("locals { x = 1 }\n"), None, None),
        (lambda d: (d / "terraform.tfvars").write_text('env = "prod"\n'), "bucket", "b-prod"),
    ],
    ids=["edited .tf", "file() read", "fileexists()", "fileset()", "new .tf", "tfvars"],
)
def test_a_change_to_anything_read_evaluates_again(
    config: Path, tmp_path: Path, evaluations: list[Path], change: Any, field: Any, value: Any
) -> None:
    bucket(config, tmp_path / "cache")
    change(config)
    attrs = bucket(config, tmp_path / "cache")
    assert len(evaluations) == 2
    if field == "tags":
        assert attrs["tags"] != {"Exists": False, "Files": "conf/a.txt"}
    elif field is not None:
        assert attrs[field] == value
    bucket(config, tmp_path / "cache")  # and the new result is cached in turn
    assert len(evaluations) == 2


def test_the_inputs_are_part_of_the_key(
    config: Path, tmp_path: Path, evaluations: list[Path]
) -> None:
    (config / "prod.tfvars").write_text('env = "prod"\n')
    cache = tmp_path / "cache"
    assert bucket(config, cache)["bucket"] == "b-dev"
    file_then_var: list[VarInput] = [("file", config / "prod.tfvars"), ("var", ("env", "qa"))]
    assert bucket(config, cache, inputs=file_then_var)["bucket"] == "b-qa"
    var_then_file = list(reversed(file_then_var))
    assert bucket(config, cache, inputs=var_then_file)["bucket"] == "b-prod"
    assert bucket(config, cache, env={"TF_VAR_env": "stage"})["bucket"] == "b-stage"
    assert len(evaluations) == 4
    (config / "prod.tfvars").write_text('env = "live"\n')  # a --var-file is read too
    assert bucket(config, cache, inputs=var_then_file)["bucket"] == "b-live"
    assert len(evaluations) == 5


def test_a_planted_entry_is_not_unpickled_into_code(
    config: Path, tmp_path: Path, evaluations: list[Path]
) -> None:
    cache = tmp_path / "cache"
    bucket(config, cache)
    (entry,) = (cache / "results").glob("*.pickle")

    class Exploit:
        def __reduce__(self) -> tuple[Any, ...]:
            return (Path.write_text, (tmp_path / "pwned", "x"))

    payload = pickle.dumps(Exploit())
    # sealed with the cache's own key: only the unpickler stands in the way
    mac = hmac.new((cache / KEY_FILE).read_bytes(), payload, hashlib.sha256).hexdigest()
    entry.write_bytes(FORMAT + mac.encode() + b"\n" + payload)
    assert bucket(config, cache)["bucket"] == "b-dev"
    assert not (tmp_path / "pwned").exists()
    assert len(evaluations) == 2


def test_an_entry_sealed_without_the_key_is_not_used(
    config: Path, tmp_path: Path, evaluations: list[Path]
) -> None:
    """A well-formed entry whose result drops the bucket, sealed with a plain SHA-256 (what
    anyone can compute): evaluated again, the bucket is declared."""
    cache = tmp_path / "cache"
    bucket(config, cache)
    (entry,) = (cache / "results").glob("*.pickle")
    recorder, declared = pickle.loads(entry.read_bytes().partition(b"\n")[2].partition(b"\n")[2])
    declared.resources = []
    payload = pickle.dumps((recorder, declared))
    entry.write_bytes(FORMAT + digest(payload).encode() + b"\n" + payload)
    assert bucket(config, cache)["bucket"] == "b-dev"
    assert len(evaluations) == 2


def test_a_damaged_entry_is_evaluated_again(
    config: Path, tmp_path: Path, evaluations: list[Path]
) -> None:
    cache = tmp_path / "cache"
    bucket(config, cache)
    (entry,) = (cache / "results").glob("*.pickle")
    entry.write_bytes(entry.read_bytes()[:-10])
    assert bucket(config, cache)["bucket"] == "b-dev"
    assert len(evaluations) == 2


def test_an_unwritable_cache_is_not_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    cache = ResultCache(blocker)
    cache.put("k", Recorder(), 1)
    assert cache.get("k", lambda *a: None) is None


def test_settings_can_turn_the_result_cache_off(
    config: Path, tmp_path: Path, evaluations: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv(settings.RESULT_CACHE_ENV, "0")
    conf = settings.build(settings.Options(sources=[str(config)]))
    assert conf.hcl_cache_dir is not None and not conf.hcl_result_cache
    pipeline.load_declared(conf)
    pipeline.load_declared(conf)
    assert len(evaluations) == 2
    assert list((tmp_path / "xdg").rglob("*.tree"))  # parsed files are still cached
    assert not list((tmp_path / "xdg").rglob("*.pickle"))


BOUND = {
    "main.tf": """
        resource "aws_s3_bucket" "logs" {
          bucket = "acme-logs"
        }
        resource "aws_s3_bucket_policy" "p" {
          bucket = aws_s3_bucket.logs.id
          policy = jsonencode({ Resource = "${aws_s3_bucket.logs.arn}/*" })
        }
    """,
}
LIVE = {"aws_s3_bucket.logs": {"id": "acme-logs", "arn": "arn:aws:s3:::acme-logs"}}


def test_live_values_bound_through_the_match_are_never_hidden_by_a_cached_result(
    tmp_path: Path, evaluations: list[Path]
) -> None:
    directory, cache = tmp_path / "src", tmp_path / "cache"
    write(directory, BOUND)

    def policy(state: Any) -> Any:
        found = load_hcl(directory, cache_dir=cache, state=state)
        return resource(found, "aws_s3_bucket_policy.p")

    before = policy(None)  # the scan's first evaluation: cached, the ARN Unknown
    assert before.attrs["policy"].depends_on == "aws_s3_bucket.logs"
    bound = policy(LIVE)  # binding evaluates again with the live ARN: not the cached entry
    assert bound.attrs["policy"] == '{"Resource":"arn:aws:s3:::acme-logs/*"}'
    assert bound.attrs["bucket"] == "acme-logs"
    assert bound.bound == {
        "bucket": {"aws_s3_bucket.logs.id": "acme-logs"},
        "policy": {"aws_s3_bucket.logs.arn": "arn:aws:s3:::acme-logs"},
    }
    # and the bound result does not replace the entry the next scan starts from
    again = policy(None)
    assert again.attrs["policy"].depends_on == "aws_s3_bucket.logs" and again.bound == {}
    assert len(evaluations) == 2


def test_a_cached_result_still_names_every_file_the_evaluation_read(
    config: Path, tmp_path: Path, evaluations: list[Path]
) -> None:
    first = load_hcl(config, cache_dir=tmp_path / "cache")
    second = load_hcl(config, cache_dir=tmp_path / "cache")
    assert len(evaluations) == 1
    names = {p.name for p in second.inputs}
    assert second.inputs == first.inputs and {"main.tf", "policy.json", "a.txt"} <= names
