""".driftignore files read as snyk's driftctl reads them, and gen-driftignore.

The semantics table reproduces snyk/driftctl's own cases: pkg/filter/driftignore_test.go
with its testdata (drift_ignore_valid, drift_ignore_wildcard, drift_ignore_all_exclude) for
the gitignore-based reader in pkg/filter/driftignore.go, the examples of
docs/usage/filtering/driftignore.mdx (snyk/driftctl-docs), and escapeKey plus
pkg/cmd/testdata/output_stdin_valid.txt for gen-driftignore's escaping.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from driftctl.core.model import Change, Drift, Report
from driftctl.errors import DriftctlError
from driftctl.resources.ec2.security_group_rule import sg_rule_id
from driftctl.rules import driftignore
from driftctl.rules import policy as rules

# testdata/drift_ignore_valid/.driftignore
VALID = r"""ignored_resource.id2
wildcard_resource.*
resource_type.id\.with\.dots
resource_type.idwith\\
resource_type.idwith\\backslashes
resource_type.idwith/slashes

# this is a comment
"""
# testdata/drift_ignore_wildcard/.driftignore
WILDCARD = r"""*2**.**d1*
type3.id1***0
*.id\\WithBa*slas*\\**\\

# this is *** comment
"""
# testdata/drift_ignore_all_exclude/.driftignore
ALL_BUT = "*\n!iam_user.*\n!some_type.idwith/slash\n"
# docs/usage/filtering/driftignore.mdx
DOCS = """# Will ignore S3 bucket called my-bucket
aws_s3_bucket.my-bucket
# Will ignore every aws_instance resource
aws_instance.*
# Will ignore environment for all lambda functions
aws_lambda_function.*.environment
# Will ignore resources like aws_iam_role.AmazonSSMRoleForInstances
*role.*Amazon*
# Will ignore lastModified for my-lambda-name lambda function
aws_lambda_function.my-lambda-name.last_modified
"""


@pytest.mark.parametrize(
    ("text", "subject", "ignored"),
    [
        (VALID, "type1.id1", False),
        (VALID, "wildcard_resource.id1/with/slash", True),
        (VALID, "wildcard_resource.id1", True),
        (VALID, "ignored_resource.id2", True),
        (VALID, "resource_type.id.with.dots", True),  # escaped dots
        (VALID, "resource_type.idwith\\", True),  # an escaped backslash
        (VALID, "resource_type.idwith\\backslashes", True),
        (VALID, "resource_type.idwith/slashes", True),
        (WILDCARD, "type1.id1", False),
        (WILDCARD, "type2.id1", True),
        (WILDCARD, "type2.id11", True),
        (WILDCARD, "type2.id2", False),
        (WILDCARD, "type3.id100", True),
        (WILDCARD, "type3.id101", False),
        (WILDCARD, "type4.id\\WithBac*slash***\\*\\", True),
        (ALL_BUT, "type1.id1", True),
        (ALL_BUT, "type3.id101", True),
        (ALL_BUT, "iam_user.id\\WithBac*slash***\\*\\", False),  # negation: last match wins
        (ALL_BUT, "some_type.idwith/slash", False),
        (ALL_BUT, "some_type.idwith/slash/", True),
        ("*\n!aws_iam_*\n", "aws_iam_role.admin", False),  # "ignore everything but IAM"
        ("*\n!aws_iam_*\n", "aws_s3_bucket.logs", True),
        (DOCS, "aws_s3_bucket.my-bucket", True),
        (DOCS, "aws_s3_bucket.my-bucket-2", False),
        (DOCS, "aws_instance.i-0123", True),
        (DOCS, "aws_lambda_function.f.environment", True),
        (DOCS, "aws_lambda_function.f.environment.variables.KEY", True),  # below the path
        (DOCS, "aws_lambda_function.f.runtime", False),
        (DOCS, "aws_iam_role.AmazonSSMRoleForInstances", True),
        (DOCS, "aws_lambda_function.my-lambda-name.last_modified", True),
        ("aws_s3_bucket\n", "aws_s3_bucket.anything", True),  # a type alone: every one of it
        ("aws_s3_bucket.b\n", "aws_s3_bucket.b.tags.Owner", True),  # a resource: every field
        ("aws_s3_bucket.b\n!aws_s3_bucket.b.tags\n", "aws_s3_bucket.b.tags.Owner", False),
        ("aws_s3_bucket.b\n!aws_s3_bucket.b.tags\n", "aws_s3_bucket.b.versioning", True),
        ("aws_s3_bucket.b   \n", "aws_s3_bucket.b", True),  # trailing spaces dropped
        ("  # not a comment\n", "aws_s3_bucket.b", False),
        ("AWS_S3_BUCKET.B\n", "aws_s3_bucket.b", False),  # case-sensitive, as go-git
    ],
)
def test_driftignore_semantics_match_snyk(text: str, subject: str, ignored: bool) -> None:
    assert driftignore.parse(".driftignore", text).matches(subject) is ignored


def test_a_malformed_line_is_an_error_naming_file_and_line() -> None:
    # snyk's matcher silently never matched a bad pattern (issue #29: only a warning before)
    with pytest.raises(DriftctlError) as caught:
        driftignore.parse(".driftignore", "# ok\naws_s3_bucket.ok\naws_s3_bucket.[oops\n")
    assert caught.value.message == (
        ".driftignore:3: bad glob 'aws_s3_bucket.[oops': unbalanced '[' at position 15"
    )
    assert caught.value.hint is not None and "fix or delete the line" in caught.value.hint


SG = Drift(
    "changed",
    "aws_security_group",
    "sg-1",
    "aws_security_group.web",
    None,
    (
        Change("description", "a", "b"),
        Change("ingress[0].cidr_blocks[0]", "10.0.0.0/8", "0.0.0.0/0"),
        Change("tags.Owner", "a", "b"),
    ),
)


@pytest.mark.parametrize(
    ("line", "ignored_paths"),
    [
        ("aws_security_group.sg-1", "all"),
        ("aws_security_group.*.tags", ["tags.Owner"]),
        ("aws_security_group.sg-1.ingress.0", ["ingress[0].cidr_blocks[0]"]),  # snyk's dotted form
        ("aws_security_group.sg-1.*.0", ["ingress[0].cidr_blocks[0]"]),
        ("aws_security_group.web", []),  # matched by id, as snyk does, not by address
    ],
)
def test_driftignore_decides_drifts_and_single_changes(line: str, ignored_paths: object) -> None:
    policy = rules.Policy(ignore=driftignore.parse(".driftignore", line + "\n"))
    parts = rules.decide(policy, SG)
    ignored = [d for d in parts if d.action == "ignore"]
    assert all(d.rule == ".driftignore" for d in ignored)
    if ignored_paths == "all":
        assert len(parts) == 1 and ignored == parts and parts[0].changes == SG.changes
    else:
        assert [c.path for d in ignored for c in d.changes] == ignored_paths
        assert sorted(c.path for d in parts for c in d.changes) == sorted(
            c.path for c in SG.changes
        )


def test_driftignore_comes_before_the_rules(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("rules:\n  - {name: all, action: revert}\n")
    policy = rules.Policy(
        rules.load_rules([path], defaults=False),
        driftignore.parse(".driftignore", "aws_security_group.*.tags\n"),
    )
    assert [(d.rule, d.action) for d in rules.decide(policy, SG)] == [
        ("all", "revert"),
        (".driftignore", "ignore"),
    ]


# -- gen-driftignore -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rid", "line"),
    [
        # pkg/cmd/testdata/output_stdin_valid.txt
        ("driftctl_assume_role:driftctl_policy.10", r"driftctl_assume_role:driftctl_policy\.10"),
        ("driftctl_assume\\_role", r"driftctl_assume\\_role"),
        ("AKIAXYUOJZ3H5YCXF34G", "AKIAXYUOJZ3H5YCXF34G"),
        # beyond snyk: glob characters and spaces, so the line matches exactly this id
        ("a*b?[c]", r"a\*b\?\[c]"),
        ("trailing ", r"trailing\ "),
    ],
)
def test_escaping_as_snyk(rid: str, line: str) -> None:
    assert driftignore.escape(rid) == line
    assert driftignore.parse("x", f"t.{line}\n").matches(f"t.{rid}")
    assert not driftignore.parse("x", f"t.{line}\n").matches(f"t.{rid}x")


def drift(kind: str, rtype: str, rid: str | None, address: str | None = None) -> Drift:
    changes = (Change("tags.A", "1", "2"),) if kind == "changed" else ()
    return Drift(kind, rtype, rid, address, None, changes)  # type: ignore[arg-type]


DRIFTS = [
    drift("unmanaged", "aws_s3_bucket", "acme.logs.eu"),
    drift("unmanaged", "aws_iam_role", "back\\slash"),
    drift("unmanaged", "aws_iam_policy", "arn:aws:iam::123456789012:policy/a*b"),
    drift("missing", "aws_iam_role_policy", "role:policy.v2", "aws_iam_role_policy.p"),
    drift("missing", "aws_security_group", None, 'aws_security_group.web["a.b"]'),
    drift("changed", "aws_security_group", "sg-1", "aws_security_group.web"),
    drift("changed", "aws_security_group", "sg-1", "aws_security_group.web"),  # a split part
]


def report_json() -> list[dict[str, object]]:
    doc = Report({}, tuple(DRIFTS)).to_json()
    return json.loads(json.dumps(doc))["drifts"]  # type: ignore[no-any-return]


def test_gen_driftignore_is_sorted_grouped_and_escaped() -> None:
    assert driftignore.generate(report_json()) == (
        "# Resources not covered by IaC\n"
        "aws_iam_policy.arn:aws:iam::123456789012:policy/a\\*b\n"
        "aws_iam_role.back\\\\slash\n"
        "aws_s3_bucket.acme\\.logs\\.eu\n"
        "# Missing resources\n"
        "aws_iam_role_policy.role:policy\\.v2\n"
        'aws_security_group.aws_security_group\\.web\\["a\\.b"]\n'
        "# Changed resources\n"
        "aws_security_group.sg-1\n"
    )


def test_gen_driftignore_is_deterministic_and_can_exclude_kinds() -> None:
    drifts = report_json()
    shuffled = random.Random(7).sample(drifts, len(drifts))
    assert driftignore.generate(shuffled) == driftignore.generate(drifts)
    text = driftignore.generate(drifts, exclude=["unmanaged", "changed"])
    assert text.splitlines()[0] == "# Missing resources" and len(text.splitlines()) == 3


def test_a_generated_file_ignores_every_drift_of_its_report() -> None:
    ignore = driftignore.parse(".driftignore", driftignore.generate(report_json()))
    summary = {"managed": 1, "changed": 2, "missing": 2, "unmanaged": 3, "ignored": 0}
    report = rules.apply(rules.Policy(ignore=ignore), Report(summary, tuple(DRIFTS)))
    assert report.drifts == ()
    assert report.summary["ignored"] == len(DRIFTS)
    # and nothing else: a resource of the same type with another id is still reported
    assert not ignore.ignores(drift("unmanaged", "aws_s3_bucket", "acme-logs-eu"))


# -- snyk's ids in old .driftignore files ---------------------------------------------------


def attachment(role: str, arn: str) -> Drift:
    return Drift("unmanaged", "aws_iam_role_policy_attachment", f"{role}/{arn}", None, None)


@pytest.mark.parametrize(
    ("line", "ignored"),
    [
        ("aws_iam_role_policy_attachment.ReadOnlyAccess-app-role", True),  # snyk's POLICY-ROLE
        ("aws_iam_role_policy_attachment.*-app-role", True),
        ("aws_iam_role_policy_attachment.ReadOnlyAccess-other", False),
        ("aws_iam_role_policy_attachment.app-role/arn:aws:iam::aws:policy/ReadOnlyAccess", True),
        ("aws_iam_role_policy_attachment.*", True),
    ],
)
def test_snyk_attachment_ids_still_match(line: str, ignored: bool) -> None:
    ignore = driftignore.parse(".driftignore", line + "\n")
    drift = attachment("app-role", "arn:aws:iam::aws:policy/ReadOnlyAccess")
    assert ignore.ignores(drift) is ignored
    legacy = "/" not in line and not line.endswith(".*")
    assert any("snyk driftctl's ids" in w for w in ignore.warnings) is legacy


def test_negating_a_snyk_attachment_id_keeps_it() -> None:
    ignore = driftignore.parse(".di", "*\n!aws_iam_role_policy_attachment.ReadOnlyAccess-app\n")
    assert not ignore.ignores(attachment("app", "arn:aws:iam::aws:policy/ReadOnlyAccess"))
    assert ignore.ignores(attachment("app", "arn:aws:iam::aws:policy/Admin"))


# snyk's own ids for these rules (its enumeration/remote/aws_ec2_scanner_test.go and
# pkg/driftctl_test.go): Terraform's hash of the group, ports, protocol, direction, source
SG_RULES = [
    ("sg-0cc8b3c3c2851705a", "egress", {"protocol": "5", "from_port": 0, "to_port": 0,
                                        "cidr_blocks": ["0.0.0.0/0"]}, "sgrule-850043874"),
    ("sg-0254c038e32f25530", "ingress", {"protocol": "tcp", "from_port": 0, "to_port": 65535,
                                         "self": True}, "sgrule-3970541193"),
    ("sg-0254c038e32f25530", "ingress", {"protocol": "tcp", "from_port": 0, "to_port": 65535,
                                         "security_groups": ["sg-9e0204ff"]}, "sgrule-3587309474"),
    ("sg-0254c038e32f25530", "ingress", {"protocol": "tcp", "from_port": 0, "to_port": 0,
                                         "prefix_list_ids": ["pl-abb451c2"]}, "sgrule-2471889226"),
]  # fmt: skip


@pytest.mark.parametrize(("group", "direction", "rule", "snyk_id"), SG_RULES)
def test_snyk_security_group_rule_ids(
    group: str, direction: str, rule: dict[str, object], snyk_id: str
) -> None:
    assert sg_rule_id(group, direction, rule) == snyk_id
    drift = Drift(
        "changed", "aws_security_group", group, "aws_security_group.g", None,
        (Change(f"{direction}[0]", None, rule), Change("tags.Owner", "a", "b")),
    )  # fmt: skip
    policy = rules.Policy(ignore=driftignore.parse(".di", f"aws_security_group_rule.{snyk_id}\n"))
    parts = rules.decide(policy, drift)
    ignored = [c.path for d in parts if d.action == "ignore" for c in d.changes]
    assert ignored == [f"{direction}[0]"]  # the rule's change, not the group's tags
    other = rules.Policy(ignore=driftignore.parse(".di", "aws_security_group_rule.sgrule-1\n"))
    assert all(d.action != "ignore" for d in rules.decide(other, drift))
    every = rules.Policy(ignore=driftignore.parse(".di", "aws_security_group_rule.*\n"))
    assert [
        c.path for d in rules.decide(every, drift) if d.action == "ignore" for c in d.changes
    ] == [f"{direction}[0]"]
