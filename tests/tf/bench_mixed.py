"""The recall stack (tests/tf/stacks/mixed): a small application of common types, and
the out-of-band changes bench/recall.py makes to it.

Not a test suite (pytest collects test_*.py only): many of these types are not compared
by driftctl yet, and the breadth work of #13 adds them one by one; the bench counts
what driftctl misses instead of failing. Its types overlap the breadth groups' (msg,
sec, net, ...) on purpose: the same drift, in a stack none of them wrote.
"""

from __future__ import annotations

from tests.tf.group import Group
from tests.tf.harness import MISSING, Change, Json

CHANGES = [
    # networking
    Change(
        "aws_vpc.x", "enable_dns_support", "ec2", "modify_vpc_attribute",
        {"VpcId": "${self.id}", "EnableDnsSupport": {"Value": False}},
    ),
    Change(
        "aws_subnet.x", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "ops"}]},
    ),
    Change(
        "aws_internet_gateway.x", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "ops"}]},
    ),
    Change(
        "aws_route_table.x", "route", "ec2", "create_route",
        {"RouteTableId": "${self.id}", "DestinationCidrBlock": "192.168.0.0/16",
         "GatewayId": "${aws_internet_gateway.x.id}"},
    ),
    Change(
        "aws_security_group.x", "ingress", "ec2", "authorize_security_group_ingress",
        {"GroupId": "${self.id}", "IpPermissions": [{
            "IpProtocol": "tcp", "FromPort": 22, "ToPort": 22,
            "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}]},
    ),
    Change(
        "aws_eip.x", "tags.Owner", "ec2", "create_tags",
        {"Resources": ["${self.id}"], "Tags": [{"Key": "Owner", "Value": "ops"}]},
    ),
    # the application
    Change(
        "aws_sqs_queue.x", "visibility_timeout_seconds", "sqs", "set_queue_attributes",
        {"QueueUrl": "${self.id}", "Attributes": {"VisibilityTimeout": "120"}},
    ),
    Change(
        "aws_sns_topic.x", "display_name", "sns", "set_topic_attributes",
        {"TopicArn": "${self.arn}", "AttributeName": "DisplayName",
         "AttributeValue": "renamed"},
    ),
    Change(
        "aws_dynamodb_table.x", "tags.Owner", "dynamodb", "tag_resource",
        {"ResourceArn": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "ops"}]},
    ),
    Change(
        "aws_kms_key.x", "description", "kms", "update_key_description",
        {"KeyId": "${self.key_id}", "Description": "changed by hand"},
    ),
    Change(
        "aws_ssm_parameter.x", "value", "ssm", "put_parameter",
        {"Name": "${self.name}", "Value": "debug", "Type": "String", "Overwrite": True},
    ),
    Change(
        "aws_secretsmanager_secret.x", "description", "secretsmanager", "update_secret",
        {"SecretId": "${self.arn}", "Description": "changed by hand"},
    ),
    Change(
        "aws_cloudwatch_log_group.x", "retention_in_days", "logs", "put_retention_policy",
        {"logGroupName": "${self.name}", "retentionInDays": 1},
    ),
    Change(
        "aws_cloudwatch_metric_alarm.x", "tags.Owner", "cloudwatch", "tag_resource",
        {"ResourceARN": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "ops"}]},
    ),
    Change(
        "aws_ecr_repository.x", "image_tag_mutability", "ecr", "put_image_tag_mutability",
        {"repositoryName": "${self.name}", "imageTagMutability": "IMMUTABLE"},
    ),
    Change(
        "aws_route53_record.x", "ttl", "route53", "change_resource_record_sets",
        {"HostedZoneId": "${aws_route53_zone.x.zone_id}", "ChangeBatch": {"Changes": [{
            "Action": "UPSERT", "ResourceRecordSet": {
                "Name": "api.tfx.example", "Type": "A", "TTL": 60,
                "ResourceRecords": [{"Value": "10.50.1.10"}]}}]}},
    ),
    Change(
        "aws_s3_bucket.x", "tags.Owner", "s3", "put_bucket_tagging",
        {"Bucket": "${self.id}", "Tagging": {"TagSet": [
            {"Key": "Team", "Value": "app"}, {"Key": "Owner", "Value": "ops"}]}},
    ),
    Change(
        "aws_iam_role.x", "tags.Owner", "iam", "tag_role",
        {"RoleName": "${self.id}", "Tags": [{"Key": "Owner", "Value": "ops"}]},
    ),
    Change(
        "aws_iam_group.x", "path", "iam", "update_group",
        {"GroupName": "${self.id}", "NewPath": "/humans/"},
        moto_gap="UpdateGroup ignores NewPath unless NewGroupName is given too",
    ),
    # the platform around it
    Change(
        "aws_s3_bucket_versioning.x", "versioning_configuration", "s3", "put_bucket_versioning",
        {"Bucket": "${self.id}", "VersioningConfiguration": {"Status": "Suspended"}},
    ),
    Change(
        "aws_s3_bucket_public_access_block.x", "block_public_policy", "s3",
        "put_public_access_block",
        {"Bucket": "${self.id}", "PublicAccessBlockConfiguration": {
            "BlockPublicAcls": True, "IgnorePublicAcls": True,
            "BlockPublicPolicy": False, "RestrictPublicBuckets": True}},
    ),
    Change(
        "aws_iam_policy.x", "policy", "iam", "create_policy_version",
        {"PolicyArn": "${self.arn}", "SetAsDefault": True, "PolicyDocument": Json({
            "Version": "2012-10-17", "Statement": [{
                "Effect": "Allow", "Action": ["s3:GetObject", "s3:DeleteObject"],
                "Resource": "arn:aws:s3:::tfx-artifacts/*"}]})},
    ),
    Change(
        "aws_iam_role_policy_attachment.x", MISSING, "iam", "detach_role_policy",
        {"RoleName": "tfx-app", "PolicyArn": "${aws_iam_policy.x.arn}"},
    ),
    Change(
        "aws_iam_user.x", "tags.Owner", "iam", "tag_user",
        {"UserName": "${self.id}", "Tags": [{"Key": "Owner", "Value": "ops"}]},
    ),
    Change(
        "aws_lambda_function.x", "memory_size", "lambda", "update_function_configuration",
        {"FunctionName": "${self.id}", "MemorySize": 1024},
    ),
    Change(
        "aws_lambda_event_source_mapping.x", "batch_size", "lambda",
        "update_event_source_mapping", {"UUID": "${self.id}", "BatchSize": 3},
    ),
    Change(
        "aws_cloudwatch_event_rule.x", "schedule_expression", "events", "put_rule",
        {"Name": "tfx-nightly", "Description": "nightly compaction",
         "ScheduleExpression": "cron(0 5 * * ? *)"},
    ),
    Change(
        "aws_network_acl.private", "ingress", "ec2", "create_network_acl_entry",
        {"NetworkAclId": "${self.id}", "RuleNumber": 200, "Protocol": "6",
         "RuleAction": "allow", "Egress": False, "CidrBlock": "0.0.0.0/0",
         "PortRange": {"From": 22, "To": 22}},
    ),
    Change(
        "aws_instance.x", "source_dest_check", "ec2", "modify_instance_attribute",
        {"InstanceId": "${self.id}", "SourceDestCheck": {"Value": False}},
    ),
    Change(
        "aws_ebs_volume.x", "size", "ec2", "modify_volume",
        {"VolumeId": "${self.id}", "Size": 80},
    ),
    # the service's front and its database
    Change(
        "aws_lb.x", "idle_timeout", "elbv2", "modify_load_balancer_attributes",
        {"LoadBalancerArn": "${self.arn}",
         "Attributes": [{"Key": "idle_timeout.timeout_seconds", "Value": "300"}]},
    ),
    Change(
        "aws_lb_target_group.x", "health_check", "elbv2", "modify_target_group",
        {"TargetGroupArn": "${self.arn}", "HealthCheckPath": "/"},
    ),
    Change(
        "aws_lb_listener.x", "port", "elbv2", "modify_listener",
        {"ListenerArn": "${self.arn}", "Port": 8080},
    ),
    Change(
        "aws_autoscaling_group.x", "max_size", "autoscaling", "update_auto_scaling_group",
        {"AutoScalingGroupName": "${self.id}", "MaxSize": 6},
    ),
    Change(
        "aws_db_instance.x", "instance_class", "rds", "modify_db_instance",
        {"DBInstanceIdentifier": "tfx-db", "DBInstanceClass": "db.t3.small",
         "ApplyImmediately": True},
    ),
]  # fmt: skip

GROUP = Group("mixed", CHANGES)
