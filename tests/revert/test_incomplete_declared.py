"""What an incomplete declared state records (Gap), and what it keeps a revert and a scan
from concluding (#28): the loaders' gaps, their canonical types, the planner's refusal,
the scan's error and not-compared count, and an undo's data lines."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from driftctl.aws.canonical import Declared, canonical_gap
from driftctl.aws.scanner import LiveState
from driftctl.base.calls import Call
from driftctl.base.raw import Gap
from driftctl.core.model import Drift, Resource
from driftctl.declared.cfn.load import load_cloudformation
from driftctl.engine import pipeline
from driftctl.engine.match import Matched
from driftctl.engine.scopes import LiveRun
from driftctl.revert import flow
from driftctl.revert.planner import Plan, Step
from driftctl.revert.state import Scope, World, open_gaps
from driftctl.revert.undo import lost
from tests.declared.hcl.hcltest import load

BUCKET_MODULE = {
    "modules/bucket/main.tf": """
    variable "name" {}
    resource "aws_s3_bucket" "this" { bucket = var.name }
    """
}


def test_a_module_not_installed_may_declare_any_type_and_is_not_loaded_whole(
    tmp_path: Path,
) -> None:
    main = 'module "logs" {\n  source = "terraform-aws-modules/s3-bucket/aws"\n}\n'
    declared = load(tmp_path, {"main.tf": main})
    (gap,) = declared.gaps
    assert gap == Gap(
        "module.logs",
        'module "logs" (source "terraform-aws-modules/s3-bucket/aws", main.tf:1) is not '
        "installed: run `terraform init` (or `terraform get`)",
        None,
        whole=True,
    )


def test_an_unknown_for_each_may_declare_its_type(tmp_path: Path) -> None:
    main = """
    data "aws_vpc" "names" {}
    resource "aws_s3_bucket" "b" {
      for_each = data.aws_vpc.names.tags
      bucket   = each.key
    }
    module "m" {
      count  = length(data.aws_vpc.names.tags)
      source = "./modules/bucket"
      name   = "x"
    }
    """
    declared = load(tmp_path, {**BUCKET_MODULE, "main.tf": main})
    by_where = {g.where: g for g in declared.gaps}
    bucket = by_where["aws_s3_bucket.b"]
    assert bucket.types == frozenset({"aws_s3_bucket"}) and not bucket.whole
    assert bucket.reason == (
        "its for_each (main.tf:2) is unknown: data.aws_vpc.names.tags is read from AWS when "
        "terraform plans"
    )
    assert by_where["module.m"].types is None and not by_where["module.m"].whole


def test_a_gap_s_terraform_types_become_the_canonical_types_they_declare() -> None:
    bucket = canonical_gap(Gap("aws_s3_bucket.b", "why", frozenset({"aws_s3_bucket"})))
    assert bucket.types is not None
    assert {"aws_s3_bucket", "aws_s3_bucket_versioning", "aws_s3_bucket_policy"} <= bucket.types
    rule = canonical_gap(Gap("r", "why", frozenset({"aws_security_group_rule"})))
    assert rule.types == frozenset({"aws_security_group"})  # folded into its group
    assert canonical_gap(Gap("m", "why")).types is None


def test_a_cloudformation_resource_known_only_at_deploy_is_a_gap_of_its_types() -> None:
    template = {
        "Parameters": {"Env": {"Type": "String"}},
        "Conditions": {"Prod": {"Fn::Equals": [{"Ref": "Env"}, "prod"]}},
        "Resources": {
            "Logs": {"Type": "AWS::S3::Bucket", "Condition": "Prod"},
            "Queue": {"Type": "AWS::SQS::Queue"},
        },
    }
    raw = load_cloudformation("stack.yaml", template, {}, {})
    (gap,) = raw.gaps
    assert gap.where == "stack.yaml: Logs"
    assert gap.types is not None and "aws_s3_bucket" in gap.types


def _world(*gaps: Gap) -> World:
    declared = [Resource("aws_sqs_queue", "q", "aws_sqs_queue.q", {})]
    scope = Scope(declared, [], Matched([], [], []))
    return World({("1", "us-east-1"): scope}, "us-east-1", (), gaps)


def _unmanaged(rtype: str) -> Drift:
    return Drift("unmanaged", rtype, "x", None, None, account="1", region="us-east-1")


def test_the_planner_deletes_nothing_a_gap_could_declare() -> None:
    why = "its for_each (main.tf:2) is unknown: x is known after apply"
    world = _world(Gap("aws_route53_record.v", why, frozenset({"aws_route53_record"})))
    assert world.unfounded_delete(_unmanaged("aws_route53_record")) == (
        f"the declared state is incomplete: aws_route53_record.v: {why}; it may declare a "
        "aws_route53_record, so this one is not proven unmanaged"
    )
    assert world.unfounded_delete(_unmanaged("aws_sqs_queue")) is None
    anything = _world(Gap("module.logs", "not installed"))
    refusal = anything.unfounded_delete(_unmanaged("aws_sqs_queue"))
    assert refusal is not None and "may declare a resource of any type" in refusal


def test_a_gap_binding_closed_is_open_no_more() -> None:
    gap = Gap("aws_route53_record.v", "why", frozenset({"aws_route53_record"}))
    other = Gap("aws_route53_record.w", "why", frozenset({"aws_route53_record"}))
    bound = Resource("aws_route53_record", None, 'aws_route53_record.v["a.example"]', {})
    near = Resource("aws_route53_record", None, "aws_route53_record.vv", {})
    assert open_gaps([gap, other], [bound, near]) == [other]


def test_a_state_not_loaded_whole_is_an_error_and_compares_no_unmanaged() -> None:
    live = [Resource("aws_sqs_queue", "https://q/1", None, {"name": "one"})]
    gap = Gap("module.logs", "not installed", None, whole=True)
    report = pipeline.build_report(Declared([], gaps=[gap]), LiveState(live, [], set()))
    assert report.drifts == ()
    assert report.summary["not_compared"] == 1
    assert [e.to_json() for e in pipeline.declared_errors(Declared([], gaps=[gap]))] == [
        {"scope": "declared", "message": "module.logs: not installed"}
    ]
    partial = Gap("aws_sqs_queue.q", "for_each unknown", frozenset({"aws_sqs_queue"}))
    assert pipeline.declared_errors(Declared([], gaps=[partial])) == []
    reported = pipeline.build_report(Declared([], gaps=[partial]), LiveState(live, [], set()))
    assert [d.kind for d in reported.drifts] == ["unmanaged"]  # a warning, not an error


def test_an_undo_says_which_data_comes_back_empty() -> None:
    call = (Call("dynamodb", "create_table", {}, "us-east-1"),)
    call_free = Step("missing", "aws_dynamodb_table", "aws_dynamodb_table.a", "a", None)
    table = Step("missing", "aws_dynamodb_table", "aws_dynamodb_table.b", "b", None, calls=call)
    role = Step("missing", "aws_iam_role", "aws_iam_role.r", "r", None, calls=call)
    assert lost([call_free, table, role]) == [
        "aws_dynamodb_table.b: re-created empty: the data is lost"
    ]


def test_an_empty_plan_over_drift_says_why_nothing_is_reverted() -> None:
    changed = Drift("changed", "aws_vpc", "vpc-1", "aws_vpc.a", None)
    unsure = dataclasses.replace(_unmanaged("aws_s3_bucket"), observe_only=True)
    assert flow._no_revert_rule(Plan([]), [], []) is None
    assert flow._no_revert_rule(Plan([], ["not deleting ..."]), [changed], []) is None
    text = flow._no_revert_rule(Plan([]), [changed, unsure], [])
    assert text is not None and text.startswith(
        "the scan found 2 drifts (1 changed, 1 unmanaged), and 1 of them is never reverted "
        "(observe-only, or unmanaged where a declaration whose name is known only after "
        "apply may be it) and no rule asks for `revert` of the rest: "
    )
    only = flow._no_revert_rule(Plan([]), [unsure], [])
    assert only is not None and "drift (1 unmanaged), and it is never reverted (" in only


def test_declared_in_an_unscanned_region_counts_unless_another_shard_reads_it() -> None:
    here = Resource("aws_sqs_queue", None, "aws_sqs_queue.a", {"name": "a"}, region="us-east-1")
    away = Resource("aws_sqs_queue", None, "aws_sqs_queue.b", {"name": "b"}, region="eu-west-1")
    declared = Declared([here, away], read=2)
    pairs = [("1", "global"), ("1", "us-east-1")]
    run = LiveRun({"1": LiveState([], [], set())}, pairs, "us-east-1")
    summary = pipeline.scan_report(declared, run).summary
    assert (summary["declared"], summary["not_compared"], summary["missing"]) == (2, 1, 1)
    assert summary["compared_share"] == 0.5
    shard = pipeline.scan_report(declared, dataclasses.replace(run, sharded=True)).summary
    assert (shard["declared"], shard["not_compared"], shard["compared_share"]) == (1, 0, 1.0)
