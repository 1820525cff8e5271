"""The controller's Terraform groups (tests/tf/prefetch.py): which groups a run selects,
in what order, and what a worker's fixture gets from the files the controller writes."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from tests.tf import harness, prefetch
from tests.tf.group import Group, Outcome


def test_the_selected_groups_are_found_and_the_slowest_start_first() -> None:
    ids = [
        "tests/tf/test_msg.py::test_terraform_reports_the_change[x]",
        "tests/tf/test_s3a.py::TestS3Settings::test_driftctl_finds_no_drift_right_after_apply",
        "tests/tf/test_patterns.py::TestPatterns::test_nothing_is_unmanaged_on_the_clean_stack",
        "tests/tf/test_compare.py::test_the_tools_are_compared_on_the_top_attribute_and_the_tag_key",
        "tests/test_diff.py::test_anything",
    ]
    assert [g.name for g in prefetch.groups_of(ids)] == ["patterns", "msg", "s3a"]


def _outcome(name: str) -> Outcome:
    return Outcome(Group(name, []), Path("/stack"), [], {"drifts": []}, [], [], {}, [])


def test_a_worker_reads_the_outcome_the_controller_wrote(tmp_path: Path) -> None:
    (tmp_path / prefetch.MANIFEST).write_text("msg\n")
    (tmp_path / "msg.outcome").write_bytes(pickle.dumps(_outcome("msg")))
    found = prefetch.fetch(tmp_path, Group("msg", []))
    assert found is not None and found.group.name == "msg" and found.clean == {"drifts": []}


def test_a_group_the_controller_does_not_run_is_run_by_the_fixture(tmp_path: Path) -> None:
    (tmp_path / prefetch.MANIFEST).write_text("msg\n")
    assert prefetch.fetch(tmp_path, Group("sec", [])) is None


def test_a_group_that_failed_in_the_controller_fails_with_its_message(tmp_path: Path) -> None:
    (tmp_path / prefetch.MANIFEST).write_text("msg\n")
    (tmp_path / "msg.error").write_text("HarnessError: terraform apply failed (exit 1)")
    with pytest.raises(harness.HarnessError, match=r"group msg: .*terraform apply failed"):
        prefetch.fetch(tmp_path, Group("msg", []))


def test_a_broken_terraform_is_left_to_the_workers_own_fixture(tmp_path: Path) -> None:
    """Its `terraform` fixture skips, or fails under CI=true, saying why (conftest.py)."""
    (tmp_path / prefetch.MANIFEST).write_text("msg\n")
    (tmp_path / prefetch.BROKEN).write_text("terraform init failed")
    assert prefetch.fetch(tmp_path, Group("msg", [])) is None
