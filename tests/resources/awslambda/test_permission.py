"""aws_lambda_permission on moto: statements of the function's policy, an account
principal as its id, a changed statement needing a replacement, an added one removed."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.awslambda.test_function import HCL as FUNCTION
from tests.resources.awslambda.test_function import apply as apply_function
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = (
    FUNCTION
    + """
resource "aws_lambda_permission" "uploads" {
  statement_id  = "AllowS3"
  action        = "lambda:InvokeFunction"
  function_name = aws_lambda_function.worker.function_name
  principal     = "s3.amazonaws.com"
  source_arn    = "arn:aws:s3:::uploads"
}

resource "aws_lambda_permission" "partner" {
  statement_id  = "AllowPartner"
  action        = "lambda:InvokeFunction"
  function_name = aws_lambda_function.worker.arn
  principal     = "210987654321"
}
"""
)


def apply() -> None:
    apply_function()
    fn = boto3.client("lambda", region_name="us-east-1")
    fn.add_permission(
        FunctionName="worker",
        StatementId="AllowS3",
        Action="lambda:InvokeFunction",
        Principal="s3.amazonaws.com",
        SourceArn="arn:aws:s3:::uploads",
    )
    fn.add_permission(
        FunctionName="worker",
        StatementId="AllowPartner",
        Action="lambda:InvokeFunction",
        Principal="arn:aws:iam::210987654321:root",
    )


def test_applied_permissions_are_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report, "changed", "missing") == []
    assert report["summary"]["managed"] == 3


def test_a_changed_statement_needs_a_replacement_an_added_one_is_removed(
    aws: None, tmp_path: Path
) -> None:
    apply()
    fn = boto3.client("lambda", region_name="us-east-1")
    fn.remove_permission(FunctionName="worker", StatementId="AllowS3")
    fn.add_permission(
        FunctionName="worker",
        StatementId="AllowS3",
        Action="lambda:InvokeFunction",
        Principal="s3.amazonaws.com",
        SourceArn="arn:aws:s3:::other-bucket",
    )
    fn.add_permission(
        FunctionName="worker",
        StatementId="Debug",
        Action="lambda:InvokeFunction",
        Principal="*",
    )
    directory = write(tmp_path / "tf", HCL)
    found = drifts(scan(directory), "changed", "unmanaged")
    assert ("changed", "aws_lambda_permission.uploads", ["source_arn"]) in found
    assert ("unmanaged", "aws_lambda_permission.worker/Debug", []) in found
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls if c.service == "lambda"] == ["lambda.remove_permission"]
    assert [r for r in refusals if "source_arn" in r] and all(
        "a human decides" in r for r in refusals if "source_arn" in r
    )


def test_a_missing_permission_is_added_again(aws: None, tmp_path: Path) -> None:
    apply()
    boto3.client("lambda", region_name="us-east-1").remove_permission(
        FunctionName="worker", StatementId="AllowPartner"
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory), "missing") == [("missing", "aws_lambda_permission.partner", [])]
    calls, _ = plan_calls(tmp_path, directory)
    lambda_calls = [c for c in calls if c.service == "lambda"]
    assert [c.name for c in lambda_calls] == ["lambda.add_permission"]
    run(lambda_calls)
    assert drifts(scan(directory), "changed", "missing") == []
