"""driftctl reports what `terraform plan -refresh-only` reports, for load balancing and
scaling (#13): an application load balancer with its target group, listener and a
listener rule, a launch template, an Auto Scaling group of no instances (terraform waits
on none) with a scaling policy, a target-tracking policy and a lifecycle hook, and a
volume attached to an instance. terraform applies tests/tf/stacks/lb to moto, driftctl finds no
drift, then a person changes one thing per type out of band with boto3, and each tool
says what drifted (tests/tf/checks.py).
"""

from __future__ import annotations

from tests.tf import harness
from tests.tf.checks import StackChecks
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_lb_target_group.web", "deregistration_delay", "elbv2",
        "modify_target_group_attributes",
        {"TargetGroupArn": "${self.arn}",
         "Attributes": [{"Key": "deregistration_delay.timeout_seconds", "Value": "30"}]},
    ),
    Change(
        "aws_lb.web", "idle_timeout", "elbv2", "modify_load_balancer_attributes",
        {"LoadBalancerArn": "${self.arn}",
         "Attributes": [{"Key": "idle_timeout.timeout_seconds", "Value": "120"}]},
    ),
    Change(
        "aws_lb_listener.http", "port", "elbv2", "modify_listener",
        {"ListenerArn": "${self.arn}", "Port": 8080},
    ),
    Change(
        "aws_lb_listener_rule.api", "priority", "elbv2", "set_rule_priorities",
        {"RulePriorities": [{"RuleArn": "${self.arn}", "Priority": 20}]},
    ),
    Change(
        "aws_launch_template.web", "instance_type", "ec2", "create_launch_template_version",
        {"LaunchTemplateId": "${self.id}", "SourceVersion": "1",
         "LaunchTemplateData": {"InstanceType": "t3.small"}},
    ),
    Change(
        "aws_autoscaling_group.web", "max_size", "autoscaling", "update_auto_scaling_group",
        {"AutoScalingGroupName": "${self.name}", "MaxSize": 3},
    ),
    Change(
        "aws_autoscaling_policy.scale_out", "scaling_adjustment", "autoscaling",
        "put_scaling_policy",
        {"AutoScalingGroupName": "lb-web", "PolicyName": "lb-scale-out",
         "AdjustmentType": "ChangeInCapacity", "ScalingAdjustment": 3, "Cooldown": 120},
    ),
    Change(
        "aws_autoscaling_lifecycle_hook.launch", "heartbeat_timeout", "autoscaling",
        "put_lifecycle_hook",
        {"AutoScalingGroupName": "lb-web", "LifecycleHookName": "lb-launch",
         "LifecycleTransition": "autoscaling:EC2_INSTANCE_LAUNCHING",
         "DefaultResult": "CONTINUE", "HeartbeatTimeout": 600},
    ),
    Change(
        "aws_volume_attachment.data", harness.MISSING, "ec2", "detach_volume",
        {"VolumeId": "${aws_ebs_volume.data.id}", "InstanceId": "${aws_instance.db.id}"},
    ),
]  # fmt: skip

GROUP = Group("lb", CHANGES)


class TestLb(StackChecks):
    group = GROUP

    def test_every_declared_resource_is_compared(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        assert summary["compared_share"] == 1.0
        assert summary["declared"] == summary["managed"]
