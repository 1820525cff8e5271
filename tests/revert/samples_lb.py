"""Revert samples of the load balancing and scaling types (merged into samples.SAMPLES)."""

from __future__ import annotations

from typing import Any

TG_ARN = "arn:aws:elasticloadbalancing:us-east-1:123456789012:targetgroup/web/0123456789abcdef"
LB_ARN = "arn:aws:elasticloadbalancing:us-east-1:123456789012:loadbalancer/app/web/0123456789abcdef"
LISTENER_ARN = (
    "arn:aws:elasticloadbalancing:us-east-1:123456789012:listener/app/web/0123456789abcdef/fedcba"
)

# type -> (id, live attrs, declared attrs)
SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_lb_target_group": (
        TG_ARN,
        {
            "name": "web",
            "port": 80,
            "protocol": "HTTP",
            "vpc_id": "vpc-0123",
            "target_type": "instance",
            "deregistration_delay": "30",
            "slow_start": 0,
            "load_balancing_algorithm_type": "round_robin",
            "stickiness": {"enabled": False, "type": "lb_cookie"},
            "health_check": {"path": "/", "interval": 30},
            "tags": {"a": "1"},
        },
        {
            "name": "web",
            "port": 80,
            "protocol": "HTTP",
            "vpc_id": "vpc-0123",
            "target_type": "instance",
            "deregistration_delay": "60",
            "slow_start": 30,
            "load_balancing_algorithm_type": "least_outstanding_requests",
            "stickiness": {"enabled": True, "type": "lb_cookie", "cookie_duration": 3600},
            "health_check": {"path": "/health", "interval": 10, "matcher": "200"},
            "tags": {"b": "2"},
        },
    ),
    "aws_lb": (
        LB_ARN,
        {
            "name": "web",
            "internal": False,
            "load_balancer_type": "application",
            "subnets": ["subnet-0a", "subnet-0b"],
            "security_groups": ["sg-0old"],
            "ip_address_type": "ipv4",
            "idle_timeout": 120,
            "enable_deletion_protection": True,
            "enable_http2": True,
            "drop_invalid_header_fields": False,
            "tags": {"a": "1"},
        },
        {
            "name": "web",
            "internal": False,
            "load_balancer_type": "application",
            "subnets": ["subnet-0a", "subnet-0c"],
            "security_groups": ["sg-0new"],
            "ip_address_type": "dualstack",
            "idle_timeout": 60,
            "enable_deletion_protection": False,
            "enable_http2": False,
            "drop_invalid_header_fields": True,
            "tags": {"b": "2"},
        },
    ),
    "aws_lb_listener": (
        LISTENER_ARN,
        {
            "load_balancer_arn": LB_ARN,
            "port": 8080,
            "protocol": "HTTP",
            "default_action": [{"type": "forward", "target_group_arn": TG_ARN}],
            "tags": {"a": "1"},
        },
        {
            "load_balancer_arn": LB_ARN,
            "port": 443,
            "protocol": "HTTPS",
            "ssl_policy": "ELBSecurityPolicy-2016-08",
            "certificate_arn": "arn:aws:acm:us-east-1:123456789012:certificate/abc",
            "default_action": [
                {
                    "type": "redirect",
                    "redirect": [{"protocol": "HTTPS", "port": "443", "status_code": "HTTP_301"}],
                }
            ],
            "tags": {"b": "2"},
        },
    ),
    "aws_lb_listener_rule": (
        LISTENER_ARN.replace(":listener/", ":listener-rule/") + "/0a1b2c",
        {
            "listener_arn": LISTENER_ARN,
            "priority": 20,
            "action": [{"type": "forward", "target_group_arn": TG_ARN}],
            "condition": [{"path_pattern": [{"values": ["/old/*"]}]}],
            "tags": {"a": "1"},
        },
        {
            "listener_arn": LISTENER_ARN,
            "priority": 10,
            "action": [
                {
                    "type": "fixed-response",
                    "fixed_response": [{"content_type": "text/plain", "status_code": "404"}],
                }
            ],
            "condition": [
                {"host_header": [{"values": ["api.example.com"]}]},
                {"http_header": [{"http_header_name": "X-Env", "values": ["prod"]}]},
                {"query_string": [{"key": "v", "value": "2"}]},
            ],
            "tags": {"b": "2"},
        },
    ),
    "aws_launch_template": (
        "lt-0123456789abcdef0",
        {
            "name": "web",
            "default_version": 2,
            "image_id": "ami-0old",
            "instance_type": "t3.small",
            "vpc_security_group_ids": ["sg-0old"],
            "ebs_optimized": "false",
            "monitoring": {"enabled": False},
            "metadata_options": {"http_tokens": "optional"},
            "description": "old",
            "tags": {"a": "1"},
        },
        {
            "name": "web",
            "default_version": 1,
            "image_id": "ami-0new",
            "instance_type": "t3.micro",
            "key_name": "deploy",
            "vpc_security_group_ids": ["sg-0new"],
            "ebs_optimized": "true",
            "monitoring": {"enabled": True},
            "iam_instance_profile": {"name": "web"},
            "metadata_options": {"http_tokens": "required", "http_put_response_hop_limit": 2},
            "description": "new",
            "tags": {"b": "2"},
        },
    ),
    "aws_autoscaling_group": (
        "web",
        {
            "name": "web",
            "min_size": 0,
            "max_size": 3,
            "desired_capacity": 1,
            "default_cooldown": 300,
            "health_check_type": "EC2",
            "health_check_grace_period": 300,
            "vpc_zone_identifier": ["subnet-0a"],
            "launch_template": {"id": "lt-0old", "version": "1"},
            "termination_policies": ["Default"],
            "target_group_arns": [TG_ARN],
            "load_balancers": ["old"],
            "protect_from_scale_in": True,
            "capacity_rebalance": False,
            "max_instance_lifetime": 0,
            "tag": [{"key": "a", "value": "1", "propagate_at_launch": True}],
        },
        {
            "name": "web",
            "min_size": 1,
            "max_size": 2,
            "desired_capacity": 0,
            "default_cooldown": 60,
            "health_check_type": "ELB",
            "health_check_grace_period": 30,
            "vpc_zone_identifier": ["subnet-0a", "subnet-0b"],
            "launch_template": {"id": "lt-0new", "version": "$Latest"},
            "termination_policies": ["OldestInstance"],
            "target_group_arns": [],
            "load_balancers": ["new"],
            "protect_from_scale_in": False,
            "capacity_rebalance": True,
            "max_instance_lifetime": 86400,
            "tag": [{"key": "b", "value": "2", "propagate_at_launch": False}],
        },
    ),
    "aws_autoscaling_policy": (
        "web/scale-out",
        {
            "name": "scale-out",
            "autoscaling_group_name": "web",
            "policy_type": "SimpleScaling",
            "adjustment_type": "ChangeInCapacity",
            "scaling_adjustment": 2,
            "cooldown": 60,
            "enabled": False,
        },
        {
            "name": "scale-out",
            "autoscaling_group_name": "web",
            "policy_type": "TargetTrackingScaling",
            "estimated_instance_warmup": 120,
            "enabled": True,
            "target_tracking_configuration": [
                {
                    "target_value": 50.0,
                    "disable_scale_in": True,
                    "predefined_metric_specification": [
                        {"predefined_metric_type": "ASGAverageCPUUtilization"}
                    ],
                }
            ],
        },
    ),
    "aws_autoscaling_lifecycle_hook": (
        "web/drain",
        {
            "name": "drain",
            "autoscaling_group_name": "web",
            "lifecycle_transition": "autoscaling:EC2_INSTANCE_TERMINATING",
            "default_result": "ABANDON",
            "heartbeat_timeout": 3600,
        },
        {
            "name": "drain",
            "autoscaling_group_name": "web",
            "lifecycle_transition": "autoscaling:EC2_INSTANCE_LAUNCHING",
            "default_result": "CONTINUE",
            "heartbeat_timeout": 300,
            "notification_target_arn": "arn:aws:sqs:us-east-1:123456789012:hooks",
            "role_arn": "arn:aws:iam::123456789012:role/hooks",
            "notification_metadata": "{}",
        },
    ),
    "aws_volume_attachment": (
        "/dev/sdf:vol-0123:i-0123",
        {"device_name": "/dev/sdf", "volume_id": "vol-0123", "instance_id": "i-0123"},
        {"device_name": "/dev/sdg", "volume_id": "vol-0123", "instance_id": "i-0456"},
    ),
}
