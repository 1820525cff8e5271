"""End to end: `driftctl scan --attribute` against moto's server behind the CloudTrail
recorder (recorder.py), each drift attributed to the identity that caused it.

The pipeline's identity (the role session ci-deploy/tf-apply, named by --iac-principal)
makes the declared stack; then an IAM user opens SSH on the security group, a
break-glass role session retags the bucket, an IAM Identity Center-style role session
deletes a declared role, and the IAM user makes a bucket by hand. Everything the test's
own admin key made (the users and roles above) is unmanaged too, and attributed to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.attribution import people
from tests.attribution.recorder import Recorder, recording_proxy
from tests.kit.cli import driftctl

ADMIN, REGION, TRAIL = people.ADMIN, people.REGION, people.TRAIL
_client, _session = people.client, people.session


def _stack(tmp_path: Path, vpc: str) -> Path:
    (tmp_path / "main.tf").write_text(
        f"""
resource "aws_security_group" "web" {{
  name        = "web"
  description = "web tier"
  vpc_id      = "{vpc}"
  ingress     = []
}}
resource "aws_s3_bucket" "data" {{
  bucket = "data-prod"
  tags   = {{ Env = "prod" }}
}}
resource "aws_iam_role" "batch" {{
  name               = "legacy-batch"
  assume_role_policy = jsonencode({people.TRUST})
}}
"""
    )
    return tmp_path


@pytest.mark.parametrize("source", ["lookup", f"s3://{TRAIL}/trails"])
def test_each_drift_is_attributed_to_who_made_it(
    endpoint: str, tmp_path: Path, source: str
) -> None:
    recorder = Recorder(ADMIN)
    with recording_proxy(endpoint, recorder) as url:
        alice = people.cast(url)
        # the pipeline
        ci = _session(url, "ci-deploy", "tf-apply")
        ec2 = _client("ec2", url, ci)
        vpc = ec2.describe_vpcs()["Vpcs"][0]["VpcId"]
        group = ec2.create_security_group(GroupName="web", Description="web tier", VpcId=vpc)
        ec2.revoke_security_group_egress(
            GroupId=group["GroupId"],
            IpPermissions=[{"IpProtocol": "-1", "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}],
        )
        s3 = _client("s3", url, ci)
        s3.create_bucket(Bucket="data-prod")
        s3.put_bucket_tagging(
            Bucket="data-prod", Tagging={"TagSet": [{"Key": "Env", "Value": "prod"}]}
        )
        _client("iam", url, ci).create_role(
            RoleName="legacy-batch", AssumeRolePolicyDocument=people.TRUST
        )
        people.change_by_hand(url, alice, group["GroupId"])
        assert recorder.deliver(_client("s3", endpoint), TRAIL, "trails")

        run = driftctl(
            "scan",
            "--from",
            str(_stack(tmp_path, vpc)),
            "--region",
            REGION,
            "--endpoint-url",
            url,
            "--cloudtrail",
            source,
            "--iac-principal",
            "arn:aws:iam::*:role/ci-deploy",
            "-o",
            "json://-",
            cwd=tmp_path,
        )
    assert run.code == 1, run.stderr
    # the lookup source asks LookupEvents; the s3 source only reads the trail's files
    assert (recorder.lookups > 0) == (source == "lookup")
    expected = people.expected(group["GroupId"])
    assert people.found(run.report, expected) == expected
    drifts = {(d["kind"], d["type"], d["id"]): d for d in run.report["drifts"]}
    assert {drifts[k]["attribution"]["via"] for k in expected} == {"sdk"}
    made = drifts[("unmanaged", "aws_s3_bucket", "hand-made")]
    assert made["age_days"] == 0 and made["created"] == made["attribution"]["time"]
    # what the admin key made (users, roles) is unmanaged, and attributed to it
    for key_, drift in drifts.items():
        if key_ not in expected:
            assert drift["attribution"].get("actor") == "admin", (key_, drift["attribution"])


def test_without_attribute_cloudtrail_is_never_asked(endpoint: str, tmp_path: Path) -> None:
    recorder = Recorder(ADMIN)
    with recording_proxy(endpoint, recorder) as url:
        _client("s3", url).create_bucket(Bucket="hand-made")
        (tmp_path / "main.tf").write_text("")
        run = driftctl(
            "scan",
            "--from",
            f"hcl://{tmp_path}",
            "--region",
            REGION,
            "--endpoint-url",
            url,
            "-o",
            "json://-",
            cwd=tmp_path,
        )
    assert run.code == 1, run.stderr
    assert "attribution" not in run.stdout
    assert [r["eventName"] for r in recorder.records] == ["CreateBucket"]
    assert recorder.lookups == 0


pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def _noise(recorder: Recorder, count: int) -> None:
    """`count` writes on other buckets, in the same seconds as the real ones."""
    template = next(r for r in recorder.records if r["eventName"] == "CreateBucket")
    for i in range(count):
        bucket = f"noise-{i}"
        recorder.records.append(
            {
                **template,
                "eventName": "PutBucketTagging",
                "eventID": f"noise-{i}",
                "requestParameters": {"bucketName": bucket},
                "resources": [{"type": "AWS::S3::Bucket", "ARN": f"arn:aws:s3:::{bucket}"}],
                "_indexed": [{"bucketName": bucket}, {}, [f"arn:aws:s3:::{bucket}"]],
            }
        )


def test_noise_an_empty_window_and_access_denied(endpoint: str, tmp_path: Path) -> None:
    recorder = Recorder(ADMIN)
    (tmp_path / "main.tf").write_text("")
    with recording_proxy(endpoint, recorder) as url:
        iam = _client("iam", url)
        iam.create_user(UserName="alice")
        key = iam.create_access_key(UserName="alice")["AccessKey"]
        alice = {"aws_access_key_id": key["AccessKeyId"], "aws_secret_access_key": "x"}
        _client("s3", url, alice).create_bucket(Bucket="hand-made")
        _noise(recorder, 1000)
        scan = ("scan", "--from", f"hcl://{tmp_path}", "--region", REGION)
        args = (*scan, "--endpoint-url", url, "--attribute", "-o", "json://-")

        def attributions(**env: str) -> dict[str, Any]:
            run = driftctl(*args, cwd=tmp_path, add_env=env)
            assert run.code == 1, run.stderr  # attribution never changes the exit code
            return {d["id"]: d["attribution"] for d in run.report["drifts"]}

        found = attributions()
        past = attributions(DRIFTCTL_ATTRIBUTE_NOW="2020-01-01T00:00:00Z")
        recorder.deny_lookup = True
        denied = attributions()
    assert found["hand-made"]["actor"] == "alice"
    assert past["hand-made"] == {"unknown": "no CloudTrail event for it in the window (7d)"}
    assert denied["hand-made"] == {
        "unknown": "access denied to CloudTrail (cloudtrail:LookupEvents) in us-east-1"
    }
    assert set(found) == set(past) == set(denied)
