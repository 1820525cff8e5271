"""driftctl against `terraform plan -refresh-only` for the serverless types of #26
(helper b-srvless): an EventBridge bus (events.tf); a Lambda alias, a layer version and a
composite alarm over the function's errors (lambda.tf; moto's PutMetricAlarm answers
PutCompositeAlarm, tests/tf/moto_gaps.py); a schedule group and a schedule in it
(scheduler.tf). A layer version is immutable: its change by hand is its deletion (a
version published by hand beside it is not drift to Terraform, which reads its own
version only).

One stack (tests/tf/stacks/srvless), applied once: driftctl finds no drift and nothing
unmanaged, then one out-of-band change per type is made with boto3, and both tools find
it; nothing else drifts.
"""

from __future__ import annotations

from tests.tf import harness
from tests.tf.checks import DeclaredStackChecks
from tests.tf.group import Group
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_cloudwatch_event_bus.orders", "tags.Owner", "events", "tag_resource",
        {"ResourceARN": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_lambda_alias.live", "description", "lambda", "update_alias",
        {"FunctionName": "srvless-fn", "Name": "live", "Description": "moved by hand"},
    ),
    Change(
        "aws_scheduler_schedule_group.nightly", "tags.Owner", "scheduler", "tag_resource",
        {"ResourceArn": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_scheduler_schedule.hourly", "schedule_expression", "scheduler", "update_schedule",
        {"Name": "srvless-hourly", "GroupName": "srvless-nightly",
         "Description": "the hourly job", "ScheduleExpression": "rate(2 hours)",
         "FlexibleTimeWindow": {"Mode": "OFF"},
         "Target": {"Arn": "${aws_sqs_queue.bus_dlq.arn}", "RoleArn": "${aws_iam_role.fn.arn}",
                    "Input": '{"job":"hourly"}'}},
    ),
    Change(
        "aws_lambda_layer_version.deps", harness.MISSING, "lambda", "delete_layer_version",
        {"LayerName": "srvless-deps", "VersionNumber": 1},
    ),
    Change(
        "aws_cloudwatch_composite_alarm.service", "tags.Owner", "cloudwatch", "tag_resource",
        {"ResourceARN": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_ssm_document.check", "tags.Owner", "ssm", "add_tags_to_resource",
        {"ResourceType": "Document", "ResourceId": "srvless-check-disk",
         "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_ses_domain_identity.mail", harness.MISSING, "ses", "delete_identity",
        {"Identity": "srvless.example.com"},
    ),
]  # fmt: skip

GROUP = Group(
    "srvless",
    CHANGES,
    uncompared={
        "aws_s3_object": "the function's and the layer's code (an object's content is not compared)"
    },
)


class TestServerless(DeclaredStackChecks):
    group = GROUP
