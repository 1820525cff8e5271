"""Attribution with the pipeline being real Terraform (issue #24's end-to-end case).

moto's server sits behind the CloudTrail recorder (tests/attribution/recorder.py). The
stack is applied by `terraform apply` under the pipeline's role session
(`ci-deploy/tf-apply`): its writes are CloudTrail records whose user agent says
Terraform. Then three people change it: an IAM user opens SSH on the security group, a
break-glass role session retags the bucket, an Identity Center-style session deletes the
role; the IAM user also makes a bucket by hand. `driftctl scan --attribute` with each
source (LookupEvents, and the trail's log files in S3) names each drift's person, never
Terraform, and no `--iac-principal` is given: Terraform is recognised by its user agent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3

from tests.attribution.recorder import ACCOUNT, Recorder, recording_proxy
from tests.kit.cli import driftctl
from tests.tf import harness

TRAIL = "org-cloudtrail"
SSO_ROLE = "AWSReservedSSO_AdministratorAccess_0f1e2d3c4b5a6978"
SSO_PATH = "/aws-reserved/sso.amazonaws.com/"
ADMIN = {
    "type": "IAMUser",
    "principalId": "AIDAADMIN",
    "arn": f"arn:aws:iam::{ACCOUNT}:user/admin",
    "accountId": ACCOUNT,
    "userName": "admin",
}
TRUST = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Principal": {"AWS": ACCOUNT}, "Action": "sts:AssumeRole"}],
}
STACK = """
resource "aws_vpc" "main" {
  cidr_block = "10.40.0.0/16"
}
resource "aws_security_group" "web" {
  name        = "web"
  description = "web tier"
  vpc_id      = aws_vpc.main.id
  ingress     = []
  egress      = []
}
resource "aws_s3_bucket" "data" {
  bucket = "data-prod"
  tags   = { Env = "prod" }
}
resource "aws_iam_role" "batch" {
  name               = "legacy-batch"
  assume_role_policy = jsonencode(%s)
}
""" % json.dumps(TRUST)  # noqa: UP031 (HCL's braces)


ADMIN_KEYS = {  # the harness's own credentials: the recorder's default identity
    "aws_access_key_id": harness.CREDENTIALS["AWS_ACCESS_KEY_ID"],
    "aws_secret_access_key": harness.CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
}


def _client(service: str, url: str, creds: dict[str, str] | None = None) -> Any:
    keys = creds or ADMIN_KEYS
    return boto3.client(service, region_name=harness.REGION, endpoint_url=url, **keys)


def _session(url: str, role: str, name: str, path: str = "/") -> dict[str, str]:
    arn = f"arn:aws:iam::{ACCOUNT}:role{path}{role}"
    got = _client("sts", url).assume_role(RoleArn=arn, RoleSessionName=name)["Credentials"]
    return {
        "aws_access_key_id": got["AccessKeyId"],
        "aws_secret_access_key": got["SecretAccessKey"],
        "aws_session_token": got["SessionToken"],
    }


def _provider(url: str, creds: dict[str, str]) -> str:
    keys = (
        f'  access_key                  = "{creds["aws_access_key_id"]}"\n'
        f'  secret_key                  = "{creds["aws_secret_access_key"]}"\n'
        f'  token                       = "{creds["aws_session_token"]}"\n'
    )
    return harness.provider_block(url, keys)


def test_drifts_of_a_terraform_applied_stack_are_attributed_to_the_people(
    terraform: harness.Terraform, tmp_path: Path
) -> None:
    recorder = Recorder(ADMIN)
    with harness.moto_server() as moto, recording_proxy(moto, recorder) as url:
        _client("s3", url).create_bucket(Bucket=TRAIL)
        iam = _client("iam", url)
        iam.create_user(UserName="alice")
        key = iam.create_access_key(UserName="alice")["AccessKey"]
        alice = {"aws_access_key_id": key["AccessKeyId"], "aws_secret_access_key": "x"}
        for role, path in (("ci-deploy", "/"), ("BreakGlass", "/"), (SSO_ROLE, SSO_PATH)):
            iam.create_role(RoleName=role, Path=path, AssumeRolePolicyDocument=json.dumps(TRUST))

        # the pipeline: real Terraform under its role session
        stack = terraform.stack(tmp_path / "stack", url, {"main.tf": STACK})
        (stack.dir / "provider.tf").write_text(
            _provider(url, _session(url, "ci-deploy", "tf-apply"))
        )
        stack.apply()
        applied = stack.resource_ids()
        by_terraform = [r for r in recorder.records if "Terraform/" in (r["userAgent"] or "")]
        assert {r["eventName"] for r in by_terraform} >= {"CreateSecurityGroup", "CreateRole"}
        group = applied["aws_security_group.web"]

        # the people
        _client("ec2", url, alice).authorize_security_group_ingress(
            GroupId=group,
            IpPermissions=[
                {
                    "IpProtocol": "tcp",
                    "FromPort": 22,
                    "ToPort": 22,
                    "IpRanges": [{"CidrIp": "0.0.0.0/0"}],
                }
            ],
        )
        _client("s3", url, _session(url, "BreakGlass", "bob")).put_bucket_tagging(
            Bucket="data-prod", Tagging={"TagSet": [{"Key": "Env", "Value": "dev"}]}
        )
        sso = _session(url, SSO_ROLE, "carol@example.com", SSO_PATH)
        _client("iam", url, sso).delete_role(RoleName="legacy-batch")
        _client("s3", url, alice).create_bucket(Bucket="hand-made")
        assert recorder.deliver(_client("s3", moto), TRAIL, "trails")

        reports = {}
        for source in ("lookup", f"s3://{TRAIL}/trails"):
            run = driftctl(
                "scan",
                "--from",
                f"hcl://{stack.dir}",
                "--region",
                harness.REGION,
                "--endpoint-url",
                url,
                "--cloudtrail",
                source,
                "-o",
                "json://-",
                cwd=tmp_path,
                add_env=harness.CREDENTIALS,
            )
            assert run.code == 1, run.stderr
            reports[source] = run.report

    expected = {
        ("changed", "aws_security_group", group): ("alice", "iam-user"),
        ("changed", "aws_s3_bucket", "data-prod"): ("BreakGlass/bob", "assumed-role"),
        ("missing", "aws_iam_role", "legacy-batch"): ("carol@example.com", "sso"),
        ("unmanaged", "aws_s3_bucket", "hand-made"): ("alice", "iam-user"),
    }
    for source, report in reports.items():
        drifts = {(d["kind"], d["type"], d["id"]): d for d in report["drifts"]}
        found = {
            k: (
                drifts[k]["attribution"].get("actor"),
                drifts[k]["attribution"].get("identity_type"),
            )
            for k in expected
            if k in drifts
        }
        assert found == expected, source
        for drift in drifts.values():  # Terraform caused none of them
            assert drift["attribution"].get("via") != "terraform", (source, drift)
