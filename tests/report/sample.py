"""A report with every kind of drift, a rule, a secret and a long value: input for renderers."""

from __future__ import annotations

from driftctl.core.model import Change, Drift, Report, ScanError, SourceRef

POLICY = {"Statement": [{"Action": ["s3:GetObject", "s3:ListBucket"], "Effect": "Allow"}] * 3}

DRIFTS = (
    Drift(
        "changed",
        "aws_db_instance",
        "db-1",
        "aws_db_instance.main",
        SourceRef("db.tf", 7),
        (
            Change("instance_class", "db.t3.micro", "db.m5.large"),
            Change("password", "hunter2-declared", "hunter2-live"),
        ),
    ),
    Drift(
        "changed",
        "aws_iam_policy",
        "arn:aws:iam::1:policy/p",
        "aws_iam_policy.p",
        SourceRef("iam.tf", 3),
        (Change("policy", POLICY, {"Statement": []}),),
        severity="high",
        rule="no-policy-edits",
        action="revert",
    ),
    Drift(
        "changed",
        "aws_security_group",
        "sg-1",
        "aws_security_group.web",
        SourceRef("network.tf", 1),
        (Change("ingress[1]", None, {"cidr_blocks": ["0.0.0.0/0"], "from_port": 22}),),
        severity="critical",
        rule="no-open-ssh",
    ),
    Drift(
        "missing",
        "aws_iam_role_policy",
        "app:read",
        "aws_iam_role_policy.read",
        SourceRef("iam.tf", 20),
    ),
    Drift("unmanaged", "aws_s3_bucket", "acme-scratch", None, None, severity="low"),
)

REPORT = Report(
    summary={
        "declared": 5,
        "live": 6,
        "managed": 3,
        "changed": 3,
        "missing": 1,
        "unmanaged": 1,
        "ignored": 0,
        "unknown": 0,
        "coverage": 0.75,
    },
    drifts=DRIFTS,
)

CLEAN = Report(
    summary={**REPORT.summary, "changed": 0, "missing": 0, "unmanaged": 0, "coverage": 1.0},
    drifts=(),
)

PARTIAL = Report(
    summary=CLEAN.summary, drifts=(), errors=(ScanError("s3/global", "AccessDenied: no"),)
)
