"""Attribution with the pipeline being real Terraform (issue #24's end-to-end case).

moto's server sits behind the CloudTrail recorder (tests/attribution/recorder.py). The
stack is applied by `terraform apply` under the pipeline's role session
(`ci-deploy/tf-apply`): its writes are CloudTrail records whose user agent says
Terraform. Then the people of tests/attribution/people.py change it: an IAM user opens
SSH on the security group, a break-glass role session retags the bucket, an Identity
Center-style session deletes the role, and the IAM user makes a bucket by hand.
`driftctl scan --attribute` with each source (LookupEvents, and the trail's log files in
S3) names each drift's person, never Terraform; no `--iac-principal` is given: Terraform
is recognised by its user agent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.attribution import people
from tests.attribution.recorder import Recorder, recording_proxy
from tests.kit.cli import driftctl
from tests.tf import harness

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
  assume_role_policy = jsonencode(TRUST)
}
""".replace("TRUST", people.TRUST)


def _story(terraform: harness.Terraform, workdir: Path) -> tuple[str, dict[str, Any]]:
    """The stack applied by Terraform, changed by the people, scanned from each source:
    (the group's id, source -> report)."""
    recorder = Recorder(people.ADMIN)
    with harness.moto_server() as moto, recording_proxy(moto, recorder) as url:
        alice = people.cast(url)
        # the pipeline: real Terraform under its role session
        stack = terraform.stack(workdir / "stack", url, {"main.tf": STACK})
        pipeline = people.session(url, "ci-deploy", "tf-apply")
        (stack.dir / "provider.tf").write_text(people.provider(url, pipeline))
        stack.apply()
        by_terraform = [r for r in recorder.records if "Terraform/" in (r["userAgent"] or "")]
        assert {r["eventName"] for r in by_terraform} >= {"CreateSecurityGroup", "CreateRole"}
        group = stack.resource_ids()["aws_security_group.web"]
        people.change_by_hand(url, alice, group)
        assert recorder.deliver(people.client("s3", moto), people.TRAIL, "trails")

        reports = {}
        for source in ("lookup", f"s3://{people.TRAIL}/trails"):
            argv = ["scan", "--from", f"hcl://{stack.dir}", "--region", people.REGION]
            run = driftctl(
                *argv, "--endpoint-url", url, "--cloudtrail", source, "-o", "json://-", cwd=workdir
            )
            assert run.code == 1, run.stderr
            reports[source] = run.report
    return group, reports


def test_drifts_of_a_terraform_applied_stack_are_attributed_to_the_people(
    terraform: harness.Terraform, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in harness.CREDENTIALS.items():  # the admin's: the recorder's default
        monkeypatch.setenv(name, value)
    try:
        group, reports = _story(terraform, tmp_path / "first")
    except harness.DuplicateCreate:  # the SDK sent a create twice: the setup once more
        group, reports = _story(terraform, tmp_path / "again")

    expected = people.expected(group)
    for source, report in reports.items():
        assert people.found(report, expected) == expected, source
        for drift in report["drifts"]:  # Terraform caused none of them
            assert drift["attribution"].get("via") != "terraform", (source, drift)
