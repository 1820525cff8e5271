"""The target of a revert: live with exactly the selected changes put back."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from driftctl.core.model import Ref, Unknown
from driftctl.engine.diff import diff_attrs
from driftctl.resources.registry import TYPES
from driftctl.revert.merge import desired_attrs
from tests.revert.samples import FROM_WEB, HTTPS, SSH

SG = TYPES["aws_security_group"]
BUCKET = TYPES["aws_s3_bucket"]
POLICY = TYPES["aws_iam_policy"]


def paths(rtype: Any, declared: dict[str, Any], live: dict[str, Any]) -> set[str]:
    return {c.path for c in diff_attrs(rtype, declared, live)}


def changes(rtype: Any, declared: dict[str, Any], live: dict[str, Any], *wanted: str) -> list[Any]:
    """The diff's changes at these paths (all of them when none is named)."""
    found = diff_attrs(rtype, declared, live)
    return [c for c in found if not wanted or c.path in wanted]


def test_only_selected_tag_changes_are_put_back() -> None:
    declared = {"tags": {"Env": "prod", "Owner": "ops", "Zone": "raw"}}
    live = {"tags": {"Env": "prod", "Owner": "me", "Zone": "analytics", "Extra": "x"}}
    assert paths(BUCKET, declared, live) == {"tags.Owner", "tags.Zone", "tags.Extra"}
    got = desired_attrs(
        BUCKET, declared, live, changes(BUCKET, declared, live, "tags.Zone", "tags.Extra")
    )
    assert got["tags"] == {"Env": "prod", "Owner": "me", "Zone": "raw"}


def test_set_elements_are_added_and_dropped_by_selection() -> None:
    declared = SG.normalize({"ingress": [HTTPS, FROM_WEB]})
    live = SG.normalize({"ingress": [HTTPS, SSH], "name": "web"})
    found = diff_attrs(SG, declared, live)
    assert len({c.path for c in found}) == 1  # gone and added share ingress[1]
    got = desired_attrs(SG, declared, live, [c for c in found if c.actual == SSH])
    assert got["ingress"] == [HTTPS]
    got = desired_attrs(SG, declared, live, found)
    assert got["ingress"] == SG.normalize({"ingress": [HTTPS, FROM_WEB]})["ingress"]
    assert got["name"] == "web"


def test_unknown_declared_values_leave_live_alone() -> None:
    declared = {
        "tags": {"Owner": Unknown("var.owner"), "Env": "prod"},
        "description": Ref("a.b", ("x",)),
    }
    live = {"tags": {"Owner": "me", "Env": "dev"}, "description": "live"}
    got = desired_attrs(POLICY, declared, live, changes(POLICY, declared, live, "tags.Env"))
    assert got["tags"] == {"Owner": "me", "Env": "prod"}
    assert got["description"] == "live"


def test_nested_policy_paths_are_selected_one_by_one() -> None:
    declared = POLICY.normalize(
        {"policy": {"Statement": [{"Effect": "Allow", "Action": "s3:Get*", "Resource": "*"}]}}
    )
    live = POLICY.normalize(
        {"policy": {"Statement": [{"Effect": "Deny", "Action": "s3:*", "Resource": "*"}]}}
    )
    assert paths(POLICY, declared, live) == {
        "policy.Statement[0].Action[0]",
        "policy.Statement[0].Effect",
    }
    effect = changes(POLICY, declared, live, "policy.Statement[0].Effect")
    got = desired_attrs(POLICY, declared, live, effect)
    assert got["policy"]["Statement"] == [
        {"Effect": "Allow", "Action": ["s3:*"], "Resource": ["*"]}
    ]


tag_dicts = st.dictionaries(st.sampled_from("ABCDE"), st.sampled_from(["1", "2"]), max_size=5)
rules = st.lists(st.sampled_from([HTTPS, SSH, FROM_WEB]), unique_by=lambda r: r["from_port"])


@given(tag_dicts, tag_dicts, rules, rules)
def test_selecting_every_change_reaches_the_declared_state(
    dtags: dict[str, str], ltags: dict[str, str], din: list[Any], lin: list[Any]
) -> None:
    declared = SG.normalize({"tags": dtags, "ingress": din})
    live = SG.normalize({"tags": ltags, "ingress": lin, "name": "web"})
    got = desired_attrs(SG, declared, live, changes(SG, declared, live))
    assert diff_attrs(SG, declared, got) == []


@given(tag_dicts, tag_dicts, rules, rules)
def test_selecting_nothing_keeps_the_live_state(
    dtags: dict[str, str], ltags: dict[str, str], din: list[Any], lin: list[Any]
) -> None:
    declared = SG.normalize({"tags": dtags, "ingress": din})
    live = SG.normalize({"tags": ltags, "ingress": lin})
    assert desired_attrs(SG, declared, live, []) == live
