"""Who is behind a CloudTrail record, and which record caused a drift (attribution/).

The records in data/records.json are in CloudTrail's documented record format: an IAM
user's CLI call, a Terraform apply by a CI role, a break-glass role session, an IAM
Identity Center (SSO) console user, a federated user, an AWS service and CloudFormation.
"""

from __future__ import annotations

import copy
import datetime
import json
import random
from pathlib import Path
from typing import Any

import pytest

from driftctl.attribution import culprit as c
from driftctl.attribution.identity import identity_of, is_iac, via_of
from driftctl.resources.registry import TYPES

RECORDS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "records.json").read_text("utf-8")
)
BY_ID = {r["eventID"][9:13]: r for r in RECORDS}  # "0001" ... "0007"
SG = "sg-0123456789abcdef0"
SG_EVENTS = TYPES["aws_security_group"].events
assert SG_EVENTS is not None


@pytest.mark.parametrize(
    ("key", "actor", "kind", "via"),
    [
        ("0001", "ci-deploy/tf-apply-4411", "assumed-role", "terraform"),
        ("0002", "alice", "iam-user", "cli"),
        ("0003", "BreakGlass/bob", "assumed-role", "sdk"),
        ("0004", "carol@example.com", "sso", "console"),
        ("0005", "dave", "federated", "sdk"),
        ("0006", "autoscaling.amazonaws.com", "aws-service", "aws-service"),
        ("0007", "cfn-exec/AWSCloudFormation", "assumed-role", "cloudformation"),
    ],
)
def test_the_person_and_the_way_behind_each_identity(
    key: str, actor: str, kind: str, via: str
) -> None:
    who = identity_of(BY_ID[key])
    assert (who.actor, who.identity_type, via_of(BY_ID[key])) == (actor, kind, via)


def test_the_iac_pipeline_is_told_by_its_user_agent_or_an_iac_principal_glob() -> None:
    assert is_iac(BY_ID["0001"], ())  # Terraform's user agent
    assert is_iac(BY_ID["0007"], ())  # CloudFormation
    assert not is_iac(BY_ID["0003"], ())
    # the break-glass role named as the pipeline's: by the role it was assumed from
    assert is_iac(BY_ID["0003"], ("arn:aws:iam::*:role/BreakGlass",))
    assert is_iac(BY_ID["0002"], ("arn:aws:iam::123456789012:user/*",))


def test_a_changed_attribute_is_blamed_on_the_last_write_that_touches_it() -> None:
    ingress = c.culprit("changed", SG_EVENTS, SG, RECORDS, frozenset({"ingress"}))
    tags = c.culprit("changed", SG_EVENTS, SG, RECORDS, frozenset({"tags"}))
    assert ingress is not None and tags is not None
    assert c.attribution(ingress)["actor"] == "alice"
    assert c.attribution(tags)["actor"] == "BreakGlass/bob"


def test_the_order_records_come_in_does_not_change_the_culprit() -> None:
    shuffled = RECORDS[:]
    random.Random(7).shuffle(shuffled)
    found = c.culprit("changed", SG_EVENTS, SG, shuffled, frozenset({"ingress"}))
    assert found is not None and found["eventID"] == BY_ID["0002"]["eventID"]


def test_a_terraform_apply_after_the_hand_change_is_the_culprit_and_named_so() -> None:
    reapply = copy.deepcopy(BY_ID["0001"])
    reapply.update(
        eventName="AuthorizeSecurityGroupIngress",
        eventTime="2026-11-25T08:00:00Z",
        eventID="0c7a2d6e-0099-4f00-8000-000000000099",
        requestParameters={"groupId": SG},
    )
    found = c.culprit("changed", SG_EVENTS, SG, [*RECORDS, reapply], frozenset({"ingress"}))
    assert found is not None
    assert c.attribution(found)["via"] == "terraform"
    # a pipeline write before the hand change is not the culprit
    reapply["eventTime"] = "2026-11-19T08:00:00Z"
    found = c.culprit("changed", SG_EVENTS, SG, [*RECORDS, reapply], frozenset({"ingress"}))
    assert found is not None and c.attribution(found)["actor"] == "alice"


def test_an_iac_principal_write_is_not_the_culprit_of_a_later_hand_change() -> None:
    ci_by_cli = copy.deepcopy(BY_ID["0002"])
    ci_by_cli.update(
        userIdentity=BY_ID["0001"]["userIdentity"],
        eventTime="2026-11-20T09:00:00Z",
        eventID="0c7a2d6e-0098-4f00-8000-000000000098",
    )
    records = [*RECORDS, ci_by_cli]
    found = c.culprit(
        "changed", SG_EVENTS, SG, records, frozenset({"ingress"}), ("*:role/ci-deploy",)
    )
    assert found is not None and c.attribution(found)["actor"] == "alice"


def test_missing_is_its_delete_and_unmanaged_its_create_with_its_age() -> None:
    role = TYPES["aws_iam_role"].events
    bucket = TYPES["aws_s3_bucket"].events
    assert role is not None and bucket is not None
    deleted = c.culprit("missing", role, "legacy-batch", RECORDS)
    assert deleted is not None
    assert c.attribution(deleted) == {
        "actor": "dave",
        "principal_arn": "arn:aws:sts::123456789012:federated-user/dave",
        "identity_type": "federated",
        "time": "2026-11-23T07:05:00Z",
        "event": "DeleteRole",
        "event_id": "0c7a2d6e-0005-4f00-8000-000000000005",
        "region": "us-east-1",
        "source_ip": "198.51.100.5",
        "user_agent": BY_ID["0005"]["userAgent"],
        "via": "sdk",
    }
    created = c.culprit("unmanaged", bucket, "carol-scratch", RECORDS)
    assert created is not None and c.attribution(created)["actor"] == "carol@example.com"
    now = datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.timezone.utc)
    assert c.age_days(created, now) == 5


def test_an_id_made_of_parts_and_one_in_a_response_are_found() -> None:
    policy, instance = TYPES["aws_iam_role_policy"].events, TYPES["aws_instance"].events
    assert policy is not None and instance is not None
    assert c.culprit("unmanaged", policy, "app:inline", RECORDS) is BY_ID["0007"]
    assert c.culprit("unmanaged", instance, "i-0fedcba9876543210", RECORDS) is BY_ID["0006"]
    assert c.culprit("unmanaged", instance, "i-0000000000000000", RECORDS) is None


def test_records_with_fields_missing_or_refused_calls_are_skipped() -> None:
    broken = copy.deepcopy(BY_ID["0002"])
    del broken["eventTime"]
    refused = copy.deepcopy(BY_ID["0003"])
    refused.update(eventName="AuthorizeSecurityGroupIngress", errorCode="UnauthorizedOperation")
    no_identity = copy.deepcopy(BY_ID["0002"])
    del no_identity["userIdentity"]
    assert c.culprit("changed", SG_EVENTS, SG, [broken, refused, "junk"], frozenset()) is None
    found = c.culprit("changed", SG_EVENTS, SG, [no_identity], frozenset({"ingress"}))
    assert found is not None and c.attribution(found)["actor"] == "unknown"


def test_a_hand_change_in_the_same_second_as_the_pipeline_write_is_the_culprit() -> None:
    # eventTime is to the second: the order within it is unknown, whatever the event ids
    pipeline = copy.deepcopy(BY_ID["0001"])
    pipeline.update(
        eventName="AuthorizeSecurityGroupIngress",
        eventTime=BY_ID["0002"]["eventTime"],
        eventID="ffffffff-0000-4f00-8000-000000000000",  # sorts after alice's
        requestParameters={"groupId": SG},
    )
    found = c.culprit("changed", SG_EVENTS, SG, [*RECORDS, pipeline], frozenset({"ingress"}))
    assert found is not None and c.attribution(found)["actor"] == "alice"
