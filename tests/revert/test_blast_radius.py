"""The blast-radius guard: no delete where the declared side is empty (a source that
declares nothing, or nothing declared in the scope), and above a count or a share of the
managed resources `--approve` refuses unless the exact number of deletes is confirmed.
The real revert flow against moto in-process, the declared files in a real git repo."""

from __future__ import annotations

import json
from pathlib import Path

import boto3
import git
import pytest

from driftctl import settings
from driftctl.errors import DriftctlError, ExitStatus
from driftctl.revert import blast, flow

DELETE_UNMANAGED = """\
rules:
  - name: no-hand-made-buckets
    match: {type: aws_s3_bucket, kind: unmanaged}
    action: revert
  - name: no-hand-made-groups
    match: {type: aws_security_group, kind: unmanaged}
    action: revert
"""
TWO_BUCKETS = """\
resource "aws_s3_bucket" "a" {
  bucket = "acme-a"
}

resource "aws_s3_bucket" "b" {
  bucket = "acme-b"
}
"""


def committed(root: Path, main_tf: str) -> Path:
    infra = root / "infra"
    infra.mkdir(parents=True)
    (infra / "main.tf").write_text(main_tf)
    repo = git.Repo.init(root)
    repo.index.add(["infra/main.tf"])
    repo.index.commit("infra", author=git.Actor("t", "t@example.com"))
    (root / "rules.yaml").write_text(DELETE_UNMANAGED)
    return infra


def revert(
    infra: Path, approve: bool, limits: blast.Limits | None = None
) -> tuple[ExitStatus, list[str]]:
    conf = settings.build(
        settings.Options(
            sources=[f"hcl://{infra}"],
            regions=["us-east-1"],
            rules=[infra.parent / "rules.yaml"],
            no_cache=True,
        )
    )
    lines: list[str] = []
    opts = flow.Options(
        approve=approve, journal_dir=infra.parent / "journal", limits=limits or blast.Limits()
    )
    return flow.revert(conf, opts, lines.append), lines


def buckets() -> list[str]:
    return sorted(b["Name"] for b in boto3.client("s3").list_buckets()["Buckets"])


def make_buckets(*names: str) -> None:
    for name in names:
        boto3.client("s3", region_name="us-east-1").create_bucket(Bucket=name)


def test_a_source_that_declares_nothing_deletes_nothing(
    aws: None,
    tmp_path: Path,
) -> None:
    """Everything behind count = 0 (or a misread file): every live bucket looks unmanaged."""
    infra = committed(tmp_path, TWO_BUCKETS.replace("{\n", "{\n  count = 0\n"))
    make_buckets("acme-a", "acme-b", "acme-c")
    status, lines = revert(infra, approve=True)
    text = "\n".join(lines)
    assert status is ExitStatus.DRIFT, text  # could not converge: the refusals are named
    assert text.splitlines()[1] == "revert plan: 0 deletes, 3 resources, 0 API calls"
    assert f"! not deleting aws_s3_bucket.acme-a: hcl://{infra} declares no resource" in text
    assert buckets() == ["acme-a", "acme-b", "acme-c"]


def test_nothing_declared_in_a_scope_deletes_nothing_there(
    aws: None,
    tmp_path: Path,
) -> None:
    """Buckets are declared (the global scope), no EC2 resource is: a hand-made group in
    us-east-1 is not deleted; a hand-made bucket is."""
    infra = committed(tmp_path, TWO_BUCKETS)
    make_buckets("acme-a", "acme-b", "acme-scratch")
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(CidrBlock="10.1.0.0/16")["Vpc"]["VpcId"]
    group = ec2.create_security_group(GroupName="hand", Description="h", VpcId=vpc)["GroupId"]
    status, lines = revert(infra, approve=True, limits=blast.Limits(confirm=1))
    text = "\n".join(lines)
    assert status is ExitStatus.DRIFT, text
    assert (
        f"! not deleting aws_security_group.{group}: nothing is declared in 123456789012/us-east-1"
    ) in text
    assert buckets() == ["acme-a", "acme-b"]
    groups = ec2.describe_security_groups(GroupIds=[group])["SecurityGroups"]
    assert [g["GroupId"] for g in groups] == [group]


def test_deletes_above_the_share_need_the_exact_number_confirmed(
    aws: None,
    tmp_path: Path,
) -> None:
    infra = committed(tmp_path, TWO_BUCKETS)
    make_buckets("acme-a", "acme-b", "hand-1", "hand-2", "hand-3")
    # the plan says it first, and warns
    status, lines = revert(infra, approve=False)
    assert status is ExitStatus.OK
    assert lines[1] == "revert plan: 3 deletes, 3 resources, 3 API calls"
    assert (
        "\nwarning: the plan deletes 3 resources, more than --max-delete-share 25% of the 2 "
        "managed resources: --approve needs --confirm-deletes 3"
    ) in lines
    # approved without confirming: refused, nothing changed, no journal
    with pytest.raises(DriftctlError) as caught:
        revert(infra, approve=True)
    assert caught.value.message == (
        "the plan deletes 3 resources, more than --max-delete-share 25% of the 2 managed "
        "resources; nothing was changed"
    )
    assert caught.value.hint == (
        "read the plan, then pass --confirm-deletes 3 (or narrow it with --only)"
    )
    assert not (tmp_path / "journal").exists()
    # a wrong number is refused too
    with pytest.raises(DriftctlError, match=r"--confirm-deletes 2, but the plan deletes 3"):
        revert(infra, approve=True, limits=blast.Limits(confirm=2))
    assert buckets() == ["acme-a", "acme-b", "hand-1", "hand-2", "hand-3"]
    # the exact number: applied
    status, lines = revert(infra, approve=True, limits=blast.Limits(confirm=3))
    assert status is ExitStatus.OK, "\n".join(lines)
    assert buckets() == ["acme-a", "acme-b"]


def test_deletes_above_the_count_need_confirming_and_limits_are_flags(
    aws: None,
    tmp_path: Path,
) -> None:
    infra = committed(tmp_path, TWO_BUCKETS)
    make_buckets("acme-a", "acme-b", "hand-1")
    loose = blast.parse(1, "100%", None)
    assert revert(infra, approve=False, limits=loose)[0] is ExitStatus.OK
    strict = blast.parse(0, "100%", None)
    with pytest.raises(DriftctlError, match=r"deletes 1 resource, more than --max-deletes 0;"):
        revert(infra, approve=True, limits=strict)
    status, _ = revert(infra, approve=True, limits=loose)
    assert status is ExitStatus.OK
    assert buckets() == ["acme-a", "acme-b"]


@pytest.mark.parametrize(
    ("share", "value"), [("25%", 0.25), ("0.5", 0.5), ("100%", 1.0), ("0", 0.0)]
)
def test_the_share_is_a_percentage_or_a_fraction(share: str, value: float) -> None:
    assert blast.parse(None, share, None).max_share == value


@pytest.mark.parametrize("share", ["150%", "-1", "nan", "lots", "2"])
def test_a_bad_share_is_one_clear_error(share: str) -> None:
    with pytest.raises(DriftctlError, match=rf"--max-delete-share {share}: expected a share"):
        blast.parse(None, share, None)


def test_a_malformed_state_is_an_error_and_deletes_nothing(
    aws: None,
    tmp_path: Path,
) -> None:
    """#11: a state whose resources is an object was read as 0 resources, and a rule deleting
    unmanaged resources then deleted every bucket."""
    state = tmp_path / "terraform.tfstate"
    resource = {
        "mode": "managed",
        "type": "aws_s3_bucket",
        "name": "a",
        "instances": [{"attributes": {"id": "acme-a", "bucket": "acme-a"}}],
    }
    state.write_text(json.dumps({"version": 4, "resources": {"aws_s3_bucket.a": resource}}))
    repo = git.Repo.init(tmp_path)
    repo.index.add(["terraform.tfstate"])
    repo.index.commit("state", author=git.Actor("t", "t@example.com"))
    (tmp_path / "rules.yaml").write_text(DELETE_UNMANAGED)
    make_buckets("acme-a", "acme-b")
    conf = settings.build(
        settings.Options(
            sources=[f"tfstate://{state}"], regions=["us-east-1"], rules=[tmp_path / "rules.yaml"]
        )
    )
    opts = flow.Options(approve=True, limits=blast.Limits(confirm=2))
    with pytest.raises(DriftctlError) as caught:
        flow.revert(conf, opts, lambda line: None)
    assert caught.value.message == (
        f"{state}: not a valid Terraform state: $.resources must be a list, not an object"
    )
    assert buckets() == ["acme-a", "acme-b"]
