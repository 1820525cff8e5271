"""aws_lambda_function on moto: scan (configuration from the listing, tags and reserved
concurrency per function), AWS defaults, revert in place, and no re-create."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_lambda_function" "worker" {
  function_name = "worker"
  role          = "arn:aws:iam::123456789012:role/worker"
  handler       = "app.handler"
  runtime       = "python3.12"
  s3_bucket     = "code-bucket"
  s3_key        = "worker.zip"
  memory_size   = 256

  environment {
    variables = {
      MODE = "prod"
    }
  }

  tags = { Team = "jobs" }
}
"""


def apply() -> str:
    iam = boto3.client("iam", region_name="us-east-1")
    role = iam.create_role(RoleName="worker", AssumeRolePolicyDocument="{}")["Role"]["Arn"]
    s3 = boto3.client("s3", region_name="us-east-1")
    s3.create_bucket(Bucket="code-bucket")
    s3.put_object(Bucket="code-bucket", Key="worker.zip", Body=b"zip")
    fn = boto3.client("lambda", region_name="us-east-1").create_function(
        FunctionName="worker",
        Runtime="python3.12",
        Role=role,
        Handler="app.handler",
        Code={"S3Bucket": "code-bucket", "S3Key": "worker.zip"},
        MemorySize=256,
        Environment={"Variables": {"MODE": "prod"}},
        Tags={"Team": "jobs"},
    )
    return str(fn["FunctionArn"])


def test_an_applied_function_is_in_sync_and_defaults_are_never_drift(
    aws: None, tmp_path: Path
) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report, "changed", "missing") == []
    assert report["summary"]["managed"] == 1


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    arn = apply()
    fn = boto3.client("lambda", region_name="us-east-1")
    fn.update_function_configuration(
        FunctionName="worker", Timeout=60, Environment={"Variables": {"MODE": "debug"}}
    )
    fn.put_function_concurrency(FunctionName="worker", ReservedConcurrentExecutions=2)
    fn.tag_resource(Resource=arn, Tags={"Owner": "someone"})
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory), "changed") == [
        (
            "changed",
            "aws_lambda_function.worker",
            [
                "environment[0].variables.MODE",
                "reserved_concurrent_executions",
                "tags.Owner",
                "timeout",
            ],
        )
    ]
    calls, _ = plan_calls(tmp_path, directory)
    assert sorted(c.name for c in calls if c.service == "lambda") == [
        "lambda.delete_function_concurrency",
        "lambda.untag_resource",
        "lambda.update_function_configuration",
    ]
    run([c for c in calls if c.service == "lambda"])
    assert drifts(scan(directory), "changed") == []


def test_a_missing_function_is_not_re_created(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_lambda_function.worker", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert refusals == [
        "aws_lambda_function.worker: cannot re-create: not supported for aws_lambda_function"
    ]
