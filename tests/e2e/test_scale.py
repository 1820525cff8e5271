"""Scale end to end against moto's server: regions, accounts, shards and merge, throttling."""

from __future__ import annotations

import json
from pathlib import Path

import boto3
import pytest

from bench.loopback_proxy import ProxyConfig, loopback_proxy
from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from tests.kit.cli import driftctl

ROLE = "arn:aws:iam::{account}:role/driftctl-read"
ACCOUNTS = ("111111111111", "222222222222")


def account_session(endpoint: str, account: str) -> boto3.Session:
    sts = boto3.client("sts", endpoint_url=endpoint, region_name="us-east-1")
    creds = sts.assume_role(RoleArn=ROLE.format(account=account), RoleSessionName="setup")
    c = creds["Credentials"]
    return boto3.Session(c["AccessKeyId"], c["SecretAccessKey"], c["SessionToken"])


def vpc(session: boto3.Session, endpoint: str, region: str, name: str) -> str:
    ec2 = session.client("ec2", endpoint_url=endpoint, region_name=region)
    tags = [{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": name}]}]
    return str(ec2.create_vpc(CidrBlock="10.9.0.0/16", TagSpecifications=tags)["Vpc"]["VpcId"])


STACK = """
provider "aws" {
  region = "us-east-1"
}

provider "aws" {
  alias  = "eu"
  region = "eu-west-1"
}

resource "aws_vpc" "us" {
  cidr_block = "10.9.0.0/16"
  tags       = { Name = "core" }
}

resource "aws_vpc" "eu" {
  provider   = aws.eu
  cidr_block = "10.9.0.0/16"
  tags       = { Name = "core" }
}

resource "aws_s3_bucket" "shared" {
  bucket = "shared-${var.suffix}"
}

variable "suffix" {
  default = "logs"
}
"""


@pytest.fixture
def two_accounts(endpoint: str, tmp_path: Path) -> Path:
    """The same stack in two accounts and two regions, plus drift that differs per account."""
    for account in ACCOUNTS:
        session = account_session(endpoint, account)
        vpc(session, endpoint, "us-east-1", "core")
        vpc(session, endpoint, "eu-west-1", "core")
        s3 = session.client("s3", endpoint_url=endpoint, region_name="us-east-1")
        s3.create_bucket(Bucket=f"shared-logs-{account}")  # names are global: one each
    # account 2 drifts: its eu VPC gets a new Name, and it has an unmanaged VPC in us-east-1
    second = account_session(endpoint, ACCOUNTS[1])
    ec2 = second.client("ec2", endpoint_url=endpoint, region_name="eu-west-1")
    eu_vpc = next(v for v in ec2.describe_vpcs()["Vpcs"] if not v["IsDefault"])["VpcId"]
    ec2.create_tags(Resources=[eu_vpc], Tags=[{"Key": "Owner", "Value": "ops"}])
    vpc(second, endpoint, "us-east-1", "scratch")
    (tmp_path / "main.tf").write_text(STACK)
    return tmp_path


def scan(endpoint: str, stack: Path, *extra: str) -> tuple[int, str, str]:
    run = driftctl(
        "scan", "--from", str(stack), "--endpoint-url", endpoint, "--region", "us-east-1",
        "--region", "eu-west-1", "--accounts", ",".join(ACCOUNTS), "--account-role", ROLE,
        "-o", "json://-", *extra,
    )  # fmt: skip
    return run.code, run.stdout, run.stderr


def test_each_account_and_region_is_compared_on_its_own(endpoint: str, two_accounts: Path) -> None:
    code, out, err = scan(endpoint, two_accounts, "--var", "suffix=logs-111111111111")
    assert code == 1, err
    report = json.loads(out)
    found = {
        (d["account"], d["region"], d["kind"], d["type"], d["address"] or "vpc",
         tuple(c["path"] for c in d["changes"]))
        for d in report["drifts"]
    }  # fmt: skip
    assert found == {
        ("222222222222", "eu-west-1", "changed", "aws_vpc", "aws_vpc.eu", ("tags.Owner",)),
        ("222222222222", "us-east-1", "unmanaged", "aws_vpc", "vpc", ()),
        # the bucket is named per account, so account 2's is missing and its own unmanaged
        ("222222222222", "global", "missing", "aws_s3_bucket", "aws_s3_bucket.shared", ()),
        ("222222222222", "global", "unmanaged", "aws_s3_bucket", "vpc", ()),
    }
    assert report["errors"] == []
    # two VPCs with the same CIDR and Name, one per region: no ambiguity, each bound in its region
    assert report["summary"]["managed"] == 2 * 2 + 1


def test_shards_merge_into_the_full_report_byte_for_byte(
    endpoint: str, two_accounts: Path, tmp_path: Path
) -> None:
    code, full, _ = scan(endpoint, two_accounts)
    paths = []
    for i in (1, 2, 3, 4):
        path = tmp_path / f"shard{i}.json"
        shard_code, out, err = scan(endpoint, two_accounts, "--shard", f"{i}/4")
        assert shard_code in (0, 1), err
        path.write_text(out)
        paths.append(str(path))
    merged = driftctl("merge", *paths)
    assert merged.code == code == 1
    assert merged.stdout == full


def test_an_account_that_cannot_be_assumed_is_an_error_entry(
    endpoint: str, two_accounts: Path
) -> None:
    """AssumeRole into the second account fails; the first is still scanned and reported."""
    conf = ProxyConfig(
        endpoint, throttle_share=1.0, throttle_services=frozenset({"sts"}),
        throttle_match=ACCOUNTS[1].encode(),
    )  # fmt: skip
    with loopback_proxy(conf) as (proxy, _):
        code, out, err = scan(proxy, two_accounts, "--max-attempts", "1",
                              "--var", "suffix=logs-111111111111")  # fmt: skip
    assert code == 2, err
    report = json.loads(out)
    assert [e["scope"] for e in report["errors"]] == [f"{ACCOUNTS[1]}/sts"]
    assert (
        "cannot assume arn:aws:iam::222222222222:role/driftctl-read"
        in report["errors"][0]["message"]
    )
    assert report["drifts"] == []  # account 1 is in sync; account 2 is not guessed at
    assert report["summary"]["managed"] == 3


def test_throttled_calls_are_retried_and_the_result_is_still_right(endpoint: str) -> None:
    demo_stack.apply(endpoint)
    conf = ProxyConfig(endpoint, throttle_share=0.1, seed=7, retry_after=0.05,
                       throttle_services=frozenset({"ec2", "s3", "iam"}))  # fmt: skip
    with loopback_proxy(conf) as (proxy, stats):
        run = driftctl("scan", "--from", str(FIXTURE), "--endpoint-url", proxy, "-o", "json://-")
    assert sum(stats.throttled.values()) > 5
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["drifts"] == []
    retries = int(run.stderr.split(" retries")[0].rsplit("(", 1)[1])
    assert retries == sum(stats.throttled.values())


def test_exhausted_retries_list_the_scope_and_exit_2(endpoint: str) -> None:
    demo_stack.apply(endpoint)
    conf = ProxyConfig(endpoint, throttle_share=1.0, throttle_services=frozenset({"s3"}))
    with loopback_proxy(conf) as (proxy, _):
        run = driftctl(
            "scan", "--from", str(FIXTURE), "--endpoint-url", proxy, "--max-attempts", "2",
            "-o", "json://-",
        )  # fmt: skip
    assert run.code == 2
    report = json.loads(run.stdout)
    assert [e["scope"] for e in report["errors"]] == ["s3/global"]
    assert "SlowDown" in report["errors"][0]["message"]
    assert not any(d["type"].startswith("aws_s3") for d in report["drifts"])  # never guessed
    assert report["drifts"] == []  # the rest of the stack is in sync


def test_organization_scans_every_active_account(endpoint: str, tmp_path: Path) -> None:
    org = boto3.client("organizations", endpoint_url=endpoint, region_name="us-east-1")
    org.create_organization(FeatureSet="ALL")
    member = org.create_account(Email="m@example.com", AccountName="member")
    member_id = member["CreateAccountStatus"]["AccountId"]
    session = account_session(endpoint, member_id)
    session.client("s3", endpoint_url=endpoint, region_name="us-east-1").create_bucket(
        Bucket="member-only"
    )
    (tmp_path / "main.tf").write_text("")
    run = driftctl(
        "scan", "--from", f"hcl://{tmp_path}", "--endpoint-url", endpoint, "--organization",
        "--account-role", ROLE, "-o", "json://-",
    )  # fmt: skip
    assert run.code == 1, run.stderr
    drifts = json.loads(run.stdout)["drifts"]
    assert [(d["account"], d["id"]) for d in drifts] == [(member_id, "member-only")]


def test_each_account_reads_its_own_caller_identity(endpoint: str, two_accounts: Path) -> None:
    # bucket named from aws_caller_identity: Terraform, run per account, names it after
    # that account; so does a multi-account scan (not one name for all, not Unknown)
    stack = (two_accounts / "main.tf").read_text()
    stack = stack.replace(
        '"shared-${var.suffix}"', '"shared-logs-${data.aws_caller_identity.me.id}"'
    )
    (two_accounts / "main.tf").write_text(stack + 'data "aws_caller_identity" "me" {}\n')
    code, out, err = scan(endpoint, two_accounts)
    report = json.loads(out)
    buckets = [(d["account"], d["kind"]) for d in report["drifts"] if d["type"] == "aws_s3_bucket"]
    assert buckets == [], err
    assert report["summary"]["unknown"] == 0
    assert code == 1  # account 2's VPC drift, as in the test above
