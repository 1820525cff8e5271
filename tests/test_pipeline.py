"""The report built from declared and live state: partial scans, summary, exit status."""

from __future__ import annotations

from driftctl.aws.canonical import Declared
from driftctl.aws.scanner import LiveState
from driftctl.commands.scan import exit_status
from driftctl.core.model import Ref, Resource, ScanError, SourceRef, Unknown
from driftctl.engine.pipeline import build_report
from driftctl.errors import ExitStatus

BUCKET = Resource(
    "aws_s3_bucket", "b", "aws_s3_bucket.b", {"bucket": "b", "tags": {}}, SourceRef("s.tf", 1)
)
ROLE = Resource(
    "aws_iam_role", "r", "aws_iam_role.r", {"name": "r", "tags": {"A": "1"}}, SourceRef("i.tf", 3)
)


def test_an_incomplete_scan_reports_errors_no_false_drift_and_exits_2() -> None:
    live = LiveState(
        [Resource("aws_iam_role", "r", None, {"name": "r", "tags": {"A": "2"}})],
        [ScanError("s3/global", "GetBucketPolicy: AccessDenied: no")],
        {("s3_buckets", "global")},
    )
    report = build_report(Declared([BUCKET, ROLE]), live)
    assert [(d.kind, d.type) for d in report.drifts] == [
        ("changed", "aws_iam_role")
    ]  # bucket not "missing"
    assert report.to_json()["errors"] == [
        {"scope": "s3/global", "message": "GetBucketPolicy: AccessDenied: no"}
    ]
    assert exit_status(report) is ExitStatus.ERROR


def test_live_twins_of_unidentified_declarations_are_never_reverted() -> None:
    # bucket = "logs-${timestamp()}": any live bucket may be it, so an unmanaged bucket is
    # reported, but a rule saying revert (delete) for unmanaged must not apply to it
    unsure = Resource("aws_s3_bucket", None, "aws_s3_bucket.l", {"bucket": Unknown("ts")})
    live = LiveState(
        [
            Resource("aws_s3_bucket", "logs-1", None, {"bucket": "logs-1", "tags": {}}),
            Resource("aws_iam_role", "stray", None, {"name": "stray", "tags": {}, "path": "/"}),
        ],
        [],
        set(),
    )
    report = build_report(Declared([unsure]), live)
    assert [(d.kind, d.id, d.observe_only) for d in report.drifts] == [
        ("unmanaged", "stray", False),
        ("unmanaged", "logs-1", True),
    ]
    assert report.summary["unknown"] == 1


def test_summary_counts_and_coverage() -> None:
    live = LiveState(
        [
            Resource("aws_iam_role", "r", None, {"name": "r", "tags": {"A": "1"}}),
            Resource("aws_iam_role", "stray", None, {"name": "stray", "tags": {}, "path": "/"}),
            Resource(
                "aws_iam_role",
                "AWSServiceRoleForX",
                None,
                {"name": "x", "path": "/aws-service-role/x/"},
            ),
        ],
        [],
        set(),
    )
    report = build_report(Declared([BUCKET, ROLE]), live)
    assert report.summary == {
        "declared": 2,
        "live": 3,
        "managed": 1,
        "changed": 0,
        "missing": 1,
        "unmanaged": 1,
        "ignored": 0,
        "unknown": 0,
        "not_compared": 0,
        "coverage": 0.5,
    }
    assert exit_status(report) is ExitStatus.DRIFT
    fingerprints = [d.fingerprint for d in report.drifts]
    assert fingerprints == [
        d.fingerprint for d in build_report(Declared([BUCKET, ROLE]), live).drifts
    ]
    assert all(f.startswith("sha256:") for f in fingerprints)


VPC = Resource(
    "aws_vpc",
    None,
    "aws_vpc.main",
    {"cidr_block": "10.0.0.0/16", "tags": {"Name": "main"}},
    SourceRef("n.tf", 1),
)


def subnet(address: str, cidr: str, vpc: object) -> Resource:
    return Resource(
        "aws_subnet", None, address, {"vpc_id": vpc, "cidr_block": cidr}, SourceRef("n.tf", 9)
    )


def live_subnet(rid: str, cidr: str) -> Resource:
    attrs = {"vpc_id": "vpc-1", "cidr_block": cidr, "tags": {}, "map_public_ip_on_launch": False}
    return Resource("aws_subnet", rid, None, attrs, region="us-east-1")


def group(address: str, vpc: object) -> Resource:
    attrs = {"name": address, "vpc_id": vpc, "ingress": [], "egress": []}
    return Resource("aws_security_group", None, address, attrs, SourceRef("n.tf", 20))


def test_resources_referring_to_a_type_whose_scan_failed_are_not_compared() -> None:
    """DescribeVpcAttribute denied: the VPCs of the region are not read, so a subnet whose
    vpc_id is aws_vpc.main.id cannot be matched; it is neither missing nor are the live
    subnets unmanaged. A group referring to the subnet's VPC through a chain is left out too."""
    to_vpc = Ref("aws_vpc.main", ("id",))
    declared = Declared(
        [
            VPC,
            subnet("aws_subnet.a", "10.0.1.0/24", to_vpc),
            group("aws_security_group.g", Ref("aws_subnet.a", ("vpc_id",))),
            ROLE,
        ]
    )
    live = LiveState(
        [
            live_subnet("subnet-1", "10.0.1.0/24"),
            live_subnet("subnet-2", "10.0.2.0/24"),
            Resource("aws_iam_role", "r", None, {"name": "r", "tags": {"A": "2"}}),
        ],
        [ScanError("ec2/us-east-1", "DescribeVpcAttribute: UnauthorizedOperation: no")],
        {("ec2_vpcs", "us-east-1")},
    )
    report = build_report(declared, live)
    assert [(d.kind, d.type) for d in report.drifts] == [("changed", "aws_iam_role")]
    # declared: the VPC, the subnet, the group; live: the two subnets nothing matched
    assert report.summary["not_compared"] == 5
    assert report.summary["missing"] == report.summary["unmanaged"] == 0
    assert exit_status(report) is ExitStatus.ERROR


def test_only_what_depends_on_the_failed_type_is_left_out() -> None:
    """A subnet whose VPC id is written literally still matches and is compared; a live
    subnet of a type nothing was left out of is still unmanaged."""
    declared = Declared([VPC, subnet("aws_subnet.lit", "10.0.1.0/24", "vpc-1")])
    live = LiveState(
        [live_subnet("subnet-1", "10.0.1.0/24"), live_subnet("subnet-2", "10.0.2.0/24")],
        [ScanError("ec2/us-east-1", "DescribeVpcAttribute: UnauthorizedOperation: no")],
        {("ec2_vpcs", "us-east-1")},
    )
    report = build_report(declared, live)
    assert [(d.kind, d.id) for d in report.drifts] == [("unmanaged", "subnet-2")]
    assert report.summary["managed"] == 1
    assert report.summary["not_compared"] == 1  # the VPC


def test_an_attachment_to_a_policy_whose_tags_were_denied_is_not_missing_and_unmanaged() -> None:
    policy = Resource(
        "aws_iam_policy", None, "aws_iam_policy.audit", {"name": "audit"}, SourceRef("i.tf", 1)
    )
    attachment = Resource(
        "aws_iam_role_policy_attachment",
        None,
        "aws_iam_role_policy_attachment.a",
        {"role": "r", "policy_arn": Ref("aws_iam_policy.audit", ("arn",))},
        SourceRef("i.tf", 7),
    )
    live = LiveState(
        [
            Resource("aws_iam_role", "r", None, {"name": "r", "tags": {"A": "1"}}),
            Resource(
                "aws_iam_role_policy_attachment",
                "r/arn:aws:iam::1:policy/audit",
                None,
                {"role": "r", "policy_arn": "arn:aws:iam::1:policy/audit"},
            ),
        ],
        [ScanError("iam/global", "ListPolicyTags: AccessDenied: no")],
        {("iam_policies", "global")},
    )
    report = build_report(Declared([ROLE, policy, attachment]), live)
    assert report.drifts == ()
    assert report.summary["not_compared"] == 3  # policy, attachment; the live attachment
