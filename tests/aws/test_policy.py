"""IAM policy canonicalization: the same policy written differently is never drift."""

from __future__ import annotations

import json
import urllib.parse

from hypothesis import given
from hypothesis import strategies as st

from driftctl.base.policy import canonical_policy

actions = st.lists(
    st.sampled_from(["s3:GetObject", "s3:PutObject", "s3:ListBucket", "kms:Decrypt"]),
    min_size=1,
    max_size=4,
    unique=True,
)
resources = st.lists(
    st.sampled_from(["*", "arn:aws:s3:::a", "arn:aws:s3:::a/*", "arn:aws:s3:::b"]),
    min_size=1,
    max_size=3,
    unique=True,
)
statements = st.lists(
    st.fixed_dictionaries(
        {"Effect": st.sampled_from(["Allow", "Deny"]), "Action": actions, "Resource": resources}
    ),
    min_size=1,
    max_size=4,
)


@given(statements, st.randoms())
def test_statement_and_action_order_never_matters(stmts, rnd) -> None:  # type: ignore[no-untyped-def]
    doc = {"Version": "2012-10-17", "Statement": stmts}
    shuffled = [dict(s, Action=rnd.sample(s["Action"], len(s["Action"]))) for s in stmts]
    rnd.shuffle(shuffled)
    assert canonical_policy(json.dumps(doc)) == canonical_policy(
        {"Version": "2012-10-17", "Statement": shuffled}
    )


@given(statements)
def test_single_string_equals_one_element_list(stmts) -> None:  # type: ignore[no-untyped-def]
    single = [dict(s, Action=s["Action"][0], Resource=s["Resource"][0]) for s in stmts]
    listed = [dict(s, Action=[s["Action"][0]], Resource=[s["Resource"][0]]) for s in stmts]
    assert canonical_policy({"Statement": single}) == canonical_policy({"Statement": listed})


@given(statements)
def test_canonicalization_is_idempotent(stmts) -> None:  # type: ignore[no-untyped-def]
    once = canonical_policy({"Version": "2012-10-17", "Statement": stmts})
    assert canonical_policy(once) == once


def test_principal_forms_and_url_encoding_are_equivalent() -> None:
    written = {
        "Statement": {
            "Effect": "Allow",
            "Principal": {"AWS": "123456789012"},
            "Action": "sts:AssumeRole",
        }
    }
    live = {
        "Statement": [
            {
                "Effect": "Allow",
                "Principal": {"AWS": ["arn:aws:iam::123456789012:root"]},
                "Action": ["sts:AssumeRole"],
                "Sid": "",
            }
        ]
    }
    assert canonical_policy(urllib.parse.quote(json.dumps(written))) == canonical_policy(live)
    assert canonical_policy({"Statement": [{"Principal": "*"}]}) == canonical_policy(
        {"Statement": [{"Principal": {"AWS": "*"}}]}
    )


def test_a_real_difference_stays_a_difference() -> None:
    a = {"Statement": [{"Effect": "Allow", "Action": "s3:GetObject", "Resource": "*"}]}
    b = {"Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
    assert canonical_policy(a) != canonical_policy(b)
    assert canonical_policy("not json") == "not json"
